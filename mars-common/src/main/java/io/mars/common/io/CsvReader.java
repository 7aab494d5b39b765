package io.mars.common.io;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.operand.dataframe.ChunkReadCsv;
import io.mars.common.operand.dataframe.CsvLayout;
import io.mars.dataframe.Column;
import io.mars.dataframe.DType;
import io.mars.dataframe.LocalTable;
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
 * on a worker). A row that cannot be read is CSV_MALFORMED_ROW naming the file, the 1-based line and the column.
 */
public final class CsvReader {
    /** Rows of the first file read to infer column types. */
    public static final int SAMPLE_ROWS = 10_000;
    /** Files of a read whose first rows are sampled. */
    public static final int SAMPLE_FILES = 16;

    private CsvReader() {
    }

    /** The header's names (or generated/given names) and the first {@link #SAMPLE_ROWS} rows of a file. */
    public record Sample(List<String> names, List<List<String>> rows) {
    }

    /**
     * The column names of the first file and a type sample: the first rows of each file (of the first
     * {@value #SAMPLE_FILES}), {@value #SAMPLE_ROWS} rows in all, so that a column whose nulls start only in a later
     * file still reads as pandas would read the whole.
     */
    public static Sample sample(List<String> files, char delimiter, boolean header, List<String> names) {
        List<String> cols = null;
        List<List<String>> rows = new ArrayList<>();
        int count = Math.min(files.size(), SAMPLE_FILES);
        int perFile = Math.max(100, SAMPLE_ROWS / count);
        for (int i = 0; i < count && rows.size() < SAMPLE_ROWS; i++) {
            String file = files.get(i);
            Path p = new Path(file);
            FileSystem fs = HadoopFiles.fileSystem(p);
            try (FSDataInputStream in = fs.open(p)) {
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
                int taken = 0;
                while (taken < perFile && rows.size() < SAMPLE_ROWS && t.next(fields)) {
                    if (!t.lastRecordBlank()) {
                        rows.add(List.copyOf(fields));
                        taken++;
                    }
                }
            } catch (IOException e) {
                throw HadoopFiles.ioFailed("cannot read CSV file " + file, e);
            }
        }
        if (!names.isEmpty()) {
            cols = names;
        } else if (cols == null) {
            int width = rows.isEmpty() ? 0 : rows.get(0).size();
            cols = new ArrayList<>();
            for (int i = 0; i < width; i++) {
                cols.add(Integer.toString(i));
            }
        }
        return new Sample(List.copyOf(cols), rows);
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

    /**
     * The rows of the chunk's byte range, only its columns. {@code startState} is the lexer's state at the range's
     * start (ignored for a range starting at 0).
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
        try (FSDataInputStream in = fs.open(p)) {
            long begin = op.start();
            in.seek(begin);
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
            while (t.position() < op.end()) {
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
                                + builders.get(j).dtype() + "; fix the value, or read the column as another dtype"
                                + " (CsvOptions.dtype(\"" + builders.get(j).name() + "\", DType.STRING))");
                    }
                }
            }
            return build(builders);
        } catch (IOException e) {
            throw HadoopFiles.ioFailed("cannot read CSV file " + op.file(), e);
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
        try (InputStream in = fs.open(new Path(file))) {
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
