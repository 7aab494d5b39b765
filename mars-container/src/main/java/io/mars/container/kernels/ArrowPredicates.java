package io.mars.container.kernels;

import io.mars.common.operand.Scalar;
import io.mars.common.operand.dataframe.ColumnExpr;
import io.mars.common.operand.dataframe.ColumnRef;
import io.mars.common.operand.dataframe.ExprFn;
import io.mars.common.table.ArrowBuffers;
import io.mars.common.table.TableChunk;
import io.mars.types.DType;
import io.mars.types.DataType;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VarCharVector;

/**
 * The comparisons and boolean logic of a row filter evaluated on the Arrow vectors themselves, with the semantics of
 * {@link TableExpressions} (a null compares false, and not-equal true; null is false for and, or, xor and not): a
 * string column against a string, by its UTF-8 bytes, with no Java string per value; a numeric or timestamp column
 * against a number or another such column; and, or, xor and not of boolean columns a byte of bits at a time. The
 * result is a boolean vector without nulls. Anything else is left to {@link TableExpressions}, which works on heap
 * copies of the columns.
 */
final class ArrowPredicates {
    private ArrowPredicates() {
    }

    /** Whether {@link #evaluate} computes {@code e} over these inputs of {@code n} rows. */
    static boolean covers(ColumnExpr e, List<TableChunk> in, int n) {
        List<ColumnRef> args = e.args();
        return switch (e.fn()) {
            case LESS, LESS_EQUAL, GREATER, GREATER_EQUAL, EQUAL, NOT_EQUAL -> {
                if (args.size() == 1) {
                    FieldVector a = vector(args.get(0), in, n);
                    yield a instanceof VarCharVector ? e.text() != null
                            : e.constant() != null && e.text() == null && numeric(a) && numericConstant(e.constant());
                }
                if (args.size() != 2 || e.constant() != null || e.text() != null) {
                    yield false;
                }
                FieldVector a = vector(args.get(0), in, n);
                FieldVector b = vector(args.get(1), in, n);
                yield numeric(a) && numeric(b) && (a instanceof Float8Vector) == (b instanceof Float8Vector);
            }
            case AND, OR, XOR -> args.size() == 2 && vector(args.get(0), in, n) instanceof BitVector
                    && vector(args.get(1), in, n) instanceof BitVector;
            case NOT -> args.size() == 1 && vector(args.get(0), in, n) instanceof BitVector;
            default -> false;
        } && e.dtype() == DType.BOOL;
    }

    /** {@code e}, which {@link #covers} these inputs, as a new boolean vector of {@code n} values; the caller owns it. */
    static FieldVector evaluate(ColumnExpr e, List<TableChunk> in, int n, BufferAllocator allocator) {
        List<ColumnRef> args = e.args();
        FieldVector a = vector(args.get(0), in, n);
        byte[] bits = new byte[(n + 7) >>> 3];
        if (n == 0) {
            return bitVector(e.name(), bits, 0, allocator); // an empty vector may have no buffers at all
        }
        switch (e.fn()) {
            case AND, OR, XOR -> logical(e.fn(), a, vector(args.get(1), in, n), n, bits);
            case NOT -> {
                byte[] x = truth(a, n);
                for (int i = 0; i < bits.length; i++) {
                    bits[i] = (byte) ~x[i];
                }
            }
            default -> {
                ExprFn fn = e.constantFirst() ? TableExpressions.mirrored(e.fn()) : e.fn();
                if (args.size() == 2) {
                    compareColumns(fn, a, vector(args.get(1), in, n), n, bits);
                } else if (a instanceof VarCharVector s) {
                    compareText(fn, s, e.text(), n, bits);
                } else {
                    compareConstant(fn, a, e.constant(), n, bits);
                }
            }
        }
        return bitVector(e.name(), bits, n, allocator);
    }

    private static FieldVector vector(ColumnRef r, List<TableChunk> in, int n) {
        FieldVector v = in.get(r.input()).root().getVector(r.column());
        return v != null && v.getValueCount() >= n ? v : null;
    }

    private static boolean numeric(FieldVector v) {
        return v instanceof Float8Vector || v instanceof BigIntVector || v instanceof TimeStampVector;
    }

    private static boolean numericConstant(Scalar s) {
        return s.kind() == DataType.Kind.FLOAT || s.kind() == DataType.Kind.INT;
    }

    /** Whether an ordering {@code c} (negative, zero, positive) satisfies {@code fn}. */
    private static boolean holds(ExprFn fn, int c) {
        return switch (fn) {
            case LESS -> c < 0;
            case LESS_EQUAL -> c <= 0;
            case GREATER -> c > 0;
            case GREATER_EQUAL -> c >= 0;
            case EQUAL -> c == 0;
            case NOT_EQUAL -> c != 0;
            default -> throw new IllegalStateException(fn.name());
        };
    }

    /** Data and validity bits of a boolean vector ANDed: the bits of "true and not null". */
    private static byte[] truth(FieldVector v, int n) {
        byte[] x = new byte[(n + 7) >>> 3];
        v.getDataBuffer().getBytes(0, x);
        byte[] valid = ArrowBuffers.validityBits(v, n);
        if (valid != null) {
            for (int i = 0; i < x.length; i++) {
                x[i] &= valid[i];
            }
        }
        return x;
    }

    private static void logical(ExprFn fn, FieldVector a, FieldVector b, int n, byte[] bits) {
        byte[] x = truth(a, n);
        byte[] y = truth(b, n);
        for (int i = 0; i < bits.length; i++) {
            bits[i] = (byte) switch (fn) {
                case AND -> x[i] & y[i];
                case OR -> x[i] | y[i];
                default -> x[i] ^ y[i];
            };
        }
    }

    /** Null rows: false, and true for not-equal (a byte of bits at a time). */
    private static void nulls(ExprFn fn, byte[] validity, byte[] bits) {
        if (validity == null) {
            return;
        }
        if (fn == ExprFn.NOT_EQUAL) {
            for (int k = 0; k < bits.length; k++) {
                bits[k] |= (byte) ~validity[k];
            }
        } else {
            for (int k = 0; k < bits.length; k++) {
                bits[k] &= validity[k];
            }
        }
    }

    /** Eight bytes of a byte array as one little-endian long. */
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    /**
     * {@code r[0..n)} (each 0 or 1) as bits, least significant first: eight bytes read as one long and gathered into
     * its top byte by one multiplication (byte k's bit lands at bit 56 + k; no two products overlap or carry).
     */
    private static void pack(byte[] r, int n, byte[] bits) {
        int whole = n & ~7;
        for (int i = 0; i < whole; i += 8) {
            long w = (long) LONGS.get(r, i);
            bits[i >>> 3] = (byte) ((w * 0x0102040810204080L) >>> 56);
        }
        for (int i = whole; i < n; i++) {
            bits[i >>> 3] |= (byte) (r[i] << (i & 7));
        }
    }

    private static void compareText(ExprFn fn, VarCharVector s, String text, int n, byte[] bits) {
        int[] offsets = new int[n + 1];
        byte[] data = ArrowBuffers.utf8Bytes(s, n, offsets);
        pack(compare(fn, data, offsets, text.getBytes(StandardCharsets.UTF_8), n), n, bits);
        nulls(fn, ArrowBuffers.validityBits(s, n), bits);
    }

    /** Text {@code data} cut at {@code offsets} compared with {@code t}: 1 or 0 a row, nulls not looked at. */
    static byte[] compare(ExprFn fn, byte[] data, int[] offsets, byte[] t, int n) {
        byte[] r = new byte[n];
        if (fn == ExprFn.EQUAL || fn == ExprFn.NOT_EQUAL) {
            boolean eq = fn == ExprFn.EQUAL;
            for (int i = 0; i < n; i++) {
                int from = offsets[i];
                int to = offsets[i + 1];
                boolean same = to - from == t.length && Utf8Search.at(data, from, t);
                r[i] = (byte) (same == eq ? 1 : 0);
            }
        } else {
            // UTF-8 bytes compared unsigned order strings by code point, as Python orders them
            for (int i = 0; i < n; i++) {
                r[i] = (byte) (holds(fn, Arrays.compareUnsigned(data, offsets[i], offsets[i + 1], t,
                        0, t.length)) ? 1 : 0);
            }
        }
        return r;
    }

    private static void compareConstant(ExprFn fn, FieldVector a, Scalar c, int n, byte[] bits) {
        byte[] r;
        if (a instanceof Float8Vector) {
            r = compare(fn, doubles(a, n), c.floatValue(), n);
        } else if (c.kind() == DataType.Kind.FLOAT) {
            long[] x = longs(a, n);
            double[] d = new double[n];
            for (int i = 0; i < n; i++) {
                d[i] = x[i];
            }
            r = compare(fn, d, c.floatValue(), n);
        } else {
            r = compare(fn, longs(a, n), c.intValue(), n);
        }
        pack(r, n, bits);
        nulls(fn, ArrowBuffers.validityBits(a, n), bits);
    }

    private static void compareColumns(ExprFn fn, FieldVector a, FieldVector b, int n, byte[] bits) {
        byte[] r = a instanceof Float8Vector ? compare(fn, doubles(a, n), doubles(b, n), n)
                : compare(fn, longs(a, n), longs(b, n), n);
        pack(r, n, bits);
        byte[] va = ArrowBuffers.validityBits(a, n);
        byte[] vb = ArrowBuffers.validityBits(b, n);
        if (va != null && vb != null) {
            for (int i = 0; i < va.length; i++) {
                va[i] &= vb[i];
            }
        }
        nulls(fn, va != null ? va : vb, bits);
    }

    private static double[] doubles(FieldVector v, int n) {
        double[] x = new double[n];
        ArrowBuffers.getDoubles(v.getDataBuffer(), x, n);
        return x;
    }

    private static long[] longs(FieldVector v, int n) {
        long[] x = new long[n];
        ArrowBuffers.getLongs(v.getDataBuffer(), x, n);
        return x;
    }

    // one loop per operator: no switch and no branch on the data inside a loop (a read filter's too: ReadFilter)

    static byte[] compare(ExprFn fn, double[] x, double y, int n) {
        byte[] r = new byte[n];
        switch (fn) {
            case LESS -> { for (int i = 0; i < n; i++) { r[i] = (byte) (x[i] < y ? 1 : 0); } }
            case LESS_EQUAL -> { for (int i = 0; i < n; i++) { r[i] = (byte) (x[i] <= y ? 1 : 0); } }
            case GREATER -> { for (int i = 0; i < n; i++) { r[i] = (byte) (x[i] > y ? 1 : 0); } }
            case GREATER_EQUAL -> { for (int i = 0; i < n; i++) { r[i] = (byte) (x[i] >= y ? 1 : 0); } }
            case EQUAL -> { for (int i = 0; i < n; i++) { r[i] = (byte) (x[i] == y ? 1 : 0); } }
            case NOT_EQUAL -> { for (int i = 0; i < n; i++) { r[i] = (byte) (x[i] != y ? 1 : 0); } }
            default -> throw new IllegalStateException(fn.name());
        }
        return r;
    }

    static byte[] compare(ExprFn fn, long[] x, long y, int n) {
        byte[] r = new byte[n];
        switch (fn) {
            case LESS -> { for (int i = 0; i < n; i++) { r[i] = (byte) (x[i] < y ? 1 : 0); } }
            case LESS_EQUAL -> { for (int i = 0; i < n; i++) { r[i] = (byte) (x[i] <= y ? 1 : 0); } }
            case GREATER -> { for (int i = 0; i < n; i++) { r[i] = (byte) (x[i] > y ? 1 : 0); } }
            case GREATER_EQUAL -> { for (int i = 0; i < n; i++) { r[i] = (byte) (x[i] >= y ? 1 : 0); } }
            case EQUAL -> { for (int i = 0; i < n; i++) { r[i] = (byte) (x[i] == y ? 1 : 0); } }
            case NOT_EQUAL -> { for (int i = 0; i < n; i++) { r[i] = (byte) (x[i] != y ? 1 : 0); } }
            default -> throw new IllegalStateException(fn.name());
        }
        return r;
    }

    private static byte[] compare(ExprFn fn, double[] x, double[] y, int n) {
        byte[] r = new byte[n];
        switch (fn) {
            case LESS -> { for (int i = 0; i < n; i++) { r[i] = (byte) (x[i] < y[i] ? 1 : 0); } }
            case LESS_EQUAL -> { for (int i = 0; i < n; i++) { r[i] = (byte) (x[i] <= y[i] ? 1 : 0); } }
            case GREATER -> { for (int i = 0; i < n; i++) { r[i] = (byte) (x[i] > y[i] ? 1 : 0); } }
            case GREATER_EQUAL -> { for (int i = 0; i < n; i++) { r[i] = (byte) (x[i] >= y[i] ? 1 : 0); } }
            case EQUAL -> { for (int i = 0; i < n; i++) { r[i] = (byte) (x[i] == y[i] ? 1 : 0); } }
            case NOT_EQUAL -> { for (int i = 0; i < n; i++) { r[i] = (byte) (x[i] != y[i] ? 1 : 0); } }
            default -> throw new IllegalStateException(fn.name());
        }
        return r;
    }

    private static byte[] compare(ExprFn fn, long[] x, long[] y, int n) {
        byte[] r = new byte[n];
        switch (fn) {
            case LESS -> { for (int i = 0; i < n; i++) { r[i] = (byte) (x[i] < y[i] ? 1 : 0); } }
            case LESS_EQUAL -> { for (int i = 0; i < n; i++) { r[i] = (byte) (x[i] <= y[i] ? 1 : 0); } }
            case GREATER -> { for (int i = 0; i < n; i++) { r[i] = (byte) (x[i] > y[i] ? 1 : 0); } }
            case GREATER_EQUAL -> { for (int i = 0; i < n; i++) { r[i] = (byte) (x[i] >= y[i] ? 1 : 0); } }
            case EQUAL -> { for (int i = 0; i < n; i++) { r[i] = (byte) (x[i] == y[i] ? 1 : 0); } }
            case NOT_EQUAL -> { for (int i = 0; i < n; i++) { r[i] = (byte) (x[i] != y[i] ? 1 : 0); } }
            default -> throw new IllegalStateException(fn.name());
        }
        return r;
    }

    private static FieldVector bitVector(String name, byte[] bits, int n, BufferAllocator allocator) {
        BitVector v = new BitVector(name, allocator);
        try {
            v.allocateNew(n);
            if ((n & 7) != 0) {
                bits[bits.length - 1] &= (byte) ((1 << (n & 7)) - 1);
            }
            v.getDataBuffer().setBytes(0, bits);
            ArrowBuffers.setValidity(v.getValidityBuffer(), n, null, null);
            v.setValueCount(n);
            return v;
        } catch (RuntimeException | Error e) {
            v.close();
            throw e;
        }
    }
}
