package io.mars.dataframe;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.operand.dataframe.DataFrameFromLocal;
import io.mars.common.operand.dataframe.DataFrameFromTensor;
import io.mars.tensor.Tensor;
import io.mars.types.Column;
import io.mars.types.DType;
import io.mars.types.LocalTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Static factories of dataframes and series. {@code chunkRows} is the number of rows per chunk; 0 chooses it from
 * {@code mars.tensor.chunk-store-limit} (bytes per chunk) and the column count.
 */
public final class DataFrames {
    private DataFrames() {
    }

    /** A frame of a local table, which travels inside the graph: for data that fits the client's memory. */
    public static DataFrame fromTable(LocalTable table, long chunkRows) {
        checkChunkRows(chunkRows);
        if (!table.hasRangeIndex()) { // --- index --- the labels travel as the chunks' hidden last column
            List<Column> physical = new java.util.ArrayList<>(table.columns());
            physical.add(table.labels().withName(RowLabels.COLUMN));
            String name = table.labels().name().isEmpty() ? null : table.labels().name();
            return new DataFrame(new DataFrameFromLocal(new LocalTable(physical), chunkRows), List.of(),
                    table.columnNames(), table.dtypes(), table.rowCount(), RowLabels.stored(name, table.labels().dtype()));
        }
        return new DataFrame(new DataFrameFromLocal(table, chunkRows), List.of(), table.columnNames(), table.dtypes(),
                table.rowCount());
    }

    public static DataFrame fromTable(LocalTable table) {
        return fromTable(table, 0);
    }

    /**
     * A frame of named columns of boxed values (Boolean, Integer, Long, Float, Double, String, Instant; null for a
     * missing value), in the map's order; each column's type is inferred from its values.
     */
    public static DataFrame fromColumns(Map<String, ? extends List<?>> columns, long chunkRows) {
        List<Column> cols = new ArrayList<>(columns.size());
        for (Map.Entry<String, ? extends List<?>> e : columns.entrySet()) {
            cols.add(Column.of(e.getKey(), Column.infer(e.getKey(), e.getValue()), e.getValue()));
        }
        return fromTable(new LocalTable(cols), chunkRows);
    }

    public static DataFrame fromColumns(Map<String, ? extends List<?>> columns) {
        return fromColumns(columns, 0);
    }

    /** A frame of rows of boxed values, one per column name. */
    public static DataFrame fromRows(List<String> names, List<? extends List<?>> rows, long chunkRows) {
        List<Column> cols = new ArrayList<>(names.size());
        for (int j = 0; j < names.size(); j++) {
            List<Object> values = new ArrayList<>(rows.size());
            for (int i = 0; i < rows.size(); i++) {
                List<?> row = rows.get(i);
                if (row.size() != names.size()) {
                    throw new MarsException(ErrorCode.LENGTH_MISMATCH, "row " + i + " has " + row.size()
                            + " values but there are " + names.size() + " columns " + names);
                }
                values.add(row.get(j));
            }
            cols.add(Column.of(names.get(j), Column.infer(names.get(j), values), values));
        }
        return fromTable(new LocalTable(cols), chunkRows);
    }

    /** A series of boxed values (see {@link #fromColumns}). */
    public static Series series(String name, List<?> values, long chunkRows) {
        return fromColumns(Map.of(name, values), chunkRows).col(name);
    }

    /** A series of one column. */
    public static Series series(Column column, long chunkRows) {
        return fromTable(LocalTable.of(column), chunkRows).col(column.name());
    }

    /**
     * A frame whose columns are those of a 2-d tensor (or the one column of a 1-d tensor), named {@code columns};
     * the tensor's row chunks become the frame's.
     */
    public static DataFrame fromTensor(Tensor tensor, String... columns) {
        long[] shape = tensor.shape();
        long width = shape.length == 2 ? shape[1] : 1;
        if (shape.length < 1 || shape.length > 2) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "fromTensor needs a 1-d or 2-d tensor, got "
                    + shape.length + "-d");
        }
        if (columns.length != width) {
            throw new MarsException(ErrorCode.LENGTH_MISMATCH, "a tensor of " + width + " column(s) needs as many"
                    + " names, got " + columns.length + ": " + List.of(columns));
        }
        DType t = DType.of(tensor.dtype());
        List<DType> types = new ArrayList<>();
        for (int i = 0; i < width; i++) {
            types.add(t);
        }
        return new DataFrame(new DataFrameFromTensor(List.of(columns)), List.of(tensor), List.of(columns), types,
                shape[0]);
    }

    // --- operations (df-ops) ---

    /** pandas' {@code concat(frames)} of frames with the same columns and dtypes: their rows one after the other. */
    public static DataFrame concat(DataFrame... frames) {
        return DataFrameOps.concat(List.of(frames));
    }

    public static DataFrame concat(List<DataFrame> frames) {
        return DataFrameOps.concat(frames);
    }

    /** pandas' {@code concat(series)} of series with one name and dtype. */
    public static Series concat(Series... series) {
        return DataFrameOps.concatSeries(List.of(series));
    }

    // --- IO --- (readCsv, readParquet; the writers are DataFrame.toCsv/toParquet)

    /**
     * A frame of the CSV files at {@code path} (a file, a directory or a glob; local or {@code hdfs://}), read lazily
     * in byte-range chunks on the workers. The column names come from the first file's header (or
     * {@code options.names}); types not given in {@code options} are inferred now, with pandas' rules, from the
     * first {@code options.inferRows} rows (default {@value io.mars.common.io.CsvReader#SAMPLE_ROWS} across the
     * first files' starts; {@code Long.MAX_VALUE} reads every row first, as pandas does), and every chunk reads with
     * those types. A value that does not fit its type fails the task with CSV_MALFORMED_ROW naming the
     * file, line and column.
     */
    public static DataFrame readCsv(String path, CsvOptions options) {
        java.util.Objects.requireNonNull(options, "options");
        List<io.mars.common.io.HadoopFiles.FileEntry> files = io.mars.common.io.HadoopFiles.list(path);
        java.util.Set<String> nulls = new java.util.LinkedHashSet<>(io.mars.common.io.CsvValues.PANDAS_NULLS);
        nulls.addAll(options.nullValues());
        io.mars.common.io.CsvReader.Schema sample = io.mars.common.io.CsvReader.schema(files.stream()
                .map(io.mars.common.io.HadoopFiles.FileEntry::path).toList(),
                options.delimiter(), options.header(), options.names(), nulls, options.inferRows());
        List<String> names = sample.names();
        if (new java.util.HashSet<>(names).size() != names.size()) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "the CSV columns of " + files.get(0).path()
                    + " are not unique: " + names + "; give unique names with CsvOptions.names(...)");
        }
        List<String> named = new ArrayList<>(options.dtypes().keySet());
        named.addAll(options.usecols());
        named.addAll(options.parseDates());
        for (String c : named) {
            if (!names.contains(c)) {
                throw new MarsException(ErrorCode.COLUMN_NOT_FOUND, "column '" + c + "' named in the CSV options is"
                        + " not in " + files.get(0).path() + ", which has " + names);
            }
        }
        List<String> cols = new ArrayList<>();
        List<DType> types = new ArrayList<>();
        for (int j = 0; j < names.size(); j++) {
            String c = names.get(j);
            if (!options.usecols().isEmpty() && !options.usecols().contains(c)) {
                continue;
            }
            DType t = options.dtypes().get(c);
            if (t == null && options.parseDates().contains(c)) {
                t = DType.TIMESTAMP;
            }
            if (t == null) {
                t = sample.types().get(j);
            }
            cols.add(c);
            types.add(t);
        }
        io.mars.common.operand.dataframe.CsvLayout layout = new io.mars.common.operand.dataframe.CsvLayout(
                String.valueOf(options.delimiter()), options.header(), names, List.copyOf(nulls));
        return new DataFrame(new io.mars.common.operand.dataframe.DataFrameReadCsv(path, layout, cols, types,
                options.chunkBytes()), List.of(), cols, types, io.mars.types.Shapes.UNKNOWN);
    }

    public static DataFrame readCsv(String path) {
        return readCsv(path, CsvOptions.defaults());
    }

    /**
     * A frame of the Parquet files at {@code path} (a file, a directory or a glob; local or {@code hdfs://}), one
     * chunk per row group, reading only {@code columns} (empty: all, in file order) and only the rows that pass
     * {@code filter}; row groups whose statistics rule out every row are not read. Without a filter the frame's row
     * count is known from the files' footers (each read once here); with one, only once computed.
     */
    public static DataFrame readParquet(String path, List<String> columns, RowFilter filter) {
        java.util.Objects.requireNonNull(filter, "filter");
        List<io.mars.common.io.HadoopFiles.FileEntry> files = io.mars.common.io.HadoopFiles.list(path);
        String first = files.get(0).path();
        org.apache.parquet.hadoop.metadata.ParquetMetadata firstFooter = io.mars.common.io.ParquetFiles.footer(first);
        List<io.mars.common.io.ParquetFiles.FileColumn> fileColumns = io.mars.common.io.ParquetFiles.columns(first,
                firstFooter.getFileMetaData().getSchema());
        List<String> names = new ArrayList<>();
        List<DType> all = new ArrayList<>();
        for (io.mars.common.io.ParquetFiles.FileColumn c : fileColumns) {
            names.add(c.name());
            all.add(c.dtype());
        }
        for (String c : columns) {
            if (!names.contains(c)) {
                throw new MarsException(ErrorCode.COLUMN_NOT_FOUND, "column '" + c + "' not found in " + first
                        + ", which has " + names);
            }
        }
        filter.check(names, all);
        List<String> cols = new ArrayList<>();
        List<DType> types = new ArrayList<>();
        for (int j = 0; j < names.size(); j++) {
            if (columns.isEmpty() || columns.contains(names.get(j))) {
                cols.add(names.get(j));
                types.add(all.get(j));
            }
        }
        // without a filter the row count is the files' (their footers' row groups, as the tiler cuts the chunks), so
        // the frame has a known shape, as a tensor input of the learn estimators needs; a filtered read's is known
        // only once computed
        long rows = io.mars.types.Shapes.UNKNOWN;
        if (filter.terms().isEmpty()) {
            rows = 0;
            for (io.mars.common.io.HadoopFiles.FileEntry f : files) {
                for (org.apache.parquet.hadoop.metadata.BlockMetaData b
                        : (f.path().equals(first) ? firstFooter : io.mars.common.io.ParquetFiles.footer(f.path()))
                                .getBlocks()) {
                    rows += b.getRowCount();
                }
            }
        }
        return new DataFrame(new io.mars.common.operand.dataframe.DataFrameReadParquet(path, cols, types,
                filter.terms()), List.of(), cols, types, rows);
    }

    public static DataFrame readParquet(String path) {
        return readParquet(path, List.of(), RowFilter.none());
    }

    /**
     * TPC-H table {@code table} (region, nation, supplier, customer, part, partsupp, orders or lineitem) at scale
     * factor {@code scaleFactor}, generated by the workers in {@code parts} chunks (each part its own subtask; the
     * rows are dbgen's whatever the part count; nation and region are always one part). Identifiers and integers
     * are int64, decimals float64, dates datetime64[ns] at midnight UTC.
     */
    public static DataFrame tpch(String table, double scaleFactor, int parts) {
        if (parts < 1) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "a TPC-H table needs at least one part, got " + parts);
        }
        return tpchTable(table, scaleFactor, parts);
    }

    /**
     * TPC-H table {@code table} in parts of about the automatic chunk size, which follows the workers' memory
     * budget (at most a million rows each).
     */
    public static DataFrame tpch(String table, double scaleFactor) {
        return tpchTable(table, scaleFactor, 0);
    }

    private static DataFrame tpchTable(String table, double scaleFactor, int parts) {
        if (!(scaleFactor > 0) || Double.isInfinite(scaleFactor)) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "the TPC-H scale factor must be a positive number, got "
                    + scaleFactor);
        }
        List<String> cols = io.mars.common.io.TpchTables.columns(table);
        List<DType> types = io.mars.common.io.TpchTables.dtypes(table);
        int p = io.mars.common.io.TpchTables.partitioned(table) || parts == 0 ? parts : 1;
        return new DataFrame(new io.mars.common.operand.dataframe.DataFrameTpch(table, scaleFactor, p, cols, types),
                List.of(), cols, types, io.mars.types.Shapes.UNKNOWN);
    }

    // --- end IO ---

    private static void checkChunkRows(long chunkRows) {
        if (chunkRows < 0) {
            throw new MarsException(ErrorCode.INVALID_CHUNK_SIZE, "chunkRows must be >= 0 (0 = automatic), got "
                    + chunkRows);
        }
    }

    /** The value of {@code t} (a frame, series or index) from the table its chunks hold: stored labels become its index. */
    public static LocalTable resultOf(io.mars.common.graph.Tileable t, LocalTable raw) {
        if (t instanceof DataFrame f) {
            return raw.withStoredLabels(RowLabels.COLUMN, f.labels().name());
        }
        if (t instanceof Series s) {
            return raw.withStoredLabels(RowLabels.COLUMN, s.labels().name());
        }
        return raw;
    }

    /**
     * pandas' {@code to_datetime(series, format=format)} of a string series with Python's strptime directives (%Y %y
     * %m %d %H %M %S %f %j %b %B %a %A %p %I %%), as UTC; null and pandas' NaT strings ({@code "NaT"}, {@code "nan"})
     * give NaT. A value that does not match the format, or whose date lies outside datetime64[ns] (1677-09-21 to
     * 2262-04-11), fails the job naming the value (pandas' {@code errors='raise'}).
     */
    public static Series toDatetime(Series strings, String format) {
        return toDatetime(strings, format, "raise");
    }

    /**
     * {@link #toDatetime(Series, String)} with pandas' {@code errors}: {@code "raise"} fails the job at a value it
     * cannot read, {@code "coerce"} makes it NaT. {@code "ignore"} (pandas returns the input unchanged, as text,
     * when any value fails: a dtype that depends on the data) is NOT_SUPPORTED.
     */
    public static Series toDatetime(Series strings, String format, String errors) {
        if (strings.dtype() != io.mars.types.DType.STRING) {
            throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "toDatetime needs a string (object) series, got series '"
                    + strings.name() + "' of " + strings.dtype());
        }
        Timestamps.strptime(java.util.Objects.requireNonNull(format, "format"));
        boolean coerce = coerce("toDatetime", errors);
        return strings.map((io.mars.types.ValueFunction<String, Object>) v -> v == null ? null
                : Timestamps.strptime(v, format, coerce), io.mars.types.DType.TIMESTAMP);
    }

    /**
     * Whether pandas' {@code errors} argument is {@code "coerce"} (else it is {@code "raise"}); {@code "ignore"} is
     * NOT_SUPPORTED and another value INVALID_ARGUMENT.
     */
    private static boolean coerce(String what, String errors) {
        java.util.Objects.requireNonNull(errors, "errors");
        return switch (errors) {
            case "raise" -> false;
            case "coerce" -> true;
            case "ignore" -> throw new MarsException(ErrorCode.NOT_SUPPORTED, what + ": errors='ignore' is not"
                    + " supported: pandas then returns the input unchanged (text) when any value cannot be read, a"
                    + " dtype that depends on the data, which a lazy series does not know when the graph is built;"
                    + " use errors='coerce' (NaT where a value cannot be read) and keep the text where the result is"
                    + " null if you need it");
            default -> throw new MarsException(ErrorCode.INVALID_ARGUMENT, what + ": errors='" + errors + "' is not"
                    + " one of 'raise', 'coerce' or 'ignore'");
        };
    }

    /**
     * pandas' {@code to_timedelta(series)} of a string series: {@code "1 days 02:00:00"}, {@code "-1 days
     * +23:00:00"}, {@code "2 days"}, {@code "02:30:00.5"}, terms of a number and a unit ({@code "1d2h3m4s5ms6us7ns"},
     * {@code "1.5h"}, {@code "15 min"}, {@code "-3 hours"}), ISO 8601 ({@code "P1DT2H"}); null, {@code ""} and
     * {@code "NaT"} give NaT. A value of another form, or beyond timedelta64[ns] (about ±292 years), fails the job
     * naming it (pandas' {@code errors='raise'}).
     */
    public static Series toTimedelta(Series strings) {
        return toTimedelta(strings, null, "raise");
    }

    /**
     * pandas' {@code to_timedelta(series, unit=..., errors=...)}: a string series with no unit (pandas refuses one),
     * read as {@link #toTimedelta(Series)} reads it, where {@code errors="coerce"} makes a value it cannot read (or
     * that does not fit) NaT and {@code "raise"} fails the job naming it; or a numeric series with a unit, as
     * {@link #toTimedelta(Series, String)} (numbers always convert; {@code errors} is only checked). {@code
     * "ignore"} (pandas returns the input unchanged when any value fails: a dtype that depends on the data) is
     * NOT_SUPPORTED.
     */
    public static Series toTimedelta(Series values, String unit, String errors) {
        io.mars.types.DType t = values.dtype();
        if (t != io.mars.types.DType.STRING && (!t.isNumeric() || t == io.mars.types.DType.BOOL)) {
            throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "toTimedelta needs a string (object) series, or an"
                    + " int or float series with a unit, got series '" + values.name() + "' of " + t);
        }
        boolean coerce = coerce("toTimedelta", errors);
        if (t == io.mars.types.DType.STRING) {
            if (unit != null) {
                throw new MarsException(ErrorCode.INVALID_ARGUMENT, "toTimedelta: a string series takes no unit (got"
                        + " unit='" + unit + "'; pandas: unit must not be specified if the input contains a str):"
                        + " give toTimedelta(series, null, errors)");
            }
            return values.map((io.mars.types.ValueFunction<String, Object>) v -> v == null ? null
                    : coerce ? io.mars.types.Timedeltas.parseOrNaT(v) : io.mars.types.Timedeltas.parse(v),
                    io.mars.types.DType.TIMEDELTA);
        }
        if (unit == null) {
            throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "toTimedelta without a unit needs a string (object)"
                    + " series, got series '" + values.name() + "' of " + t + "; give numbers a unit (W, D, h, m, s,"
                    + " ms, us or ns): toTimedelta(series, \"s\") or toTimedelta(series, \"s\", errors)");
        }
        return toTimedelta(values, unit);
    }

    /**
     * pandas' {@code to_timedelta(series, unit=unit)} of a numeric series: each value that many units (W, D, h, m,
     * s, ms, us, ns and pandas' longer names); ints exactly, floats as pandas casts them (the fraction rounded to
     * the unit's precision, then truncated to a nanosecond); null (NaN) gives NaT. Of a string series, which takes
     * no unit, the second argument is pandas' {@code errors}: {@code toTimedelta(strings, "coerce")} is
     * {@code toTimedelta(strings, null, "coerce")}.
     */
    public static Series toTimedelta(Series numbers, String unit) {
        io.mars.types.DType t = numbers.dtype();
        java.util.Objects.requireNonNull(unit, "unit (or errors, for a string series)");
        boolean errorsWord = unit.equals("raise") || unit.equals("coerce") || unit.equals("ignore");
        if (t == io.mars.types.DType.STRING) {
            // the same Java signature serves toTimedelta(strings, errors): a string series takes no unit
            if (!errorsWord) {
                throw new MarsException(ErrorCode.INVALID_ARGUMENT, "toTimedelta: series '" + numbers.name() + "' is"
                        + " text (" + t + "), so its second argument is errors ('raise', 'coerce' or 'ignore'), got '"
                        + unit + "'; a string series takes no unit (pandas: unit must not be specified if the input"
                        + " contains a str)");
            }
            return toTimedelta(numbers, null, unit);
        }
        if (errorsWord) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "toTimedelta: '" + unit + "' is an errors value, not"
                    + " a unit; series '" + numbers.name() + "' of " + t + " takes a unit (W, D, h, m, s, ms, us or"
                    + " ns): toTimedelta(series, unit) or toTimedelta(series, unit, errors)");
        }
        long nanos = io.mars.types.Timedeltas.unitNanos(unit);
        if (!t.isNumeric() || t == io.mars.types.DType.BOOL) {
            throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "toTimedelta(series, unit) needs an int or float"
                    + " series, got series '" + numbers.name() + "' of " + t);
        }
        if (!t.isFloat()) {
            return numbers.astype(io.mars.types.DType.INT64).multiply(nanos).astype(io.mars.types.DType.TIMEDELTA);
        }
        return numbers.map((io.mars.types.ValueFunction<Number, Object>) v -> v == null || Double.isNaN(v.doubleValue())
                ? null : (Object) io.mars.types.Timedeltas.fromNumber(v.doubleValue(), nanos),
                io.mars.types.DType.TIMEDELTA);
    }

    /**
     * pandas' {@code get_dummies(series, prefix)}: a column per value of {@code values} (given by the caller, as for
     * {@link DataFrame#pivotTable}: pandas takes the sorted distinct values, which a lazy series does not know when
     * the graph is built), 1 where the row holds that value and 0 elsewhere (a null row is all 0), int64 (pandas
     * 1.5: uint8, pandas 2: bool). Columns are named {@code prefix_value}, or the value without a prefix.
     */
    public static DataFrame getDummies(Series s, List<?> values, String prefix) {
        if (values == null || values.isEmpty()) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "getDummies: give the values to make columns of");
        }
        DataFrame out = null;
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (Object v : values) {
            String name = (prefix == null ? "" : prefix + "_") + (v instanceof Boolean b ? (b ? "True" : "False")
                    : String.valueOf(v));
            if (!seen.add(name)) {
                throw new MarsException(ErrorCode.INVALID_ARGUMENT, "getDummies: the value " + v + " is listed twice");
            }
            Series one = s.isin(List.of(v)).astype(io.mars.types.DType.INT64).rename(name);
            out = out == null ? one.toFrame() : out.assign(name, one);
        }
        return out;
    }

    /** {@link #getDummies(Series, List, String)} without a prefix. */
    public static DataFrame getDummies(Series s, List<?> values) {
        return getDummies(s, values, null);
    }

    /**
     * pandas' {@code crosstab(index, columns)}: how many rows have each pair of values, a row per value of
     * {@code index} (sorted; nulls left out) and a column per value of {@code columnValues} (given by the caller, as
     * for {@link DataFrame#pivotTable}), int64 with 0 for a pair that never occurs. The two series need different
     * names.
     */
    public static DataFrame crosstab(Series index, Series columns, List<?> columnValues) {
        if (index.name().equals(columns.name())) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "crosstab needs series of different names; both are '"
                    + index.name() + "'");
        }
        DataFrame pairs = index.toFrame().assign(columns.name(), columns);
        DataFrame counts = pairs.pivotTable(index.name(), columns.name(), columns.name(), "size", columnValues);
        DataFrame out = counts;
        for (String c : counts.columns().subList(1, counts.columns().size())) {
            out = out.assign(c, counts.col(c).fillna(0.0).astype(DType.INT64));
        }
        return out;
    }
}
