package io.mars.container.kernels;

import io.mars.types.Column;
import io.mars.types.DType;
import io.mars.types.LocalTable;
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
     * Positions {@code 0..m-1} stably ordered by {@code keys} (as signed longs). Each key's top differing bits and
     * its position are packed in one long, (key bits, position), so a radix pass moves one array of longs; the LSD
     * passes (11-bit digits) sort the top log2(m) + 13 of those bits, ties keep position order, and the rare runs
     * that tie on the sorted bits but not on the whole key are then put in order by the whole keys. A merge sort
     * for few keys.
     */
    /**
     * The first {@code k} rows of {@link #stableOrder}{@code (keys, m)}, in that order, found with a heap of
     * {@code k} rows (time m log k) instead of ordering all {@code m}.
     */
    static int[] topOrder(long[] keys, int m, int k) {
        if (k <= 0) {
            return new int[0];
        }
        int[] heap = new int[k]; // a max-heap by (key, row): its root is the last row kept so far
        int size = 0;
        for (int r = 0; r < m; r++) {
            if (size < k) {
                int at = size++;
                heap[at] = r;
                while (at > 0 && before(keys, heap[(at - 1) >>> 1], r)) { // sift up
                    heap[at] = heap[(at - 1) >>> 1];
                    at = (at - 1) >>> 1;
                }
                heap[at] = r;
            } else if (keys[r] < keys[heap[0]]) { // a later row with an equal key comes after every kept one
                siftDown(keys, heap, size, r);
            }
        }
        int[] out = new int[size];
        for (int n = size; n > 0; n--) { // pop the largest to the end
            out[n - 1] = heap[0];
            siftDown(keys, heap, n - 1, heap[n - 1]);
        }
        return out;
    }

    /** Whether row a comes before row b in the stable order of {@code keys}. */
    private static boolean before(long[] keys, int a, int b) {
        return keys[a] < keys[b] || keys[a] == keys[b] && a < b;
    }

    /** Puts {@code r} at the root of the max-heap {@code heap[0, size)} and sifts it down. */
    private static void siftDown(long[] keys, int[] heap, int size, int r) {
        int at = 0;
        while (true) {
            int child = 2 * at + 1;
            if (child >= size) {
                break;
            }
            if (child + 1 < size && before(keys, heap[child], heap[child + 1])) {
                child++;
            }
            if (!before(keys, r, heap[child])) {
                break;
            }
            heap[at] = heap[child];
            at = child;
        }
        if (size > 0) {
            heap[at] = r;
        }
    }

    static int[] stableOrder(long[] keys, int m) {
        if (m < RADIX_MIN) {
            return mergeSort(keys, m);
        }
        long differ = differingBits(keys, m);
        int rowBits = Integer.SIZE - Integer.numberOfLeadingZeros(m - 1);
        if (differ == 0) {
            return positions(m);
        }
        int high = Long.SIZE - Long.numberOfLeadingZeros(differ); // the keys differ only in bits [0, high)
        int keyBits = Long.SIZE - rowBits;
        int wanted = rowBits + SPARE_BITS;
        int digits = (Math.min(high, wanted) + DIGIT_BITS - 1) / DIGIT_BITS;
        int low = Math.max(0, Long.SIZE - digits * DIGIT_BITS); // the passes sort packed bits [low, 64)
        long[] p = new long[m];
        pack(keys, m, high, keyBits, rowBits, p);
        int[][] counts = new int[digits][DIGIT_MASK + 1];
        countDigits(p, m, low, counts);
        long[] p2 = new long[m];
        for (int d = 0; d < digits; d++) {
            int shift = low + d * DIGIT_BITS;
            int[] count = counts[d];
            if (count[(int) (p[0] >>> shift) & DIGIT_MASK] == m) {
                continue; // one digit value for every key
            }
            scatterPacked(p, p2, count, shift, m);
            long[] t = p;
            p = p2;
            p2 = t;
        }
        int[] at = new int[m];
        unpackPositions(p, m, (1L << rowBits) - 1, at);
        // the packed keys hold the whole keys when all differing bits fit and the passes sorted all of them
        if (high > keyBits || low > rowBits) {
            orderPackedTies(p, at, m, low, keys, p2);
        }
        return at;
    }

    private static long differingBits(long[] keys, int m) {
        long first = keys[0];
        long differ = 0;
        for (int i = 0; i < m; i++) {
            differ |= keys[i] ^ first;
        }
        return differ;
    }

    private static int[] positions(int m) {
        int[] at = new int[m];
        for (int i = 0; i < m; i++) {
            at[i] = i;
        }
        return at;
    }

    /**
     * {@code p[i]} = the top {@code keyBits} of key i's bits {@code [0, high)} (signed order made unsigned), then
     * {@code i} in the low {@code rowBits}.
     */
    private static void pack(long[] keys, int m, int high, int keyBits, int rowBits, long[] p) {
        long keyMask = high >= Long.SIZE ? -1L : (1L << high) - 1;
        int down = Math.max(0, high - keyBits);
        int up = Math.max(0, keyBits - high) + rowBits;
        for (int i = 0; i < m; i++) {
            long u = (keys[i] ^ Long.MIN_VALUE) & keyMask;
            p[i] = u >>> down << up | i;
        }
    }

    private static void scatterPacked(long[] p, long[] p2, int[] count, int shift, int m) {
        for (int d = 0, sum = 0; d <= DIGIT_MASK; d++) {
            int c = count[d];
            count[d] = sum;
            sum += c;
        }
        for (int i = 0; i < m; i++) {
            long x = p[i];
            p2[count[(int) (x >>> shift) & DIGIT_MASK]++] = x;
        }
    }

    private static void unpackPositions(long[] p, int m, long rowMask, int[] at) {
        for (int i = 0; i < m; i++) {
            at[i] = (int) (p[i] & rowMask);
        }
    }

    /**
     * Each run of positions whose packed keys are equal in bits {@code [low, 64)} put in order of their whole keys,
     * stably ({@code keysInRuns} is free room of m longs; a run's packed keys are not read again once it is found,
     * so they are the merge's scratch).
     */
    private static void orderPackedTies(long[] p, int[] at, int m, int low, long[] keys, long[] keysInRuns) {
        int[] rowScratch = null;
        int i = 0;
        while (i < m) {
            long top = p[i] >>> low;
            int j = i + 1;
            while (j < m && p[j] >>> low == top) {
                j++;
            }
            if (j - i > 1) {
                for (int r = i; r < j; r++) {
                    keysInRuns[r] = keys[at[r]];
                }
                if (rowScratch == null && j - i > 16) {
                    rowScratch = new int[m];
                }
                sortRun(keysInRuns, at, i, j, p, rowScratch);
            }
            i = j;
        }
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
        return sortPacked(packed, rowBits);
    }

    /**
     * Sorts {@code packed} (each a non-negative key above an index of {@code indexBits} bits) and returns the indexes
     * in key order: a sort of primitive longs instead of boxed indexes with a comparator.
     */
    static int[] sortPacked(long[] packed, int indexBits) {
        Arrays.sort(packed);
        long mask = (1L << indexBits) - 1;
        int[] out = new int[packed.length];
        for (int i = 0; i < out.length; i++) {
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

    /**
     * The part in {@code [0, parts)} of a row with this {@link #hash}: its top 32 bits scaled to the part count (a
     * multiply and a shift where a remainder would divide; the hash's bits are mixed, so the parts are as even).
     */
    static int partOf(long hash, int parts) {
        return (int) ((hash >>> 32) * parts >>> 32);
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
