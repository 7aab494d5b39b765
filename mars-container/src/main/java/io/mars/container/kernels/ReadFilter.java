package io.mars.container.kernels;

import io.mars.common.operand.dataframe.CompareOp;
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
        } else if (c.doubles() != null) {
            doubles(c.doubles(), p.number().realValue(), p.op(), n, pass);
        } else if (p.number().kind() == DataType.Kind.FLOAT) {
            longsAsDoubles(c.longs(), p.number().floatValue(), p.op(), n, pass);
        } else {
            longs(c.longs(), p.number().intValue(), p.op(), n, pass);
        }
        byte[] nulls = c.nulls();
        if (nulls != null) {
            for (int i = 0; i < n; i++) {
                pass[i] &= (byte) (nulls[i] ^ 1);
            }
        }
    }

    // one loop per operator into a byte a row, then ANDed in (a compare-and-AND in one loop runs as a branch a row)
    private static void andInto(byte[] pass, byte[] r, int n) {
        for (int i = 0; i < n; i++) {
            pass[i] &= r[i];
        }
    }

    private static void doubles(double[] x, double y, CompareOp op, int n, byte[] pass) {
        byte[] r = new byte[n];
        switch (op) {
            case LT -> { for (int i = 0; i < n; i++) { r[i] = (byte) (x[i] < y ? 1 : 0); } }
            case LE -> { for (int i = 0; i < n; i++) { r[i] = (byte) (x[i] <= y ? 1 : 0); } }
            case GT -> { for (int i = 0; i < n; i++) { r[i] = (byte) (x[i] > y ? 1 : 0); } }
            case GE -> { for (int i = 0; i < n; i++) { r[i] = (byte) (x[i] >= y ? 1 : 0); } }
            case EQ -> { for (int i = 0; i < n; i++) { r[i] = (byte) (x[i] == y ? 1 : 0); } }
            case NE -> { for (int i = 0; i < n; i++) { r[i] = (byte) (x[i] != y && x[i] == x[i] ? 1 : 0); } }
        }
        andInto(pass, r, n);
    }

    private static void longsAsDoubles(long[] x, double y, CompareOp op, int n, byte[] pass) {
        byte[] r = new byte[n];
        switch (op) {
            case LT -> { for (int i = 0; i < n; i++) { r[i] = (byte) ((double) x[i] < y ? 1 : 0); } }
            case LE -> { for (int i = 0; i < n; i++) { r[i] = (byte) ((double) x[i] <= y ? 1 : 0); } }
            case GT -> { for (int i = 0; i < n; i++) { r[i] = (byte) ((double) x[i] > y ? 1 : 0); } }
            case GE -> { for (int i = 0; i < n; i++) { r[i] = (byte) ((double) x[i] >= y ? 1 : 0); } }
            case EQ -> { for (int i = 0; i < n; i++) { r[i] = (byte) ((double) x[i] == y ? 1 : 0); } }
            case NE -> { for (int i = 0; i < n; i++) { r[i] = (byte) ((double) x[i] != y ? 1 : 0); } }
        }
        andInto(pass, r, n);
    }

    private static void longs(long[] x, long y, CompareOp op, int n, byte[] pass) {
        byte[] r = new byte[n];
        switch (op) {
            case LT -> { for (int i = 0; i < n; i++) { r[i] = (byte) (x[i] < y ? 1 : 0); } }
            case LE -> { for (int i = 0; i < n; i++) { r[i] = (byte) (x[i] <= y ? 1 : 0); } }
            case GT -> { for (int i = 0; i < n; i++) { r[i] = (byte) (x[i] > y ? 1 : 0); } }
            case GE -> { for (int i = 0; i < n; i++) { r[i] = (byte) (x[i] >= y ? 1 : 0); } }
            case EQ -> { for (int i = 0; i < n; i++) { r[i] = (byte) (x[i] == y ? 1 : 0); } }
            case NE -> { for (int i = 0; i < n; i++) { r[i] = (byte) (x[i] != y ? 1 : 0); } }
        }
        andInto(pass, r, n);
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
