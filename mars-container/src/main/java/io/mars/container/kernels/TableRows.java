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

    /** Stable order of one float column: non-null values by {@link #stableOrder}, then the nulls in row order. */
    private static int[] sortedOrderOfDoubles(Column c, int n, boolean asc) {
        double[] d = c.doubles();
        int[] rows = new int[n];
        long[] keys = new long[n];
        int m = doubleKeys(d, c.nulls(), n, asc, rows, keys);
        int[] order = stableOrder(keys, m);
        int[] out = new int[n];
        for (int i = 0; i < m; i++) {
            out[i] = rows[order[i]];
        }
        if (m < n) {
            nullRows(d, c.nulls(), n, out, m);
        }
        return out;
    }

    /** The non-null rows' order keys and row numbers, in row order; returns how many. */
    private static int doubleKeys(double[] d, byte[] nulls, int n, boolean asc, int[] rows, long[] keys) {
        int m = 0;
        for (int i = 0; i < n; i++) {
            if (!Double.isNaN(d[i]) && (nulls == null || nulls[i] == 0)) {
                long key = sortable(d[i]);
                keys[m] = asc ? key : ~key;
                rows[m++] = i;
            }
        }
        return m;
    }

    private static void nullRows(double[] d, byte[] nulls, int n, int[] out, int at) {
        for (int i = 0; i < n; i++) {
            if (Double.isNaN(d[i]) || nulls != null && nulls[i] != 0) {
                out[at++] = i;
            }
        }
    }

    /** Below this many keys a merge sort beats the radix sort's fixed cost of its digit counts. */
    private static final int RADIX_MIN = 4096;
    private static final int DIGIT_BITS = 11;
    private static final int DIGIT_MASK = (1 << DIGIT_BITS) - 1;
    /**
     * Key bits the radix passes sort by beyond the log2 of the key count; below them keys rarely tie (for evenly
     * spread keys, about m / 2^13 ties), and the few ties are put in order by their whole keys.
     */
    private static final int SPARE_BITS = 13;

    /**
     * Positions {@code 0..m-1} stably ordered by {@code keys} (as signed longs). An LSD radix sort over 11-bit digits
     * moves (key, position) pairs by the top bits in which the keys differ: about log2(m) + 13 of them, so one
     * million evenly spread doubles take 3 passes, not 5 or 6. Runs that tie on those bits are then ordered by their
     * whole keys (an insertion or merge sort per run; stable, as the passes keep each run in position order). A
     * merge sort for few keys.
     */
    static int[] stableOrder(long[] keys, int m) {
        if (m < RADIX_MIN) {
            return mergeSort(keys, m);
        }
        long[] k = new long[m];
        int[] at = new int[m];
        long differ = unsignedKeys(keys, m, k, at);
        if (differ == 0) {
            return at;
        }
        int high = Long.SIZE - Long.numberOfLeadingZeros(differ); // the keys differ only in bits [0, high)
        int wanted = Integer.SIZE - Integer.numberOfLeadingZeros(m) + SPARE_BITS;
        int digits = Math.min((high + DIGIT_BITS - 1) / DIGIT_BITS, (wanted + DIGIT_BITS - 1) / DIGIT_BITS);
        int low = Math.max(0, high - digits * DIGIT_BITS);
        int[][] counts = new int[digits][DIGIT_MASK + 1];
        countDigits(k, m, low, counts);
        long[] k2 = new long[m];
        int[] at2 = new int[m];
        for (int p = 0; p < digits; p++) {
            int shift = low + p * DIGIT_BITS;
            if ((differ >>> shift & DIGIT_MASK) == 0) {
                continue;
            }
            scatter(k, at, k2, at2, counts[p], shift, m);
            long[] tk = k;
            k = k2;
            k2 = tk;
            int[] ta = at;
            at = at2;
            at2 = ta;
        }
        if (low > 0) {
            orderTies(k, at, m, low, k2, at2);
        }
        return at;
    }

    /** {@code k[i] = keys[i]} with the sign bit flipped (signed order as unsigned digits), {@code at[i] = i}; returns
     * the bits in which some key differs from the first. */
    private static long unsignedKeys(long[] keys, int m, long[] k, int[] at) {
        long first = keys[0];
        long differ = 0;
        for (int i = 0; i < m; i++) {
            k[i] = keys[i] ^ Long.MIN_VALUE;
            at[i] = i;
            differ |= keys[i] ^ first;
        }
        return differ;
    }

    /** The counts of every digit from bit {@code low} in one read of the keys (a pass's scatter does not change them). */
    private static void countDigits(long[] k, int m, int low, int[][] counts) {
        if (counts.length <= 3) {
            int[] c0 = counts[0];
            int[] c1 = counts.length > 1 ? counts[1] : new int[DIGIT_MASK + 1];
            int[] c2 = counts.length > 2 ? counts[2] : new int[DIGIT_MASK + 1];
            for (int i = 0; i < m; i++) {
                long key = k[i] >>> low;
                c0[(int) key & DIGIT_MASK]++;
                c1[(int) (key >>> DIGIT_BITS) & DIGIT_MASK]++;
                c2[(int) (key >>> 2 * DIGIT_BITS) & DIGIT_MASK]++;
            }
            return;
        }
        for (int p = 0; p < counts.length; p++) {
            countDigit(k, m, low + p * DIGIT_BITS, counts[p]);
        }
    }

    private static void countDigit(long[] k, int m, int shift, int[] count) {
        for (int i = 0; i < m; i++) {
            count[(int) (k[i] >>> shift) & DIGIT_MASK]++;
        }
    }

    /** One stable pass: pairs moved to their digit's place ({@code count} becomes the digits' starts, used up). */
    private static void scatter(long[] k, int[] at, long[] k2, int[] at2, int[] count, int shift, int m) {
        for (int d = 0, sum = 0; d <= DIGIT_MASK; d++) {
            int c = count[d];
            count[d] = sum;
            sum += c;
        }
        for (int i = 0; i < m; i++) {
            long key = k[i];
            int to = count[(int) (key >>> shift) & DIGIT_MASK]++;
            k2[to] = key;
            at2[to] = at[i];
        }
    }

    /** Each run of pairs equal in the bits from {@code low} up put in order of the whole keys, stably. */
    private static void orderTies(long[] k, int[] at, int m, int low, long[] tk, int[] ta) {
        int i = 0;
        while (i < m) {
            long top = k[i] >>> low;
            int j = i + 1;
            while (j < m && k[j] >>> low == top) {
                j++;
            }
            if (j - i > 1) {
                // within a run the top bits are equal, so the keys compare as signed longs as they do unsigned
                sortRun(k, at, i, j, tk, ta);
            }
            i = j;
        }
    }

    /** A stable sort of pairs {@code [from, to)} by key: insertion sort for a few, else a top-down merge sort. */
    private static void sortRun(long[] k, int[] at, int from, int to, long[] tk, int[] ta) {
        if (to - from <= 16) {
            for (int i = from + 1; i < to; i++) {
                long key = k[i];
                int row = at[i];
                int j = i - 1;
                while (j >= from && k[j] > key) {
                    k[j + 1] = k[j];
                    at[j + 1] = at[j];
                    j--;
                }
                k[j + 1] = key;
                at[j + 1] = row;
            }
            return;
        }
        int mid = (from + to) >>> 1;
        sortRun(k, at, from, mid, tk, ta);
        sortRun(k, at, mid, to, tk, ta);
        if (k[mid - 1] <= k[mid]) {
            return;
        }
        int i = from;
        int j = mid;
        int o = from;
        while (i < mid && j < to) {
            if (k[j] < k[i]) {
                tk[o] = k[j];
                ta[o++] = at[j++];
            } else {
                tk[o] = k[i];
                ta[o++] = at[i++];
            }
        }
        while (i < mid) {
            tk[o] = k[i];
            ta[o++] = at[i++];
        }
        while (j < to) {
            tk[o] = k[j];
            ta[o++] = at[j++];
        }
        System.arraycopy(tk, from, k, from, to - from);
        System.arraycopy(ta, from, at, from, to - from);
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
