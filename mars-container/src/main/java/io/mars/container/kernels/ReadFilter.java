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
        ExprFn fn = switch (p.op()) {
            case LT -> ExprFn.LESS;
            case LE -> ExprFn.LESS_EQUAL;
            case GT -> ExprFn.GREATER;
            case GE -> ExprFn.GREATER_EQUAL;
            case EQ -> ExprFn.EQUAL;
            case NE -> ExprFn.NOT_EQUAL;
        };
        if (values instanceof ParquetPages.Text t) {
            andInto(pass, ArrowPredicates.compare(fn, t.bytes(), t.offsets(), p.text().getBytes(StandardCharsets.UTF_8),
                    n), t.nulls(), n);
            return;
        }
        Column c = (Column) values;
        if (p.text() != null) {
            strings(c, p, n, pass);
            return;
        }
        double[] x = c.doubles();
        if (x == null && p.number().kind() == DataType.Kind.FLOAT) {
            x = new double[n];
            for (int i = 0; i < n; i++) {
                x[i] = c.longs()[i];
            }
        }
        byte[] r = x != null ? ArrowPredicates.compare(fn, x, p.number().realValue(), n)
                : ArrowPredicates.compare(fn, c.longs(), p.number().intValue(), n);
        if (x != null && p.op() == CompareOp.NE) {
            for (int i = 0; i < n; i++) {
                r[i] &= (byte) (x[i] == x[i] ? 1 : 0); // NaN, a null, never passes
            }
        }
        andInto(pass, r, c.nulls(), n);
    }

    /**
     * {@code pass} ANDed with a map's comparison {@code r} (one loop per operator into a byte a row: a compare-and-AND
     * in one loop runs as a branch a row), and cleared where {@code nulls} flags a null.
     */
    private static void andInto(byte[] pass, byte[] r, byte[] nulls, int n) {
        for (int i = 0; i < n; i++) {
            pass[i] &= r[i];
        }
        if (nulls != null) {
            for (int i = 0; i < n; i++) {
                pass[i] &= (byte) (nulls[i] ^ 1);
            }
        }
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
