package io.mars.common.io;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.operand.dataframe.CompareOp;
import io.mars.common.operand.dataframe.RowPredicate;
import io.mars.types.DType;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * What Mars needs of Parquet files before reading their data: a file's flat schema as dataframe columns, its footer,
 * and whether a row group's statistics leave any chance that a row passes a filter.
 */
public final class ParquetFiles {
    /**
     * The configuration of Parquet reads: Hadoop's, with parquet-hadoop's vectored reads off (reads go through
     * {@link CountingInputFile}'s byte-array stream, which offers none).
     */
    private static final org.apache.hadoop.conf.Configuration READ_CONF = readConf();

    private ParquetFiles() {
    }

    private static org.apache.hadoop.conf.Configuration readConf() {
        org.apache.hadoop.conf.Configuration c = new org.apache.hadoop.conf.Configuration(HadoopFiles.conf());
        c.setBoolean("parquet.hadoop.vectored.io.enabled", false);
        return c;
    }

    private static final java.util.concurrent.atomic.LongAdder BYTES_READ = new java.util.concurrent.atomic.LongAdder();

    /** Footers kept by {@link #open}, by file, length and modification time; at most {@value #FOOTERS_KEPT}. */
    private static final Map<FooterKey, ParquetMetadata> FOOTERS = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<FooterKey, ParquetMetadata> eldest) {
            return size() > FOOTERS_KEPT;
        }
    };
    private static final int FOOTERS_KEPT = 512;

    /** A file as it was when its footer was read: a rewritten file has another length or modification time. */
    private record FooterKey(String file, long length, long modified) {
    }

    /**
     * An open reader of a Parquet file, its reads counted in {@link #bytesRead()}; the caller closes it. The footer
     * of a file this process read before, unchanged since (same length and modification time), is not read and
     * parsed again: a query reads each file's footer once when it is tiled and once per row group it reads, and the
     * next query the same again (the footers of SF 1's lineitem took ~7% of all 22 queries' CPU).
     */
    public static ParquetFileReader open(String file) throws IOException {
        Path p = new Path(file);
        org.apache.hadoop.fs.FileSystem fs = HadoopFiles.fileSystem(p);
        org.apache.hadoop.fs.FileStatus status = fs.getFileStatus(p);
        CountingInputFile in = new CountingInputFile(fs, p, status.getLen(), BYTES_READ);
        org.apache.parquet.ParquetReadOptions options = org.apache.parquet.HadoopReadOptions.builder(READ_CONF)
                .withCodecFactory(new SnappyPageCodecs(
                        org.apache.parquet.hadoop.util.HadoopCodecs.newFactory(READ_CONF, 0)))
                .build();
        FooterKey key = new FooterKey(status.getPath().toString(), status.getLen(), status.getModificationTime());
        ParquetMetadata footer;
        synchronized (FOOTERS) {
            footer = FOOTERS.get(key);
        }
        if (footer == null) {
            ParquetFileReader reader = new ParquetFileReader(in, options);
            synchronized (FOOTERS) {
                FOOTERS.put(key, reader.getFooter());
            }
            return reader;
        }
        org.apache.parquet.io.SeekableInputStream stream = in.newStream();
        try {
            return new ParquetFileReader(in, footer, options, stream);
        } catch (IOException | RuntimeException e) {
            stream.close();
            throw e;
        }
    }

    /** Bytes this process has read from Parquet files (footers, column chunks), through any file system. */
    public static long bytesRead() {
        return BYTES_READ.sum();
    }

    /** A column of a file: its name and the dataframe type it is read as. */
    public record FileColumn(String name, DType dtype) {
    }

    public static ParquetMetadata footer(String file) {
        try (ParquetFileReader r = open(file)) {
            return r.getFooter();
        } catch (IOException e) {
            throw HadoopFiles.ioFailed("cannot read the Parquet footer of " + file, e);
        } catch (RuntimeException e) {
            throw new MarsException(ErrorCode.UNSUPPORTED_FILE_FORMAT, "cannot read " + file + " as Parquet: " + e, e);
        }
    }

    /** The columns of a file's schema, in order; UNSUPPORTED_FILE_FORMAT for nested or repeated ones. */
    public static List<FileColumn> columns(String file, MessageType schema) {
        List<FileColumn> out = new ArrayList<>(schema.getFieldCount());
        for (Type f : schema.getFields()) {
            if (!f.isPrimitive() || f.isRepetition(Type.Repetition.REPEATED)) {
                throw new MarsException(ErrorCode.UNSUPPORTED_FILE_FORMAT, "column '" + f.getName() + "' of " + file
                        + " is nested or repeated (" + f + "); dataframes read flat Parquet columns only");
            }
            out.add(new FileColumn(f.getName(), dtype(file, f.asPrimitiveType())));
        }
        return out;
    }

    /** The dataframe type of a Parquet column. */
    public static DType dtype(String file, PrimitiveType t) {
        LogicalTypeAnnotation logical = t.getLogicalTypeAnnotation();
        switch (t.getPrimitiveTypeName()) {
            case BOOLEAN:
                return DType.BOOL;
            case INT32:
                if (logical == null || logical instanceof LogicalTypeAnnotation.IntLogicalTypeAnnotation i
                        && (i.isSigned() || i.getBitWidth() < 32)) {
                    return DType.INT32;
                }
                if (logical instanceof LogicalTypeAnnotation.DateLogicalTypeAnnotation) {
                    return DType.TIMESTAMP;
                }
                break;
            case INT64:
                if (logical == null || logical instanceof LogicalTypeAnnotation.IntLogicalTypeAnnotation i
                        && i.isSigned()) {
                    return DType.INT64;
                }
                if (logical instanceof LogicalTypeAnnotation.TimestampLogicalTypeAnnotation) {
                    return DType.TIMESTAMP;
                }
                break;
            case INT96:
                return DType.TIMESTAMP;
            case FLOAT:
                return DType.FLOAT32;
            case DOUBLE:
                return DType.FLOAT64;
            case BINARY:
                if (logical == null || logical instanceof LogicalTypeAnnotation.StringLogicalTypeAnnotation
                        || logical instanceof LogicalTypeAnnotation.EnumLogicalTypeAnnotation
                        || logical instanceof LogicalTypeAnnotation.JsonLogicalTypeAnnotation) {
                    return DType.STRING;
                }
                break;
            default:
                break;
        }
        throw new MarsException(ErrorCode.UNSUPPORTED_FILE_FORMAT, "column '" + t.getName() + "' of " + file
                + " has Parquet type " + t + ", which dataframes do not read; supported are boolean, int32, int64,"
                + " float, double, strings, timestamps and dates");
    }

    /** Nanoseconds per unit of an int64 or int32 timestamp column's stored values. */
    public static long nanosPerUnit(PrimitiveType t) {
        LogicalTypeAnnotation logical = t.getLogicalTypeAnnotation();
        if (logical instanceof LogicalTypeAnnotation.TimestampLogicalTypeAnnotation ts) {
            return switch (ts.getUnit()) {
                case MILLIS -> 1_000_000L;
                case MICROS -> 1_000L;
                case NANOS -> 1L;
            };
        }
        if (logical instanceof LogicalTypeAnnotation.DateLogicalTypeAnnotation) {
            return 86_400_000_000_000L;
        }
        return 1;
    }

    /**
     * Whether row group {@code block} may hold a row passing every term of {@code filter}, judged from its column
     * statistics (a group without statistics for a term's column may).
     */
    public static boolean mayMatch(BlockMetaData block, MessageType schema, List<RowPredicate> filter) {
        for (RowPredicate p : filter) {
            ColumnChunkMetaData chunk = null;
            for (ColumnChunkMetaData c : block.getColumns()) {
                if (c.getPath().toDotString().equals(p.column())) {
                    chunk = c;
                }
            }
            if (chunk == null) {
                continue;
            }
            Statistics<?> stats = chunk.getStatistics();
            if (stats == null || stats.isEmpty()) {
                continue;
            }
            if (!stats.hasNonNullValue()) {
                if (stats.isNumNullsSet() && stats.getNumNulls() == block.getRowCount()) {
                    return false; // only nulls: no term passes a null
                }
                continue;
            }
            PrimitiveType type = schema.getType(p.column()).asPrimitiveType();
            if (type.getPrimitiveTypeName() == PrimitiveType.PrimitiveTypeName.INT96) {
                continue;
            }
            if (isNaN(stats.genericGetMin()) || isNaN(stats.genericGetMax())) {
                continue; // a NaN bound says nothing of the order of the values
            }
            int minCmp = compare(stats.genericGetMin(), type, p);
            int maxCmp = compare(stats.genericGetMax(), type, p);
            if (!rangeMayPass(p.op(), minCmp, maxCmp)) {
                return false;
            }
        }
        return true;
    }

    /** Whether some value v with min <= v <= max may pass, given the signs of min and max compared to the literal. */
    static boolean rangeMayPass(CompareOp op, int minCmp, int maxCmp) {
        return switch (op) {
            case EQ -> minCmp <= 0 && maxCmp >= 0;
            case NE -> !(minCmp == 0 && maxCmp == 0);
            case LT -> minCmp < 0;
            case LE -> minCmp <= 0;
            case GT -> maxCmp > 0;
            case GE -> maxCmp >= 0;
        };
    }

    /** The sign of {@code value - literal} for a statistics value of a column of {@code type}. */
    static int compare(Object value, PrimitiveType type, RowPredicate p) {
        if (value instanceof Binary b) {
            return compareUtf8(b.getBytes(), p.text().getBytes(StandardCharsets.UTF_8));
        }
        if (value instanceof Boolean bool) {
            return Long.compare(bool ? 1 : 0, p.number().intValue());
        }
        Number n = (Number) value;
        boolean integer = value instanceof Integer || value instanceof Long;
        if (integer && p.number().kind() != io.mars.types.DataType.Kind.FLOAT) {
            return Long.compare(n.longValue() * nanosPerUnit(type), p.number().intValue());
        }
        double v = integer ? n.longValue() * nanosPerUnit(type) : n.doubleValue();
        double literal = p.number().realValue();
        return v < literal ? -1 : v > literal ? 1 : 0; // IEEE order, as the rows are compared: -0.0 equals 0.0
    }

    private static boolean isNaN(Object statistic) {
        return statistic instanceof Double d && d.isNaN() || statistic instanceof Float f && f.isNaN();
    }

    /** Unsigned byte order of UTF-8, which is code point order (Python's string order). */
    public static int compareUtf8(byte[] a, byte[] b) {
        int n = Math.min(a.length, b.length);
        for (int i = 0; i < n; i++) {
            int c = Integer.compare(a[i] & 0xff, b[i] & 0xff);
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.length, b.length);
    }
}
