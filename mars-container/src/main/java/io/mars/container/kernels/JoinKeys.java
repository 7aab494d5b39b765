package io.mars.container.kernels;

import io.mars.types.Column;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The keys of both sides of a join as one long per row, equal exactly where the rows' keys are equal as
 * {@link TableRows#key} compares them (a null, or a value the inner side does not have, marks the row as matching
 * nothing). One long key column is used as it is; otherwise each column's values are numbered by a dictionary of the
 * inner side's values, and the pair (number of the columns before, number of this column) numbered in turn, so any
 * number and kind of keys ends as one dense number per row.
 */
record JoinKeys(long[] outer, byte[] outerNulls, long[] inner, byte[] innerNulls) {
    /**
     * The keys of {@code outer} and {@code inner}; null when a column pair mixes kinds (integers with floats, numbers
     * with text), which the boxed comparison decides.
     */
    static JoinKeys of(List<Column> outer, List<Column> inner) {
        int width = outer.size();
        if (width == 0 || width != inner.size()) {
            return null;
        }
        for (int k = 0; k < width; k++) {
            if (kind(outer.get(k)) != kind(inner.get(k)) || kind(outer.get(k)) == Kind.OTHER) {
                return null;
            }
        }
        if (width == 1 && kind(outer.get(0)) == Kind.LONG) {
            return new JoinKeys(outer.get(0).longs(), outer.get(0).nulls(), inner.get(0).longs(),
                    inner.get(0).nulls());
        }
        int no = outer.get(0).length();
        int ni = inner.get(0).length();
        int[] outerIds = new int[no];
        int[] innerIds = new int[ni];
        int[] outerPrefix = new int[no];
        int[] innerPrefix = new int[ni];
        numberColumn(outer.get(0), inner.get(0), outerPrefix, innerPrefix);
        for (int k = 1; k < width; k++) {
            numberColumn(outer.get(k), inner.get(k), outerIds, innerIds);
            long[] innerPairs = pairs(innerPrefix, innerIds, ni);
            LongGroupIds level = LongGroupIds.forKeys(innerPairs, null, ni);
            for (int r = 0; r < ni; r++) {
                innerPrefix[r] = innerPairs[r] < 0 ? -1 : number(level.idOrAdd(innerPairs[r]));
            }
            for (int r = 0; r < no; r++) {
                outerPrefix[r] = outerPrefix[r] < 0 || outerIds[r] < 0 ? -1
                        : level.find((long) outerPrefix[r] << 32 | outerIds[r]);
            }
        }
        return new JoinKeys(widened(outerPrefix), nullsOf(outerPrefix), widened(innerPrefix), nullsOf(innerPrefix));
    }

    private enum Kind { LONG, DOUBLE, TEXT, OTHER }

    private static Kind kind(Column c) {
        return c.longs() != null ? Kind.LONG : c.doubles() != null ? Kind.DOUBLE : c.strings() != null ? Kind.TEXT
                : Kind.OTHER;
    }

    /** The number of an id returned by {@link LongGroupIds#idOrAdd}, new or not. */
    private static int number(int id) {
        return id < 0 ? -1 - id : id;
    }

    /** Per row, the pair (prefix, id) in one long; -1 where either is missing (a pair is never negative). */
    private static long[] pairs(int[] prefix, int[] ids, int n) {
        long[] out = new long[n];
        for (int r = 0; r < n; r++) {
            out[r] = prefix[r] < 0 || ids[r] < 0 ? -1 : (long) prefix[r] << 32 | ids[r];
        }
        return out;
    }

    /**
     * Numbers the inner column's values 0, 1, ... in first-seen order into {@code innerIds}, and the outer column's
     * by the same numbers into {@code outerIds}; -1 for a null, and for an outer value the inner side does not have.
     */
    private static void numberColumn(Column outer, Column inner, int[] outerIds, int[] innerIds) {
        if (kind(inner) == Kind.TEXT) {
            Map<String, Integer> dict = new HashMap<>();
            List<String> iv = inner.strings();
            for (int r = 0; r < innerIds.length; r++) {
                String s = inner.isNull(r) ? null : iv.get(r);
                innerIds[r] = s == null ? -1 : dict.computeIfAbsent(s, x -> dict.size());
            }
            List<String> ov = outer.strings();
            for (int r = 0; r < outerIds.length; r++) {
                String s = outer.isNull(r) ? null : ov.get(r);
                Integer id = s == null ? null : dict.get(s);
                outerIds[r] = id == null ? -1 : id;
            }
            return;
        }
        long[] iv = values(inner);
        long[] ov = values(outer);
        LongGroupIds dict = LongGroupIds.forKeys(iv, inner.nulls(), innerIds.length);
        for (int r = 0; r < innerIds.length; r++) {
            innerIds[r] = inner.isNull(r) ? -1 : number(dict.idOrAdd(iv[r]));
        }
        for (int r = 0; r < outerIds.length; r++) {
            outerIds[r] = outer.isNull(r) ? -1 : dict.find(ov[r]);
        }
    }

    /**
     * A number column's values as longs equal where the boxed keys are equal: floats by their bits, with -0.0 as 0.0
     * (both the key 0) and every NaN one bit pattern (NaN keys match, as boxed Doubles are equal).
     */
    private static long[] values(Column c) {
        if (c.longs() != null) {
            return c.longs();
        }
        double[] d = c.doubles();
        long[] out = new long[c.length()];
        for (int r = 0; r < out.length; r++) {
            out[r] = Double.doubleToLongBits(d[r] == 0 ? 0.0 : d[r]);
        }
        return out;
    }

    private static long[] widened(int[] ids) {
        long[] out = new long[ids.length];
        for (int r = 0; r < ids.length; r++) {
            out[r] = ids[r];
        }
        return out;
    }

    private static byte[] nullsOf(int[] ids) {
        byte[] out = null;
        for (int r = 0; r < ids.length; r++) {
            if (ids[r] < 0) {
                out = out == null ? new byte[ids.length] : out;
                out[r] = 1;
            }
        }
        return out;
    }
}
