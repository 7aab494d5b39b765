package io.mars.common.operand.dataframe;

/** The file formats dataframes are written in. */
public enum TableWriteFormat {
    CSV("csv"), PARQUET("parquet");

    private final String extension;

    TableWriteFormat(String extension) {
        this.extension = extension;
    }

    public String extension() {
        return extension;
    }
}
