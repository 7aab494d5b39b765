package io.mars.common.operand.dataframe;

import java.util.List;
import java.util.Objects;

/**
 * How the CSV files of one {@code readCsv} are laid out: what every chunk needs to split its lines into fields.
 *
 * @param delimiter   the field separator, one character
 * @param header      whether each file's first line is a header (skipped by the chunk that starts the file)
 * @param fileColumns the names of every field of a line, in file order
 * @param nullValues  the strings read as null (pandas' defaults plus the user's)
 */
public record CsvLayout(String delimiter, boolean header, List<String> fileColumns, List<String> nullValues) {
    public CsvLayout {
        Objects.requireNonNull(delimiter, "delimiter");
        if (delimiter.length() != 1) {
            throw new IllegalArgumentException("a CSV delimiter is one character, got '" + delimiter + "'");
        }
        fileColumns = List.copyOf(fileColumns);
        nullValues = List.copyOf(nullValues);
    }
}
