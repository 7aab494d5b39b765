package io.mars.container.kernels;

import io.mars.common.operand.dataframe.CompareOp;
import io.mars.common.operand.dataframe.ExprFn;
import io.mars.common.operand.dataframe.RowPredicate;
import io.mars.types.Column;
import io.mars.types.DataType;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * One term of a read filter applied to a decoded column: {@code pass[i]} (1 or 0) is cleared where row {@code i} fails
 * it. The comparisons are a row-wise map's ({@link ArrowPredicates}): IEEE order for floats (NaN fails, -0.0 equals
 * 0.0), a long compared with a float as a double, with an int exactly; text by its UTF-8 bytes, unsigned (code point
 * order); a null fails every term.
 */
final class ReadFilter {
    private ReadFilter() {
    }

    /** Applies {@code p} to {@code values} (a {@link ParquetPages.Text} or a heap {@link Column}) of {@code n} rows. */
    static void and(Object values, RowPredicate p, int n, byte[] pass) {
        if (values instanceof ParquetPages.Text t) {
            text(t.bytes(), t.offsets(), t.nulls(), p, n, pass);
            return;
        }
        Column c = (Column) values;
        if (p.text() != null) {
            strings(c, p, n, pass);
            return;
        }
        // a map's comparisons, one loop per operator into a byte a row (a compare-and-AND in one loop runs as a
        // branch a row), then ANDed in
        ExprFn fn = switch (p.op()) {
            case LT -> ExprFn.LESS;
            case LE -> ExprFn.LESS_EQUAL;
            case GT -> ExprFn.GREATER;
            case GE -> ExprFn.GREATER_EQUAL;
            case EQ -> ExprFn.EQUAL;
            case NE -> ExprFn.NOT_EQUAL;
        };
        double[] x = c.doubles();
        if (x == null && p.number().kind() == DataType.Kind.FLOAT) {
            x = new double[n];
            for (int i = 0; i < n; i++) {
                x[i] = c.longs()[i];
            }
        }
        byte[] r = x != null ? ArrowPredicates.compare(fn, x, p.number().realValue(), n)
                : ArrowPredicates.compare(fn, c.longs(), p.number().intValue(), n);
        for (int i = 0; i < n; i++) {
            pass[i] &= r[i];
        }
        if (x != null && p.op() == CompareOp.NE) {
            for (int i = 0; i < n; i++) {
                pass[i] &= (byte) (x[i] == x[i] ? 1 : 0); // NaN, a null, never passes
            }
        }
        byte[] nulls = c.nulls();
        if (nulls != null) {
            for (int i = 0; i < n; i++) {
                pass[i] &= (byte) (nulls[i] ^ 1);
            }
        }
    }

    private static void text(byte[] data, int[] offsets, byte[] nulls, RowPredicate p, int n, byte[] pass) {
        byte[] t = p.text().getBytes(StandardCharsets.UTF_8);
        CompareOp op = p.op();
        if (op == CompareOp.EQ || op == CompareOp.NE) {
            int eq = op == CompareOp.EQ ? 1 : 0;
            for (int i = 0; i < n; i++) {
                int from = offsets[i];
                int to = offsets[i + 1];
                int same = to - from == t.length && same(data, from, t) ? 1 : 0;
                pass[i] &= (byte) (same == eq ? 1 : 0);
            }
        } else {
            for (int i = 0; i < n; i++) {
                pass[i] &= (byte) (op.test(Integer.signum(Arrays.compareUnsigned(data, offsets[i], offsets[i + 1],
                        t, 0, t.length))) ? 1 : 0);
            }
        }
        if (nulls != null) {
            for (int i = 0; i < n; i++) {
                pass[i] &= (byte) (nulls[i] ^ 1);
            }
        }
    }

    /** Whether {@code data} holds {@code t} at {@code from}: a plain loop for short text (one compare for a flag). */
    private static boolean same(byte[] data, int from, byte[] t) {
        if (t.length > 16) {
            return Arrays.equals(data, from, from + t.length, t, 0, t.length);
        }
        for (int k = 0; k < t.length; k++) {
            if (data[from + k] != t[k]) {
                return false;
            }
        }
        return true;
    }

    private static void strings(Column c, RowPredicate p, int n, byte[] pass) {
        byte[] t = p.text().getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < n; i++) {
            String s = c.strings().get(i);
            if (s == null) {
                pass[i] = 0;
            } else {
                byte[] b = s.getBytes(StandardCharsets.UTF_8);
                pass[i] &= (byte) (p.op().test(Integer.signum(Arrays.compareUnsigned(b, t))) ? 1 : 0);
            }
        }
    }
}
