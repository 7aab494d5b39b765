package io.mars.common.table;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.dataframe.Column;
import io.mars.dataframe.DType;
import io.mars.dataframe.LocalTable;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampNanoVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

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
        throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "Arrow type " + t + " of column '" + f.getName()
                + "' is not supported");
    }

    /** A new batch holding {@code table}, allocated from {@code allocator}; the caller owns it. */
    public static VectorSchemaRoot toArrow(LocalTable table, BufferAllocator allocator) {
        return toArrow(table.columns(), table.rowCount(), allocator);
    }

    /** A new batch of these equally long columns; the caller owns it. */
    public static VectorSchemaRoot toArrow(List<Column> columns, int rows, BufferAllocator allocator) {
        List<FieldVector> vectors = new ArrayList<>(columns.size());
        try {
            for (Column c : columns) {
                vectors.add(toVector(c, allocator));
            }
        } catch (RuntimeException e) {
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
            switch (c.dtype()) {
                case BOOL -> {
                    BitVector b = (BitVector) v;
                    b.allocateNew(n);
                    for (int i = 0; i < n; i++) {
                        if (c.isNull(i)) {
                            b.setNull(i);
                        } else {
                            b.set(i, c.longs()[i] != 0 ? 1 : 0);
                        }
                    }
                }
                case INT32 -> {
                    IntVector b = (IntVector) v;
                    b.allocateNew(n);
                    for (int i = 0; i < n; i++) {
                        if (c.isNull(i)) {
                            b.setNull(i);
                        } else {
                            b.set(i, (int) c.longs()[i]);
                        }
                    }
                }
                case INT64 -> {
                    BigIntVector b = (BigIntVector) v;
                    b.allocateNew(n);
                    for (int i = 0; i < n; i++) {
                        if (c.isNull(i)) {
                            b.setNull(i);
                        } else {
                            b.set(i, c.longs()[i]);
                        }
                    }
                }
                case TIMESTAMP -> {
                    TimeStampNanoVector b = (TimeStampNanoVector) v;
                    b.allocateNew(n);
                    for (int i = 0; i < n; i++) {
                        if (c.isNull(i)) {
                            b.setNull(i);
                        } else {
                            b.set(i, c.longs()[i]);
                        }
                    }
                }
                case FLOAT32 -> {
                    Float4Vector b = (Float4Vector) v;
                    b.allocateNew(n);
                    for (int i = 0; i < n; i++) {
                        if (c.isNull(i)) {
                            b.setNull(i);
                        } else {
                            b.set(i, (float) c.doubles()[i]);
                        }
                    }
                }
                case FLOAT64 -> {
                    Float8Vector b = (Float8Vector) v;
                    b.allocateNew(n);
                    double[] d = c.doubles();
                    byte[] nulls = c.nulls();
                    for (int i = 0; i < n; i++) {
                        if (Double.isNaN(d[i]) || nulls != null && nulls[i] != 0) {
                            b.setNull(i);
                        } else {
                            b.set(i, d[i]);
                        }
                    }
                }
                case STRING -> {
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
                }
                default -> throw new IllegalStateException();
            }
            v.setValueCount(n);
            return v;
        } catch (RuntimeException e) {
            v.close();
            throw e;
        }
    }

    /** A heap copy of a batch. */
    public static LocalTable toLocal(VectorSchemaRoot root) {
        List<Column> cols = new ArrayList<>(root.getFieldVectors().size());
        for (FieldVector v : root.getFieldVectors()) {
            cols.add(toColumn(v, root.getRowCount()));
        }
        return new LocalTable(cols);
    }

    /** A heap copy of the first {@code n} values of a vector. */
    public static Column toColumn(FieldVector v, int n) {
        String name = v.getField().getName();
        DType dtype = dtype(v.getField());
        byte[] nulls = null;
        if (v.getNullCount() > 0) {
            nulls = new byte[n];
            for (int i = 0; i < n; i++) {
                nulls[i] = (byte) (v.isNull(i) ? 1 : 0);
            }
        }
        switch (dtype) {
            case BOOL, INT32, INT64, TIMESTAMP -> {
                long[] out = new long[n];
                if (v instanceof BigIntVector b) {
                    for (int i = 0; i < n; i++) {
                        out[i] = b.isNull(i) ? 0 : b.get(i);
                    }
                } else if (v instanceof IntVector b) {
                    for (int i = 0; i < n; i++) {
                        out[i] = b.isNull(i) ? 0 : b.get(i);
                    }
                } else if (v instanceof BitVector b) {
                    for (int i = 0; i < n; i++) {
                        out[i] = b.isNull(i) ? 0 : b.get(i);
                    }
                } else {
                    TimeStampNanoVector b = (TimeStampNanoVector) v;
                    for (int i = 0; i < n; i++) {
                        out[i] = b.isNull(i) ? 0 : b.get(i);
                    }
                }
                return new Column(name, dtype, out, null, null, nulls);
            }
            case FLOAT32, FLOAT64 -> {
                double[] out = new double[n];
                if (v instanceof Float8Vector b) {
                    for (int i = 0; i < n; i++) {
                        out[i] = b.isNull(i) ? Double.NaN : b.get(i);
                    }
                } else {
                    Float4Vector b = (Float4Vector) v;
                    for (int i = 0; i < n; i++) {
                        out[i] = b.isNull(i) ? Double.NaN : b.get(i);
                    }
                }
                return new Column(name, dtype, null, out, null, nulls);
            }
            case STRING -> {
                VarCharVector b = (VarCharVector) v;
                List<String> out = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    out.add(b.isNull(i) ? null : new String(b.get(i), StandardCharsets.UTF_8));
                }
                return new Column(name, dtype, null, null, out, nulls);
            }
            default -> throw new IllegalStateException();
        }
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
