package io.mars.container.kernels;

import io.mars.types.Column;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The inner side of an equi-join made ready for probing: its keys as one long per row, equal exactly where the rows'
 * keys are equal as {@link TableRows#key} compares them, with what numbers another side's keys the same way; and, on
 * first use, the index of its rows by key ({@link LongJoinIndex}) or the set of its keys as bits. One long key column
 * is used as it is; otherwise each column's values are numbered by a dictionary of the inner values, and the pair
 * (number of the columns before, number of this column) numbered in turn, so any number and kind of keys ends as one
 * dense number per row. Immutable once made but for the lazily built index and bits; safe to share between threads
 * (a broadcast side is built once per worker and probed by every chunk of the other side, see {@link JoinBuilds}).
 */
final class JoinBuild {
    private enum Kind { LONG, DOUBLE, TEXT, OTHER }

    private final Kind[] kinds;
    /** Per key column, the numbers of the inner values: a {@link LongGroupIds} or a text map; none for one long key. */
    private final Object[] dictionaries;
    /** Per key column after the first, the numbers of the pairs (number of the columns before, this column's). */
    private final LongGroupIds[] levels;
    /** The inner rows' keys, and 1 where a row's key matches nothing (a null in a key column); null when none does. */
    private final long[] keys;
    private final byte[] nulls;
    private LongJoinIndex index;
    private long[] bits;
    private boolean bitsTried;

    private JoinBuild(Kind[] kinds, Object[] dictionaries, LongGroupIds[] levels, long[] keys, byte[] nulls) {
        this.kinds = kinds;
        this.dictionaries = dictionaries;
        this.levels = levels;
        this.keys = keys;
        this.nulls = nulls;
    }

    /** The build of the inner key columns; null when there are none or one is of no kind a long can stand for. */
    static JoinBuild of(List<Column> inner) {
        int width = inner.size();
        if (width == 0) {
            return null;
        }
        Kind[] kinds = new Kind[width];
        for (int k = 0; k < width; k++) {
            kinds[k] = kind(inner.get(k));
            if (kinds[k] == Kind.OTHER) {
                return null;
            }
        }
        if (width == 1 && kinds[0] == Kind.LONG) {
            return new JoinBuild(kinds, new Object[1], new LongGroupIds[1], inner.get(0).longs(), inner.get(0).nulls());
        }
        int ni = inner.get(0).length();
        Object[] dictionaries = new Object[width];
        LongGroupIds[] levels = new LongGroupIds[width];
        int[] prefix = new int[ni];
        int[] ids = new int[ni];
        dictionaries[0] = numberInner(inner.get(0), prefix);
        for (int k = 1; k < width; k++) {
            dictionaries[k] = numberInner(inner.get(k), ids);
            long[] pairs = pairs(prefix, ids, ni);
            LongGroupIds level = LongGroupIds.forKeys(pairs, null, ni);
            for (int r = 0; r < ni; r++) {
                prefix[r] = pairs[r] < 0 ? -1 : LongGroupIds.idOf(level.idOrAdd(pairs[r]));
            }
            levels[k] = level;
        }
        return new JoinBuild(kinds, dictionaries, levels, widened(prefix), nullsOf(prefix));
    }

    int rows() {
        return keys.length;
    }

    /**
     * The keys of both sides, the outer numbered as the inner; null when the outer columns are not as many or a pair
     * of columns mixes kinds (integers with floats, numbers with text), which the boxed comparison decides.
     */
    JoinKeys probe(List<Column> outer) {
        int width = kinds.length;
        if (outer.size() != width) {
            return null;
        }
        for (int k = 0; k < width; k++) {
            if (kind(outer.get(k)) != kinds[k]) {
                return null;
            }
        }
        if (width == 1 && kinds[0] == Kind.LONG) {
            return new JoinKeys(outer.get(0).longs(), outer.get(0).nulls(), keys, nulls);
        }
        int no = outer.get(0).length();
        int[] prefix = new int[no];
        int[] ids = new int[no];
        numberOuter(outer.get(0), dictionaries[0], prefix);
        for (int k = 1; k < width; k++) {
            numberOuter(outer.get(k), dictionaries[k], ids);
            LongGroupIds level = levels[k];
            for (int r = 0; r < no; r++) {
                prefix[r] = prefix[r] < 0 || ids[r] < 0 ? -1 : level.find((long) prefix[r] << 32 | ids[r]);
            }
        }
        return new JoinKeys(widened(prefix), nullsOf(prefix), keys, nulls);
    }

    /** The index of the inner rows by key, made on first use. */
    synchronized LongJoinIndex index() {
        if (index == null) {
            index = new LongJoinIndex(keys, nulls, keys.length);
        }
        return index;
    }

    /** The inner keys as bits ({@link HashJoin#keyBits}), made on first use; null when their range is too wide. */
    synchronized long[] bits() {
        if (!bitsTried) {
            bits = HashJoin.keyBits(keys, nulls, keys.length);
            bitsTried = true;
        }
        return bits;
    }

    /** About the heap this build holds, in bytes, once its index is made (what {@link JoinBuilds} counts). */
    long bytes() {
        // the keys, the index's chain and its table (or array by key), the dictionaries and levels: 64 bytes a row
        return 64L * keys.length;
    }

    private static Kind kind(Column c) {
        return c.longs() != null ? Kind.LONG : c.doubles() != null ? Kind.DOUBLE : c.strings() != null ? Kind.TEXT
                : Kind.OTHER;
    }

    /** Per row, the pair (prefix, id) in one long; -1 where either is missing (a pair is never negative). */
    private static long[] pairs(int[] prefix, int[] ids, int n) {
        long[] out = new long[n];
        for (int r = 0; r < n; r++) {
            out[r] = prefix[r] < 0 || ids[r] < 0 ? -1 : (long) prefix[r] << 32 | ids[r];
        }
        return out;
    }

    /** Numbers the inner column's values 0, 1, ... in first-seen order into {@code ids} (-1 for a null). */
    private static Object numberInner(Column inner, int[] ids) {
        if (kind(inner) == Kind.TEXT) {
            Map<String, Integer> dict = new HashMap<>();
            List<String> iv = inner.strings();
            for (int r = 0; r < ids.length; r++) {
                String s = inner.isNull(r) ? null : iv.get(r);
                ids[r] = s == null ? -1 : dict.computeIfAbsent(s, x -> dict.size());
            }
            return dict;
        }
        long[] iv = values(inner);
        LongGroupIds dict = LongGroupIds.forKeys(iv, inner.nulls(), ids.length);
        for (int r = 0; r < ids.length; r++) {
            ids[r] = inner.isNull(r) ? -1 : LongGroupIds.idOf(dict.idOrAdd(iv[r]));
        }
        return dict;
    }

    /** Numbers the outer column's values by the inner dictionary into {@code ids}; -1 for a null or a value it lacks. */
    @SuppressWarnings("unchecked")
    private static void numberOuter(Column outer, Object dictionary, int[] ids) {
        if (dictionary instanceof Map<?, ?> map) {
            Map<String, Integer> dict = (Map<String, Integer>) map;
            List<String> ov = outer.strings();
            for (int r = 0; r < ids.length; r++) {
                String s = outer.isNull(r) ? null : ov.get(r);
                Integer id = s == null ? null : dict.get(s);
                ids[r] = id == null ? -1 : id;
            }
            return;
        }
        LongGroupIds dict = (LongGroupIds) dictionary;
        long[] ov = values(outer);
        for (int r = 0; r < ids.length; r++) {
            ids[r] = outer.isNull(r) ? -1 : dict.find(ov[r]);
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
