package io.mars.dataframe;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * How {@link DataFrames#readCsv} reads CSV files, with pandas' {@code read_csv} names. Start from {@link #defaults()}
 * and change what differs: {@code CsvOptions.defaults().delimiter(';').usecols("a", "b")}.
 *
 * @param delimiter  the field separator (pandas' {@code sep}), default {@code ','}
 * @param header     whether each file's first line holds the column names (pandas' {@code header=0}); without a
 *                   header the columns are named {@code names} or {@code "0", "1", ...}
 * @param names      column names to use instead of the header's (empty: the header's)
 * @param dtypes     column types by name; the other columns' types are inferred from a sample of the first file
 * @param usecols    the columns to read, in any order (the frame keeps the file's order); empty: all
 * @param nullValues strings read as null besides pandas' defaults ({@code "", "NA", "NaN", "null", ...})
 * @param parseDates columns read as timestamps ({@code 2024-01-31}, {@code 2024-01-31 12:00:00[.fff]}, or with
 *                   {@code T})
 * @param chunkBytes bytes of file per chunk; 0 takes {@code mars.dataframe.csv.chunk-bytes} (64 MiB)
 */
public record CsvOptions(char delimiter, boolean header, List<String> names, Map<String, DType> dtypes,
                         List<String> usecols, Set<String> nullValues, List<String> parseDates, long chunkBytes) {
    public CsvOptions {
        names = List.copyOf(names);
        dtypes = Map.copyOf(dtypes);
        usecols = List.copyOf(usecols);
        nullValues = Set.copyOf(nullValues);
        parseDates = List.copyOf(parseDates);
        if (delimiter == '"' || delimiter == '\n' || delimiter == '\r') {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "a CSV delimiter cannot be a quote or a line break,"
                    + " got " + (int) delimiter + "; use ',', ';', '\\t' or '|'");
        }
        if (chunkBytes < 0) {
            throw new MarsException(ErrorCode.INVALID_CHUNK_SIZE, "chunkBytes must be >= 0 (0 = "
                    + "mars.dataframe.csv.chunk-bytes), got " + chunkBytes);
        }
    }

    public static CsvOptions defaults() {
        return new CsvOptions(',', true, List.of(), Map.of(), List.of(), Set.of(), List.of(), 0);
    }

    public CsvOptions delimiter(char d) {
        return new CsvOptions(d, header, names, dtypes, usecols, nullValues, parseDates, chunkBytes);
    }

    public CsvOptions header(boolean h) {
        return new CsvOptions(delimiter, h, names, dtypes, usecols, nullValues, parseDates, chunkBytes);
    }

    public CsvOptions names(String... n) {
        return new CsvOptions(delimiter, header, List.of(n), dtypes, usecols, nullValues, parseDates, chunkBytes);
    }

    public CsvOptions dtype(String column, DType t) {
        Map<String, DType> m = new LinkedHashMap<>(dtypes);
        m.put(Objects.requireNonNull(column, "column"), Objects.requireNonNull(t, "dtype"));
        return new CsvOptions(delimiter, header, names, m, usecols, nullValues, parseDates, chunkBytes);
    }

    public CsvOptions usecols(String... cols) {
        return new CsvOptions(delimiter, header, names, dtypes, List.of(cols), nullValues, parseDates, chunkBytes);
    }

    public CsvOptions nullValues(String... values) {
        return new CsvOptions(delimiter, header, names, dtypes, usecols, Set.of(values), parseDates, chunkBytes);
    }

    public CsvOptions parseDates(String... cols) {
        return new CsvOptions(delimiter, header, names, dtypes, usecols, nullValues, List.of(cols), chunkBytes);
    }

    public CsvOptions chunkBytes(long bytes) {
        return new CsvOptions(delimiter, header, names, dtypes, usecols, nullValues, parseDates, bytes);
    }
}
