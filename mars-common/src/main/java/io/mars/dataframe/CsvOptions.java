package io.mars.dataframe;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.types.DType;
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
 * @param inferRows  rows read (when the frame is built) to infer the types not given: default
 *                   {@value io.mars.common.io.CsvReader#SAMPLE_ROWS}, taken across the first files' starts;
 *                   {@code Long.MAX_VALUE} reads every row of every file first, as pandas does
 */
public record CsvOptions(char delimiter, boolean header, List<String> names, Map<String, DType> dtypes,
                         List<String> usecols, Set<String> nullValues, List<String> parseDates, long chunkBytes,
                         long inferRows) {
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
        if (inferRows < 1) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "inferRows must be at least 1 (Long.MAX_VALUE: every"
                    + " row), got " + inferRows + "; give the column types with CsvOptions.dtype(...) instead");
        }
        if (chunkBytes < 0) {
            throw new MarsException(ErrorCode.INVALID_CHUNK_SIZE, "chunkBytes must be >= 0 (0 = "
                    + "mars.dataframe.csv.chunk-bytes), got " + chunkBytes);
        }
    }

    public static CsvOptions defaults() {
        return new CsvOptions(',', true, List.of(), Map.of(), List.of(), Set.of(), List.of(), 0,
                io.mars.common.io.CsvReader.SAMPLE_ROWS);
    }

    public CsvOptions delimiter(char d) {
        return new CsvOptions(d, header, names, dtypes, usecols, nullValues, parseDates, chunkBytes, inferRows);
    }

    public CsvOptions header(boolean h) {
        return new CsvOptions(delimiter, h, names, dtypes, usecols, nullValues, parseDates, chunkBytes, inferRows);
    }

    public CsvOptions names(String... n) {
        return new CsvOptions(delimiter, header, List.of(n), dtypes, usecols,
                nullValues, parseDates, chunkBytes, inferRows);
    }

    public CsvOptions dtype(String column, DType t) {
        Map<String, DType> m = new LinkedHashMap<>(dtypes);
        m.put(Objects.requireNonNull(column, "column"), Objects.requireNonNull(t, "dtype"));
        return new CsvOptions(delimiter, header, names, m, usecols, nullValues, parseDates, chunkBytes, inferRows);
    }

    public CsvOptions usecols(String... cols) {
        return new CsvOptions(delimiter, header, names, dtypes, List.of(cols),
                nullValues, parseDates, chunkBytes, inferRows);
    }

    public CsvOptions nullValues(String... values) {
        return new CsvOptions(delimiter, header, names, dtypes, usecols,
                Set.of(values), parseDates, chunkBytes, inferRows);
    }

    public CsvOptions parseDates(String... cols) {
        return new CsvOptions(delimiter, header, names, dtypes, usecols,
                nullValues, List.of(cols), chunkBytes, inferRows);
    }

    public CsvOptions chunkBytes(long bytes) {
        return new CsvOptions(delimiter, header, names, dtypes, usecols, nullValues, parseDates, bytes, inferRows);
    }

    /** Rows to infer types from; {@code Long.MAX_VALUE} for every row of every file (pandas' way). */
    public CsvOptions inferRows(long rows) {
        return new CsvOptions(delimiter, header, names, dtypes, usecols, nullValues, parseDates, chunkBytes, rows);
    }
}
