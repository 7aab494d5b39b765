package io.mars.container.kernels;

import io.mars.dataframe.Column;
import io.mars.dataframe.DType;
import io.mars.dataframe.LocalTable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Row-level helpers over key columns of heap tables: ordering (per-column direction, nulls last whatever the
 * direction, as pandas' {@code na_position='last'}), hashing and equality keys that agree across int and float
 * columns (1 and 1.0 are the same key, as in pandas), and taking rows with -1 meaning a null row.
 */
final class TableRows {
    private static final Object NULL_KEY = new Object() {
        @Override
        public String toString() {
            return "<null>";
        }
    };

    private TableRows() {
    }

    static List<Column> columns(LocalTable t, List<String> names) {
        List<Column> out = new ArrayList<>(names.size());
        for (String n : names) {
            out.add(t.column(n));
        }
        return out;
    }

    static boolean[] flags(List<Boolean> ascending) {
        boolean[] out = new boolean[ascending.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = ascending.get(i);
        }
        return out;
    }

    /** Row {@code i} of {@code a} against row {@code j} of {@code b} (key columns in the same order). */
    static int compare(List<Column> a, int i, List<Column> b, int j, boolean[] asc) {
        for (int k = 0; k < a.size(); k++) {
            Column x = a.get(k);
            Column y = b.get(k);
            boolean xn = x.isNull(i);
            boolean yn = y.isNull(j);
            if (xn || yn) {
                if (xn != yn) {
                    return xn ? 1 : -1;
                }
                continue;
            }
            int c;
            if (x.longs() != null && y.longs() != null) {
                c = Long.compare(x.longs()[i], y.longs()[j]);
            } else if (x.strings() != null) {
                c = x.strings().get(i).compareTo(y.strings().get(j));
            } else {
                double dx = x.getDouble(i);
                double dy = y.getDouble(j);
                c = dx == dy ? 0 : Double.compare(dx, dy); // -0.0 and 0.0 tie, as in pandas
            }
            if (c != 0) {
                return asc[k] ? c : -c;
            }
        }
        return 0;
    }

    /** The rows {@code 0..n-1} in stable order of the key columns. */
    static int[] sortedOrder(List<Column> keys, int n, boolean[] asc) {
        if (keys.size() == 1 && keys.get(0).longs() != null && keys.get(0).nulls() == null) {
            return sortedOrderOfLongs(keys.get(0).longs(), n, asc[0]);
        }
        if (keys.size() == 1 && keys.get(0).doubles() != null) {
            return sortedOrderOfDoubles(keys.get(0), n, asc[0]);
        }
        Integer[] boxed = new Integer[n];
        for (int i = 0; i < n; i++) {
            boxed[i] = i;
        }
        Arrays.sort(boxed, (p, q) -> compare(keys, p, keys, q, asc));
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[i] = boxed[i];
        }
        return out;
    }

    /** Stable order of one float column: non-null values by a primitive merge sort, then the nulls in row order. */
    private static int[] sortedOrderOfDoubles(Column c, int n, boolean asc) {
        double[] d = c.doubles();
        int[] rows = new int[n];
        long[] keys = new long[n];
        int m = 0;
        for (int i = 0; i < n; i++) {
            if (!c.isNull(i)) {
                long key = sortable(d[i]);
                keys[m] = asc ? key : ~key;
                rows[m++] = i;
            }
        }
        int[] order = stableOrder(keys, m);
        int[] out = new int[n];
        for (int i = 0; i < m; i++) {
            out[i] = rows[order[i]];
        }
        for (int i = 0, at = m; i < n; i++) {
            if (c.isNull(i)) {
                out[at++] = i;
            }
        }
        return out;
    }

    /** Below this many keys a merge sort beats the radix sort's fixed cost of its digit counts. */
    private static final int RADIX_MIN = 4096;
    private static final int DIGIT_BITS = 11;
    private static final int DIGIT_MASK = (1 << DIGIT_BITS) - 1;

    /**
     * Positions {@code 0..m-1} stably ordered by {@code keys} (as signed longs): an LSD radix sort over 11-bit digits
     * that moves (key, position) pairs and skips digits every key shares; a merge sort for few keys.
     */
    static int[] stableOrder(long[] keys, int m) {
        if (m < RADIX_MIN) {
            return mergeSort(keys, m);
        }
        long[] k = new long[m];
        int[] at = new int[m];
        long differ = 0;
        for (int i = 0; i < m; i++) {
            k[i] = keys[i] ^ Long.MIN_VALUE; // signed order as unsigned digits
            at[i] = i;
            differ |= k[i] ^ k[0];
        }
        long[] k2 = new long[m];
        int[] at2 = new int[m];
        // the counts of every digit position in one read of the keys (a pass's scatter does not change them)
        int digits = (Long.SIZE + DIGIT_BITS - 1) / DIGIT_BITS; // 6, unrolled below
        int[][] counts = new int[digits][DIGIT_MASK + 1];
        int[] c0 = counts[0];
        int[] c1 = counts[1];
        int[] c2 = counts[2];
        int[] c3 = counts[3];
        int[] c4 = counts[4];
        int[] c5 = counts[5];
        for (int i = 0; i < m; i++) {
            long key = k[i];
            c0[(int) key & DIGIT_MASK]++;
            c1[(int) (key >>> DIGIT_BITS) & DIGIT_MASK]++;
            c2[(int) (key >>> 2 * DIGIT_BITS) & DIGIT_MASK]++;
            c3[(int) (key >>> 3 * DIGIT_BITS) & DIGIT_MASK]++;
            c4[(int) (key >>> 4 * DIGIT_BITS) & DIGIT_MASK]++;
            c5[(int) (key >>> 5 * DIGIT_BITS) & DIGIT_MASK]++;
        }
        for (int p = 0; p < digits; p++) {
            int shift = p * DIGIT_BITS;
            if ((differ >>> shift & DIGIT_MASK) == 0) {
                continue;
            }
            int[] start = counts[p];
            for (int d = 0, sum = 0; d <= DIGIT_MASK; d++) {
                int c = start[d];
                start[d] = sum;
                sum += c;
            }
            for (int i = 0; i < m; i++) {
                int to = start[(int) (k[i] >>> shift) & DIGIT_MASK]++;
                k2[to] = k[i];
                at2[to] = at[i];
            }
            long[] tk = k;
            k = k2;
            k2 = tk;
            int[] ta = at;
            at = at2;
            at2 = ta;
        }
        return at;
    }

    /**
     * One long per row that orders as signed longs the way the rows of a numeric column order in that direction;
     * null for a string column, or a column that has nulls (or NaN).
     */
    static long[] orderKeys(Column c, boolean asc) {
        if (c.strings() != null || c.nulls() != null) {
            return null;
        }
        int n = c.length();
        long[] out = new long[n];
        if (c.longs() != null) {
            long[] v = c.longs();
            for (int i = 0; i < n; i++) {
                out[i] = asc ? v[i] : ~v[i];
            }
        } else {
            double[] v = c.doubles();
            for (int i = 0; i < n; i++) {
                if (Double.isNaN(v[i])) {
                    return null;
                }
                long key = sortable(v[i]);
                out[i] = asc ? key : ~key;
            }
        }
        return out;
    }

    /** A long that orders as signed longs the way the (non-NaN) doubles order; -0.0 and 0.0 are one key. */
    static long sortable(double x) {
        long bits = Double.doubleToLongBits(x == 0.0 ? 0.0 : x);
        return bits ^ (bits >> 63 & Long.MAX_VALUE);
    }

    /** Positions {@code 0..m-1} stably ordered by {@code keys}: a bottom-up merge sort over int indices. */
    static int[] mergeSort(long[] keys, int m) {
        int[] a = new int[m];
        int[] b = new int[m];
        for (int i = 0; i < m; i++) {
            a[i] = i;
        }
        for (int width = 1; width < m; width *= 2) {
            for (int lo = 0; lo < m; lo += 2 * width) {
                int mid = Math.min(lo + width, m);
                int hi = Math.min(lo + 2 * width, m);
                int i = lo;
                int j = mid;
                int k = lo;
                while (i < mid && j < hi) {
                    b[k++] = keys[a[j]] < keys[a[i]] ? a[j++] : a[i++];
                }
                while (i < mid) {
                    b[k++] = a[i++];
                }
                while (j < hi) {
                    b[k++] = a[j++];
                }
            }
            int[] t = a;
            a = b;
            b = t;
        }
        return a;
    }

    /**
     * Stable order of one long column without nulls: (value, row) packed so a plain sort of longs is stable, when
     * the rows fit in the low bits next to the value's range; else the general path.
     */
    private static int[] sortedOrderOfLongs(long[] v, int n, boolean asc) {
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (int i = 0; i < n; i++) {
            min = Math.min(min, v[i]);
            max = Math.max(max, v[i]);
        }
        int rowBits = 64 - Long.numberOfLeadingZeros(Math.max(1, n - 1));
        long range = n == 0 ? 0 : max - min;
        if (n > 0 && (range < 0 || 64 - Long.numberOfLeadingZeros(range) + rowBits > 63)) {
            Integer[] boxed = new Integer[n];
            for (int i = 0; i < n; i++) {
                boxed[i] = i;
            }
            Arrays.sort(boxed, (p, q) -> asc ? Long.compare(v[p], v[q]) : Long.compare(v[q], v[p]));
            int[] out = new int[n];
            for (int i = 0; i < n; i++) {
                out[i] = boxed[i];
            }
            return out;
        }
        long[] packed = new long[n];
        for (int i = 0; i < n; i++) {
            long key = asc ? v[i] - min : max - v[i];
            packed[i] = key << rowBits | i;
        }
        Arrays.sort(packed);
        long mask = (1L << rowBits) - 1;
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[i] = (int) (packed[i] & mask);
        }
        return out;
    }

    static long mix(long z) {
        z = (z ^ (z >>> 33)) * 0xff51afd7ed558ccdL;
        z = (z ^ (z >>> 33)) * 0xc4ceb9fe1a85ec53L;
        return z ^ (z >>> 33);
    }

    /** A hash of row {@code i}'s keys that is equal for equal {@link #key} values. */
    static long hash(List<Column> keys, int i) {
        long h = 17;
        for (Column c : keys) {
            long x;
            if (c.isNull(i)) {
                x = NULL_HASH;
            } else if (c.longs() != null) {
                x = c.longs()[i];
            } else if (c.doubles() != null) {
                double d = c.doubles()[i];
                x = d == (long) d ? (long) d : Double.doubleToLongBits(d);
            } else {
                x = c.strings().get(i).hashCode();
            }
            h = h * 31 + mix(x);
        }
        return mix(h);
    }

    /** {@link #hash} of a row whose only key is this long-backed value (or null). */
    static long hashOfLong(long value, boolean isNull) {
        return mix(17 * 31 + mix(isNull ? NULL_HASH : value));
    }

    private static final long NULL_HASH = 0x5bd1e995L;

    /** An equality key of row {@code i}'s keys; {@code nullMatches} false gives null for a row with a null key. */
    static Object key(List<Column> keys, int i, boolean nullMatches) {
        if (keys.size() == 1) {
            return value(keys.get(0), i, nullMatches);
        }
        Object[] parts = new Object[keys.size()];
        for (int k = 0; k < parts.length; k++) {
            parts[k] = value(keys.get(k), i, nullMatches);
            if (parts[k] == null) {
                return null;
            }
        }
        return Arrays.asList(parts);
    }

    private static Object value(Column c, int i, boolean nullMatches) {
        if (c.isNull(i)) {
            return nullMatches ? NULL_KEY : null;
        }
        if (c.longs() != null) {
            return c.longs()[i];
        }
        if (c.doubles() != null) {
            double d = c.doubles()[i];
            return d == (long) d ? (Object) (long) d : (Object) d;
        }
        return c.strings().get(i);
    }

    /**
     * Rows {@code rows[0..n)} of {@code c} as a column of {@code type} named {@code name}; a row of -1 is null.
     * Long-backed to float conversion is the only type change (a merge's nullable int columns).
     */
    static Column take(Column c, int[] rows, int n, String name, DType type) {
        byte[] nulls = null;
        for (int i = 0; i < n; i++) {
            if (rows[i] < 0 || c.isNull(rows[i])) {
                nulls = nulls == null ? new byte[n] : nulls;
                nulls[i] = 1;
            }
        }
        if (type.isFloat()) {
            double[] out = new double[n];
            for (int i = 0; i < n; i++) {
                out[i] = rows[i] < 0 ? Double.NaN : c.getDouble(rows[i]);
            }
            return new Column(name, type, null, out, null, nulls);
        }
        if (type.isLongBacked()) {
            long[] out = new long[n];
            long[] src = c.longs();
            for (int i = 0; i < n; i++) {
                out[i] = rows[i] < 0 ? 0 : src != null ? src[rows[i]] : (long) c.doubles()[rows[i]];
            }
            return new Column(name, type, out, null, null, nulls);
        }
        List<String> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(rows[i] < 0 ? null : c.strings().get(rows[i]));
        }
        return new Column(name, type, null, null, out, nulls);
    }

    /** The table's rows in the order {@code rows}. */
    static LocalTable take(LocalTable t, int[] rows, int n) {
        List<Column> out = new ArrayList<>(t.columnCount());
        for (Column c : t.columns()) {
            out.add(io.mars.common.table.Columns.take(c, rows, n));
        }
        return new LocalTable(out);
    }
}
