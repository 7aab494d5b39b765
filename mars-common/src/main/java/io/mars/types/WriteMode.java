package io.mars.types;

/**
 * What a dataframe write ({@code DataFrame.toCsv}, {@code toParquet}) does when its directory already holds files.
 * These are Spark's {@code DataFrameWriter.mode} choices ("error", "overwrite", "append"); pandas has none, since its
 * {@code to_csv} and {@code to_parquet} write one file and replace it.
 */
public enum WriteMode {
    /**
     * The default: the job fails before anything runs (OUTPUT_EXISTS) when the directory holds a file or directory a
     * reader would read (any whose name does not start with {@code _} or {@code .}).
     */
    ERROR_IF_EXISTS,
    /** The directory's content is replaced by the new parts, once every part of the new output was written. */
    OVERWRITE,
    /** The new parts are added beside the existing files, under names that cannot collide with theirs. */
    APPEND
}
