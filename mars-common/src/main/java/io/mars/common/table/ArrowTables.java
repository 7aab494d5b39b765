package io.mars.common.table;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.types.Column;
import io.mars.types.DType;
import io.mars.types.LocalTable;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.util.TransferPair;

/**
 * Conversions between heap tables ({@link LocalTable}, {@link Column}) and Arrow record batches. A float NaN is
 * written as an Arrow null, so in a batch "null" is the one missing-value marker whatever the type.
 */
public final class ArrowTables {
    private ArrowTables() {
    }

    /** The Arrow field of a column of {@code dtype}; every field is nullable. */
    public static Field field(String name, DType dtype) {
        ArrowType t = switch (dtype) {
            case BOOL -> ArrowType.Bool.INSTANCE;
            case INT32 -> new ArrowType.Int(32, true);
            case INT64 -> new ArrowType.Int(64, true);
            case FLOAT32 -> new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
            case FLOAT64 -> new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
            case STRING -> ArrowType.Utf8.INSTANCE;
            case TIMESTAMP -> new ArrowType.Timestamp(TimeUnit.NANOSECOND, null);
            case TIMEDELTA -> new ArrowType.Duration(TimeUnit.NANOSECOND);
        };
        return new Field(name, FieldType.nullable(t), null);
    }

    /** The column type of an Arrow field this class wrote. */
    public static DType dtype(Field f) {
        ArrowType t = f.getType();
        if (t instanceof ArrowType.Bool) {
            return DType.BOOL;
        }
        if (t instanceof ArrowType.Int i) {
            return i.getBitWidth() == 32 ? DType.INT32 : DType.INT64;
        }
        if (t instanceof ArrowType.FloatingPoint p) {
            return p.getPrecision() == FloatingPointPrecision.SINGLE ? DType.FLOAT32 : DType.FLOAT64;
        }
        if (t instanceof ArrowType.Utf8) {
            return DType.STRING;
        }
        if (t instanceof ArrowType.Timestamp) {
            return DType.TIMESTAMP;
        }
        if (t instanceof ArrowType.Duration) {
            return DType.TIMEDELTA;
        }
        throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "Arrow type " + t + " of column '" + f.getName()
                + "' is not supported");
    }

    /** A new batch holding {@code table}, allocated from {@code allocator}; the caller owns it. */
    public static VectorSchemaRoot toArrow(LocalTable table, BufferAllocator allocator) {
        return toArrow(table.columns(), table.rowCount(), allocator);
    }

    /** A new batch of these equally long columns; the caller owns it. */
    public static VectorSchemaRoot toArrow(List<Column> columns, int rows, BufferAllocator allocator) {
        return batch(rows, columns.size(), j -> toVector(columns.get(j), allocator));
    }

    /**
     * A new batch of {@code rows} rows whose column {@code j} is {@code vectorAt.apply(j)}; the vectors made before
     * one that fails are closed, so nothing leaks. The caller owns the batch.
     */
    public static VectorSchemaRoot batch(int rows, int columns, IntFunction<FieldVector> vectorAt) {
        List<FieldVector> vectors = new ArrayList<>(columns);
        try {
            for (int j = 0; j < columns; j++) {
                vectors.add(vectorAt.apply(j));
            }
        } catch (RuntimeException | Error e) {
            vectors.forEach(FieldVector::close);
            throw e;
        }
        VectorSchemaRoot root = new VectorSchemaRoot(vectors);
        root.setRowCount(rows);
        return root;
    }

    /** A new vector holding {@code c}; the caller owns it. */
    public static FieldVector toVector(Column c, BufferAllocator allocator) {
        FieldVector v = field(c.name(), c.dtype()).createVector(allocator);
        int n = c.length();
        try {
            if (c.dtype() == DType.STRING) {
                VarCharVector b = (VarCharVector) v;
                b.allocateNew(n);
                for (int i = 0; i < n; i++) {
                    String s = c.strings().get(i);
                    if (s == null) {
                        b.setNull(i);
                    } else {
                        b.setSafe(i, s.getBytes(StandardCharsets.UTF_8));
                    }
                }
            } else {
                BaseFixedWidthVector b = (BaseFixedWidthVector) v;
                b.allocateNew(n);
                ArrowBuf data = b.getDataBuffer();
                switch (c.dtype()) {
                    case INT64, TIMESTAMP, TIMEDELTA -> ArrowBuffers.putLongs(data, c.longs(), n);
                    case FLOAT64 -> ArrowBuffers.putDoubles(data, c.doubles(), n);
                    case INT32 -> ArrowBuffers.putLongsAsInts(data, c.longs(), n);
                    case FLOAT32 -> ArrowBuffers.putDoublesAsFloats(data, c.doubles(), n);
                    case BOOL -> ArrowBuffers.putLongsAsBits(data, c.longs(), n);
                    default -> throw new IllegalStateException(c.dtype().name());
                }
                ArrowBuffers.setValidity(b.getValidityBuffer(), n, c.nulls(), c.dtype().isFloat() ? c.doubles() : null);
            }
            v.setValueCount(n);
            return v;
        } catch (RuntimeException | Error e) {
            v.close();
            throw e;
        }
    }

    /** A new INT32 vector of the first {@code n} of {@code values}, none null; the caller owns it. */
    public static FieldVector ints(String name, int[] values, int n, BufferAllocator allocator) {
        IntVector v = (IntVector) field(name, DType.INT32).createVector(allocator);
        try {
            v.allocateNew(n);
            ArrowBuffers.putInts(v.getDataBuffer(), values, n);
            ArrowBuffers.setValidity(v.getValidityBuffer(), n, null, null);
            v.setValueCount(n);
            return v;
        } catch (RuntimeException | Error e) {
            v.close();
            throw e;
        }
    }

    /** The column names of a batch's schema, in order. */
    public static List<String> names(VectorSchemaRoot root) {
        return root.getSchema().getFields().stream().map(Field::getName).toList();
    }

    /** The column types of a batch's schema, in order. */
    public static List<DType> dtypes(VectorSchemaRoot root) {
        return root.getSchema().getFields().stream().map(ArrowTables::dtype).toList();
    }

    /** A heap copy of a batch. */
    public static LocalTable toLocal(VectorSchemaRoot root) {
        List<Column> cols = new ArrayList<>(root.getFieldVectors().size());
        for (FieldVector v : root.getFieldVectors()) {
            cols.add(toColumn(v, root.getRowCount()));
        }
        return new LocalTable(cols);
    }

    /** A heap copy of the columns {@code names} of a batch (the others are not read), in that order. */
    public static LocalTable toLocal(VectorSchemaRoot root, List<String> names) {
        List<Column> cols = new ArrayList<>(names.size());
        for (String name : names) {
            cols.add(toColumn(vector(root, name), root.getRowCount()));
        }
        return new LocalTable(cols);
    }

    /** The column {@code name} of a batch; {@code COLUMN_NOT_FOUND} naming the batch's columns when it has none. */
    public static FieldVector vector(VectorSchemaRoot root, String name) {
        FieldVector v = root.getVector(name);
        if (v == null) {
            throw new MarsException(ErrorCode.COLUMN_NOT_FOUND, "column '" + name + "' is not in the chunk's columns "
                    + names(root));
        }
        return v;
    }

    /** A heap copy of the first {@code n} values of a vector. */
    public static Column toColumn(FieldVector v, int n) {
        String name = v.getField().getName();
        DType dtype = dtype(v.getField());
        byte[] nulls = v.getNullCount() > 0 ? ArrowBuffers.nullFlags(v.getValidityBuffer(), n) : null;
        switch (dtype) {
            case BOOL, INT32, INT64, TIMESTAMP, TIMEDELTA -> {
                long[] out = new long[n];
                ArrowBuf data = v.getDataBuffer();
                switch (dtype) {
                    case BOOL -> ArrowBuffers.getBitsAsLongs(data, out, n);
                    case INT32 -> ArrowBuffers.getIntsAsLongs(data, out, n);
                    default -> ArrowBuffers.getLongs(data, out, n);
                }
                if (nulls != null) {
                    for (int i = 0; i < n; i++) {
                        out[i] = nulls[i] != 0 ? 0 : out[i];
                    }
                }
                return new Column(name, dtype, out, null, null, nulls);
            }
            case FLOAT32, FLOAT64 -> {
                double[] out = new double[n];
                if (dtype == DType.FLOAT64) {
                    ArrowBuffers.getDoubles(v.getDataBuffer(), out, n);
                } else {
                    ArrowBuffers.getFloatsAsDoubles(v.getDataBuffer(), out, n);
                }
                if (nulls != null) {
                    for (int i = 0; i < n; i++) {
                        out[i] = nulls[i] != 0 ? Double.NaN : out[i];
                    }
                }
                return new Column(name, dtype, null, out, null, nulls);
            }
            case STRING -> {
                return new Column(name, dtype, null, null, java.util.Arrays.asList(Utf8Strings.decode((VarCharVector) v,
                        n)), nulls);
            }
            default -> throw new IllegalStateException();
        }
    }

    /**
     * Values {@code [from, from + length)} of {@code v} as a new vector named {@code name} sharing its value buffers
     * (no copy; validity bits are copied when {@code from} is not a multiple of 8; the memory is freed when both are
     * closed), accounted to {@code allocator}.
     */
    public static FieldVector share(FieldVector v, String name, int from, int length, BufferAllocator allocator) {
        if (v instanceof BaseFixedWidthVector f && !(v instanceof BitVector) && v.getNullCount() == 0) {
            // no nulls: the value slice is shared and the validity bits are set afresh, none copied bit by bit
            FieldVector out = new Field(name, v.getField().getFieldType(), null).createVector(allocator);
            try {
                int width = f.getTypeWidth();
                ArrowBuf values = v.getDataBuffer().slice((long) from * width, (long) length * width);
                out.loadFieldBuffers(new ArrowFieldNode(length, 0), List.of(v.getValidityBuffer(), values));
                return out;
            } catch (RuntimeException | Error e) {
                out.close();
                throw e;
            }
        }
        TransferPair pair = v.getTransferPair(name, allocator);
        pair.splitAndTransfer(from, length);
        return (FieldVector) pair.getTo();
    }

    /** The heap columns of a chunk, in order. */
    public static List<Column> columns(TableChunk chunk) {
        return toLocal(chunk.root()).columns();
    }

    /** A table of the same columns with no rows. */
    public static LocalTable emptyLike(List<Column> columns) {
        List<Column> out = new ArrayList<>(columns.size());
        for (Column c : columns) {
            out.add(Columns.slice(c, 0, 0));
        }
        return new LocalTable(out);
    }
}
