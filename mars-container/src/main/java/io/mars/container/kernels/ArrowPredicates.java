package io.mars.container.kernels;

import io.mars.common.operand.Scalar;
import io.mars.common.operand.dataframe.ColumnExpr;
import io.mars.common.operand.dataframe.ColumnRef;
import io.mars.common.operand.dataframe.ExprFn;
import io.mars.common.table.TableChunk;
import io.mars.types.DType;
import io.mars.types.DataType;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.util.MemoryUtil;
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
                ExprFn fn = e.constantFirst() ? mirrored(e.fn()) : e.fn();
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

    /** The operator with its operands swapped: {@code c < x} is {@code x > c}. */
    private static ExprFn mirrored(ExprFn fn) {
        return switch (fn) {
            case LESS -> ExprFn.GREATER;
            case LESS_EQUAL -> ExprFn.GREATER_EQUAL;
            case GREATER -> ExprFn.LESS;
            case GREATER_EQUAL -> ExprFn.LESS_EQUAL;
            default -> fn;
        };
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

    /** {@code x fn y} with IEEE semantics: NaN satisfies only not-equal. */
    private static boolean holds(ExprFn fn, double x, double y) {
        return switch (fn) {
            case LESS -> x < y;
            case LESS_EQUAL -> x <= y;
            case GREATER -> x > y;
            case GREATER_EQUAL -> x >= y;
            case EQUAL -> x == y;
            case NOT_EQUAL -> x != y;
            default -> throw new IllegalStateException(fn.name());
        };
    }

    private static void set(byte[] bits, int i) {
        bits[i >>> 3] |= (byte) (1 << (i & 7));
    }

    /** The validity bits of the first {@code n} values, or null when none is null. */
    private static byte[] validity(FieldVector v, int n) {
        if (v.getNullCount() == 0) {
            return null;
        }
        byte[] out = new byte[(n + 7) >>> 3];
        v.getValidityBuffer().getBytes(0, out);
        return out;
    }

    private static boolean valid(byte[] validity, int i) {
        return validity == null || (validity[i >>> 3] >>> (i & 7) & 1) != 0;
    }

    /** Data and validity bits of a boolean vector ANDed: the bits of "true and not null". */
    private static byte[] truth(FieldVector v, int n) {
        byte[] x = new byte[(n + 7) >>> 3];
        v.getDataBuffer().getBytes(0, x);
        byte[] valid = validity(v, n);
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

    /** Null rows: false, and true for not-equal. */
    private static void nulls(ExprFn fn, byte[] validity, int n, byte[] bits) {
        for (int i = 0; i < n; i++) {
            if (!valid(validity, i)) {
                if (fn == ExprFn.NOT_EQUAL) {
                    set(bits, i);
                } else {
                    bits[i >>> 3] &= (byte) ~(1 << (i & 7));
                }
            }
        }
    }

    private static void compareText(ExprFn fn, VarCharVector s, String text, int n, byte[] bits) {
        byte[] t = text.getBytes(StandardCharsets.UTF_8);
        int[] offsets = new int[n + 1];
        s.getOffsetBuffer().nioBuffer(0, 4 * (n + 1)).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(offsets);
        byte[] data = new byte[offsets[n] - offsets[0]];
        s.getDataBuffer().getBytes(offsets[0], data);
        int base = offsets[0];
        if (fn == ExprFn.EQUAL || fn == ExprFn.NOT_EQUAL) {
            boolean eq = fn == ExprFn.EQUAL;
            for (int i = 0; i < n; i++) {
                int from = offsets[i] - base;
                int to = offsets[i + 1] - base;
                boolean same = to - from == t.length && Arrays.equals(data, from, to, t, 0, t.length);
                if (same == eq) {
                    set(bits, i);
                }
            }
        } else {
            // UTF-8 bytes compared unsigned order strings by code point, as Python orders them
            for (int i = 0; i < n; i++) {
                int c = Arrays.compareUnsigned(data, offsets[i] - base, offsets[i + 1] - base, t, 0, t.length);
                if (holds(fn, c)) {
                    set(bits, i);
                }
            }
        }
        nulls(fn, validity(s, n), n, bits);
    }

    private static void compareConstant(ExprFn fn, FieldVector a, Scalar c, int n, byte[] bits) {
        long address = a.getDataBuffer().memoryAddress();
        if (a instanceof Float8Vector || c.kind() == DataType.Kind.FLOAT) {
            double y = c.floatValue();
            boolean floats = a instanceof Float8Vector;
            for (int i = 0; i < n; i++) {
                long bits64 = MemoryUtil.getLong(address + 8L * i);
                double x = floats ? Double.longBitsToDouble(bits64) : bits64;
                if (holds(fn, x, y)) {
                    set(bits, i);
                }
            }
        } else {
            long y = c.intValue();
            for (int i = 0; i < n; i++) {
                if (holds(fn, Long.compare(MemoryUtil.getLong(address + 8L * i), y))) {
                    set(bits, i);
                }
            }
        }
        nulls(fn, validity(a, n), n, bits);
    }

    private static void compareColumns(ExprFn fn, FieldVector a, FieldVector b, int n, byte[] bits) {
        long x = a.getDataBuffer().memoryAddress();
        long y = b.getDataBuffer().memoryAddress();
        if (a instanceof Float8Vector) {
            for (int i = 0; i < n; i++) {
                double p = Double.longBitsToDouble(MemoryUtil.getLong(x + 8L * i));
                if (holds(fn, p, Double.longBitsToDouble(MemoryUtil.getLong(y + 8L * i)))) {
                    set(bits, i);
                }
            }
        } else {
            for (int i = 0; i < n; i++) {
                if (holds(fn, Long.compare(MemoryUtil.getLong(x + 8L * i), MemoryUtil.getLong(y + 8L * i)))) {
                    set(bits, i);
                }
            }
        }
        byte[] va = validity(a, n);
        byte[] vb = validity(b, n);
        if (va != null && vb != null) {
            for (int i = 0; i < va.length; i++) {
                va[i] &= vb[i];
            }
        }
        nulls(fn, va != null ? va : vb, n, bits);
    }

    private static FieldVector bitVector(String name, byte[] bits, int n, BufferAllocator allocator) {
        BitVector v = new BitVector(name, allocator);
        try {
            v.allocateNew(n);
            if ((n & 7) != 0) {
                bits[bits.length - 1] &= (byte) ((1 << (n & 7)) - 1);
            }
            v.getDataBuffer().setBytes(0, bits);
            ArrowBuf validity = v.getValidityBuffer();
            byte[] ones = new byte[bits.length];
            Arrays.fill(ones, (byte) -1);
            if ((n & 7) != 0) {
                ones[ones.length - 1] = (byte) ((1 << (n & 7)) - 1);
            }
            validity.setBytes(0, ones);
            v.setValueCount(n);
            return v;
        } catch (RuntimeException | Error e) {
            v.close();
            throw e;
        }
    }
}
