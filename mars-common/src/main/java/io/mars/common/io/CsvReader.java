package io.mars.common.io;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.operand.dataframe.ChunkReadCsv;
import io.mars.common.operand.dataframe.CsvLayout;
import io.mars.types.Column;
import io.mars.types.DType;
import io.mars.types.LocalTable;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Reads CSV: the header and a type sample of a file (when a frame is built), and the rows of a byte range (a chunk,
 * on a worker). A compressed file (see {@link FileCompression}) is read decompressed, whole, by one chunk. A row that cannot be read is CSV_MALFORMED_ROW naming the file, the 1-based line and the column.
 */
public final class CsvReader {
    /** Rows read to infer column types, unless the options say otherwise. */
    public static final long SAMPLE_ROWS = 10_000;
    /** Files of a read whose first rows are sampled. */
    public static final int SAMPLE_FILES = 16;

    private CsvReader() {
    }

    /**
     * The column names of a read and the type pandas would give each column, from the rows read.
     *
     * @param rowsRead the rows the types were inferred from
     */
    public record Schema(List<String> names, List<DType> types, long rowsRead) {
        public Schema {
            names = List.copyOf(names);
            types = List.copyOf(types);
        }
    }

    /**
     * The column names of the first file (or {@code names}) and the types of up to {@code maxRows} rows: with
     * {@code Long.MAX_VALUE}, every row of every file, as pandas infers; otherwise the first rows of each file (of
     * the first {@value #SAMPLE_FILES}), {@code maxRows} in all, so that a column whose nulls start only in a later
     * file still reads as pandas would read the whole. A column with no row to look at is object.
     */
    public static Schema schema(List<String> files, char delimiter, boolean header, List<String> names,
                                Set<String> nulls, long maxRows) {
        boolean all = maxRows == Long.MAX_VALUE;
        List<String> cols = names.isEmpty() ? null : names;
        List<CsvValues.TypeGuess> guesses = new ArrayList<>();
        long rows = 0;
        int count = all ? files.size() : Math.min(files.size(), SAMPLE_FILES);
        long perFile = all ? Long.MAX_VALUE : Math.max(100, maxRows / Math.max(1, count));
        for (int i = 0; i < count && rows < maxRows; i++) {
            String file = files.get(i);
            Path p = new Path(file);
            FileSystem fs = HadoopFiles.fileSystem(p);
            try (InputStream in = FileCompression.open(fs, p)) {
                CsvTokenizer t = new CsvTokenizer(in, delimiter, 0);
                List<String> fields = new ArrayList<>();
                if (header) {
                    while (t.next(fields)) {
                        if (!t.lastRecordBlank()) {
                            cols = cols == null ? List.copyOf(fields) : cols;
                            break;
                        }
                    }
                }
                long taken = 0;
                while (taken < perFile && rows < maxRows && t.next(fields)) {
                    if (t.lastRecordBlank()) {
                        continue;
                    }
                    if (cols == null) {
                        cols = numbered(fields.size());
                    }
                    while (guesses.size() < cols.size()) {
                        guesses.add(new CsvValues.TypeGuess());
                    }
                    for (int j = 0; j < cols.size(); j++) {
                        String v = j < fields.size() ? fields.get(j) : null;
                        if (v == null || nulls.contains(v)) {
                            guesses.get(j).addNull();
                        } else if (!guesses.get(j).settled()) {
                            guesses.get(j).add(v);
                        }
                    }
                    taken++;
                    rows++;
                }
            } catch (IOException e) {
                throw readFailed(file, e);
            }
        }
        if (cols == null) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "no columns to parse from " + (count == 1
                    ? "CSV file " + files.get(0) + ": it is empty" : "the " + count + " CSV files " + files
                    + ": they are empty") + " (pandas raises EmptyDataError); give the columns with CsvOptions.names(...)"
                    + " to read an empty frame");
        }
        List<DType> types = new ArrayList<>(cols.size());
        for (int j = 0; j < cols.size(); j++) {
            types.add(rows == 0 ? DType.STRING : guesses.get(j).dtype());
        }
        return new Schema(cols, types, rows);
    }

    private static List<String> numbered(int width) {
        List<String> out = new ArrayList<>(width);
        for (int i = 0; i < width; i++) {
            out.add(Integer.toString(i));
        }
        return out;
    }

    /**
     * The lexer's transfer function over bytes {@code [start, end)} of a file (see {@link CsvStates}): what a later
     * chunk of the file needs to know where its first record starts.
     */
    public static long[] transfer(String file, long start, long end, char delimiter) {
        Path p = new Path(file);
        FileSystem fs = HadoopFiles.fileSystem(p);
        try (FSDataInputStream in = fs.open(p)) {
            in.seek(start);
            return new CsvStates(delimiter).transfer(in, end - start);
        } catch (IOException e) {
            throw HadoopFiles.ioFailed("cannot read CSV file " + file, e);
        }
    }

    /** FILE_IO_FAILED naming the file; for a compressed one, also that its data may be cut short or damaged. */
    private static MarsException readFailed(String file, IOException e) {
        FileCompression c = FileCompression.of(file);
        return HadoopFiles.ioFailed(c == FileCompression.NONE ? "cannot read CSV file " + file : "cannot read "
                + c.label() + "-compressed CSV file " + file + " (is it truncated or corrupt?)", e);
    }

    /**
     * The rows of the chunk's byte range, only its columns. {@code startState} is the lexer's state at the range's
     * start (ignored for a range starting at 0). A compressed file is one range: its decompressed bytes, all of them.
     */
    public static LocalTable read(ChunkReadCsv op, int startState) {
        CsvLayout layout = op.layout();
        Path p = new Path(op.file());
        FileSystem fs = HadoopFiles.fileSystem(p);
        Set<String> nulls = new HashSet<>(layout.nullValues());
        Map<String, Integer> position = new HashMap<>();
        for (int i = 0; i < layout.fileColumns().size(); i++) {
            position.put(layout.fileColumns().get(i), i);
        }
        int width = layout.fileColumns().size();
        int[] fieldOf = new int[op.columns().size()];
        boolean[] keep = new boolean[width];
        List<ColumnBuilder> builders = new ArrayList<>(fieldOf.length);
        for (int j = 0; j < fieldOf.length; j++) {
            fieldOf[j] = position.get(op.columns().get(j));
            keep[fieldOf[j]] = true;
            builders.add(new ColumnBuilder(op.columns().get(j), op.dtypes().get(j), 1024));
        }
        boolean whole = !FileCompression.of(op.file()).splittable();
        long begin = whole ? 0 : op.start();
        long end = whole ? Long.MAX_VALUE : op.end();
        try (InputStream in = begin == 0 ? FileCompression.open(fs, p) : openAt(fs, p, begin)) {
            char delimiter = layout.delimiter().charAt(0);
            CsvTokenizer t = new CsvTokenizer(in, delimiter, begin);
            if (begin > 0 && !t.skipToRecordStart(new CsvStates(delimiter), startState)) {
                return build(builders);
            }
            List<String> fields = new ArrayList<>(width);
            if (begin == 0 && layout.header()) {
                while (t.next(fields) && t.lastRecordBlank()) {
                    // blank lines before the header
                }
            }
            while (t.position() < end) {
                long recordStart = t.position();
                if (!t.next(fields, keep)) {
                    break;
                }
                if (t.lastRecordBlank()) {
                    continue;
                }
                if (fields.size() > width) {
                    throw malformed(op, fs, recordStart, null, "it has " + fields.size() + " fields but the file has "
                            + width + " columns " + layout.fileColumns()
                            + "; quote fields that hold the delimiter, or fix the row");
                }
                for (int j = 0; j < fieldOf.length; j++) {
                    int f = fieldOf[j];
                    String v = f < fields.size() ? fields.get(f) : null;
                    if (v == null || nulls.contains(v)) {
                        builders.get(j).addNull();
                    } else if (!add(builders.get(j), v)) {
                        throw malformed(op, fs, recordStart, builders.get(j).name(), "cannot read '" + v + "' as "
                                + builders.get(j).dtype() + "; fix the value, read the column as another dtype"
                                + " (CsvOptions.dtype(\"" + builders.get(j).name() + "\", DType.STRING)), or, if"
                                + " its type was inferred from the first rows, infer it from every row"
                                + " (CsvOptions.inferRows(Long.MAX_VALUE))");
                    }
                }
            }
            return build(builders);
        } catch (IOException e) {
            throw readFailed(op.file(), e);
        }
    }

    private static InputStream openAt(FileSystem fs, Path p, long offset) throws IOException {
        FSDataInputStream in = fs.open(p);
        try {
            in.seek(offset);
            return in;
        } catch (IOException e) {
            in.close();
            throw e;
        }
    }

    private static boolean add(ColumnBuilder b, String v) {
        switch (b.dtype()) {
            case BOOL -> {
                if (CsvValues.isTrue(v)) {
                    b.addLong(1);
                } else if (CsvValues.isFalse(v)) {
                    b.addLong(0);
                } else {
                    return false;
                }
            }
            case INT32, INT64 -> {
                Long l = CsvValues.parseLong(v);
                if (l == null || b.dtype() == DType.INT32 && (l < Integer.MIN_VALUE || l > Integer.MAX_VALUE)) {
                    return false;
                }
                b.addLong(l);
            }
            case FLOAT32, FLOAT64 -> {
                Double d = CsvValues.parseDouble(v);
                if (d == null) {
                    return false;
                }
                b.addDouble(b.dtype() == DType.FLOAT32 ? (float) (double) d : d);
            }
            case TIMESTAMP -> {
                Long ns = CsvValues.parseTimestamp(v);
                if (ns == null) {
                    return false;
                }
                b.addLong(ns);
            }
            case TIMEDELTA -> {
                Long ns;
                try {
                    ns = io.mars.types.Timedeltas.parse(v);
                } catch (io.mars.common.error.MarsException e) {
                    return false;
                }
                if (ns == null) {
                    return false;
                }
                b.addLong(ns);
            }
            case STRING -> b.addString(v);
        }
        return true;
    }

    private static LocalTable build(List<ColumnBuilder> builders) {
        List<Column> cols = new ArrayList<>(builders.size());
        for (ColumnBuilder b : builders) {
            cols.add(b.build());
        }
        return new LocalTable(cols);
    }

    /** The error of a bad row, with its 1-based line number in the file (counted only now, on this rare path). */
    private static MarsException malformed(ChunkReadCsv op, FileSystem fs, long recordStart, String column,
                                           String why) {
        long line = lineAt(fs, op.file(), recordStart);
        return new MarsException(ErrorCode.CSV_MALFORMED_ROW, "malformed CSV row in file " + op.file() + ", line "
                + line + (column == null ? "" : ", column '" + column + "'") + ": " + why);
    }

    private static long lineAt(FileSystem fs, String file, long offset) {
        long line = 1;
        try (InputStream in = FileCompression.open(fs, new Path(file))) {
            byte[] buf = new byte[1 << 16];
            long left = offset;
            while (left > 0) {
                int n = in.read(buf, 0, (int) Math.min(buf.length, left));
                if (n <= 0) {
                    break;
                }
                for (int i = 0; i < n; i++) {
                    if (buf[i] == '\n') {
                        line++;
                    }
                }
                left -= n;
            }
        } catch (IOException e) {
            return -1;
        }
        return line;
    }
}
