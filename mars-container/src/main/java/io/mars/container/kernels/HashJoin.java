package io.mars.container.kernels;

/**
 * The matching rows of an equi-join on long keys ({@link JoinKeys}), rows with a null key matching nothing. The
 * index is built on the inner side, or on the smaller side when the inner keys are spread: then the outer rows are
 * indexed and the inner rows probe them in order, and the pairs are then put in outer-row order by a counting sort, so either way the
 * pairs come out as pandas orders them: by outer row, each outer row's inner matches in row order.
 */
final class HashJoin {
    private HashJoin() {
    }

    /**
     * The inner side is indexed unless it has more than this many times the outer side's rows and its keys are too
     * spread for an array indexed by key (a build into such an array is one store a row, and sequential when the
     * keys come sorted, as a table's primary key does).
     */
    private static final int INNER_BUILD_RATIO = 2;

    private static boolean indexesOuter(JoinKeys keys, int no, int ni) {
        return ni > (long) INNER_BUILD_RATIO * no
                && !LongJoinIndex.isArrayIndexed(keys.inner(), keys.innerNulls(), ni);
    }

    /**
     * Adds to {@code pairs}, for every outer row in order, its inner matches in order as (outer, inner) pairs; an
     * outer row without a match gives (outer, -1) when {@code keepUnmatched}.
     */
    static void match(JoinKeys keys, int no, int ni, boolean keepUnmatched, IntPairs pairs) {
        if (indexesOuter(keys, no, ni)) {
            matchByOuterIndex(keys, no, ni, keepUnmatched, pairs);
            return;
        }
        match(keys, new LongJoinIndex(keys.inner(), keys.innerNulls(), ni), no, keepUnmatched, pairs);
    }

    /** {@link #match} through an index of the inner rows already made (a broadcast side's, see {@link JoinBuild}). */
    static void match(JoinKeys keys, LongJoinIndex index, int no, boolean keepUnmatched, IntPairs pairs) {
        long[] ov = keys.outer();
        byte[] onulls = keys.outerNulls();
        pairs.reserve(no);
        for (int i = 0; i < no; i++) {
            int j = onulls != null && onulls[i] != 0 ? -1 : index.first(ov[i]);
            if (j < 0) {
                if (keepUnmatched) {
                    pairs.add(i, -1);
                }
                continue;
            }
            do {
                pairs.add(i, j);
                j = index.next(j);
            } while (j >= 0);
        }
    }

    private static void matchByOuterIndex(JoinKeys keys, int no, int ni, boolean keepUnmatched, IntPairs pairs) {
        LongJoinIndex index = new LongJoinIndex(keys.outer(), keys.outerNulls(), no);
        long[] iv = keys.inner();
        byte[] inulls = keys.innerNulls();
        IntPairs found = new IntPairs();
        found.reserve(Math.max(no, 16));
        int[] count = new int[no];
        for (int j = 0; j < ni; j++) {
            if (inulls != null && inulls[j] != 0) {
                continue;
            }
            for (int i = index.first(iv[j]); i >= 0; i = index.next(i)) {
                found.add(i, j);
                count[i]++;
            }
        }
        // each outer row's place: its pairs (or its one unmatched pair) after those of the rows before it
        int[] at = new int[no];
        int total = 0;
        for (int i = 0; i < no; i++) {
            at[i] = total;
            total += count[i] == 0 && keepUnmatched ? 1 : count[i];
        }
        pairs.reserve(total);
        int base = pairs.size;
        int[] left = pairs.left;
        int[] right = pairs.right;
        if (keepUnmatched) {
            for (int i = 0; i < no; i++) {
                if (count[i] == 0) {
                    left[base + at[i]] = i;
                    right[base + at[i]] = -1;
                }
            }
        }
        for (int k = 0; k < found.size; k++) {
            int i = found.left[k];
            int p = base + at[i]++;
            left[p] = i;
            right[p] = found.right[k];
        }
        pairs.size = base + total;
    }

    /** Whether each of the {@code no} outer rows has an inner match (a semi or anti join), indexing the smaller side. */
    static boolean[] matched(JoinKeys keys, int no, int ni) {
        long[] ov = keys.outer();
        byte[] onulls = keys.outerNulls();
        long[] iv = keys.inner();
        byte[] inulls = keys.innerNulls();
        if (indexesOuter(keys, no, ni)) {
            boolean[] matched = new boolean[no];
            LongJoinIndex index = new LongJoinIndex(ov, onulls, no);
            for (int j = 0; j < ni; j++) {
                if (inulls != null && inulls[j] != 0) {
                    continue;
                }
                int i = index.first(iv[j]);
                // a key's outer rows are marked together: a marked first row means the whole chain is
                if (i >= 0 && !matched[i]) {
                    for (; i >= 0; i = index.next(i)) {
                        matched[i] = true;
                    }
                }
            }
            return matched;
        }
        long[] bits = keyBits(iv, inulls, ni);
        return bits != null ? matchedByBits(ov, onulls, bits, no)
                : matchedByIndex(ov, onulls, new LongJoinIndex(iv, inulls, ni), no);
    }

    /** {@link #matched} through a build of the inner rows already made: its key bits, or else its index. */
    static boolean[] matched(JoinKeys keys, JoinBuild build, int no) {
        long[] bits = build.bits();
        return bits != null ? matchedByBits(keys.outer(), keys.outerNulls(), bits, no)
                : matchedByIndex(keys.outer(), keys.outerNulls(), build.index(), no);
    }

    private static boolean[] matchedByBits(long[] ov, byte[] onulls, long[] bits, int no) {
        boolean[] matched = new boolean[no];
        long lo = bits[bits.length - 1];
        long span = (long) (bits.length - 1) << 6;
        for (int i = 0; i < no; i++) {
            long off = ov[i] - lo;
            // an offset out of [0, span) (a key far below lo wraps to a large one, as unsigned) is no match
            matched[i] = (onulls == null || onulls[i] == 0) && Long.compareUnsigned(off, span) < 0
                    && (bits[(int) (off >>> 6)] & 1L << off) != 0;
        }
        return matched;
    }

    private static boolean[] matchedByIndex(long[] ov, byte[] onulls, LongJoinIndex index, int no) {
        boolean[] matched = new boolean[no];
        for (int i = 0; i < no; i++) {
            matched[i] = (onulls == null || onulls[i] == 0) && index.first(ov[i]) >= 0;
        }
        return matched;
    }

    /** The widest key range {@link #keyBits} covers: 2^23 bits, a megabyte. */
    private static final long BITS_RANGE = 1 << 23;

    /**
     * The inner keys as a set of bits over their range (the smallest key in the last long), for a semi or anti join
     * that only asks whether a key is there: null when the range is over {@link #BITS_RANGE} and over 64 times the
     * rows (eight bytes a row, a third of a hash table's), or over 2^28. A lookup is one load, with no branch on what it finds.
     */
    static long[] keyBits(long[] keys, byte[] nulls, int n) {
        long lo = Long.MAX_VALUE;
        long hi = Long.MIN_VALUE;
        for (int r = 0; r < n; r++) {
            if (nulls == null || nulls[r] == 0) {
                lo = Math.min(lo, keys[r]);
                hi = Math.max(hi, keys[r]);
            }
        }
        long range = hi - lo + 1;
        if (lo > hi || range <= 0 || range > Math.min(1 << 28, Math.max(BITS_RANGE, 64L * n))) {
            return null;
        }
        long[] bits = new long[(int) ((range + 63) >>> 6) + 1];
        bits[bits.length - 1] = lo;
        for (int r = 0; r < n; r++) {
            if (nulls == null || nulls[r] == 0) {
                long off = keys[r] - lo;
                bits[(int) (off >>> 6)] |= 1L << off;
            }
        }
        return bits;
    }
}
