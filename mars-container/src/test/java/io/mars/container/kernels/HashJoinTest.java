package io.mars.container.kernels;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.types.Column;
import io.mars.types.DType;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A hash join's pairs and semi-join flags equal a nested loop's, whichever side is indexed: by outer row, each outer
 * row's inner matches in row order, an unmatched outer row once with -1 when kept, null keys matching nothing.
 */
class HashJoinTest {
    private final Random random = new Random(23);

    @Test
    void aSmallerInnerSideIsIndexed() {
        for (long span : new long[] {50, 1L << 40}) {
            assertLikeANestedLoop(keys(900, span), keys(300, span));
        }
    }

    @Test
    void aLargerInnerSideProbesTheIndexedOuterRows() {
        for (long span : new long[] {50, 1L << 40}) {
            assertLikeANestedLoop(keys(200, span), keys(1500, span));
        }
    }

    @Test
    void emptyAndAllNullSides() {
        assertLikeANestedLoop(keys(0, 10), keys(50, 10));
        assertLikeANestedLoop(keys(50, 10), keys(0, 10));
        JoinKeys keys = new JoinKeys(new long[] {1, 2, 3}, new byte[] {1, 1, 1}, new long[] {1, 2, 3, 1, 2, 3, 1}, null);
        IntPairs pairs = new IntPairs();
        HashJoin.match(keys, 3, 7, true, pairs);
        assertThat(pairs.size).isEqualTo(3);
        assertThat(HashJoin.matched(keys, 3, 7)).containsExactly(false, false, false);
    }

    @Test
    void keysAtTheEndsOfTheLongRangeMatchOnlyThemselves() {
        long top = Long.MAX_VALUE;
        long bottom = Long.MIN_VALUE;
        JoinKeys keys = new JoinKeys(new long[] {bottom, bottom + 1, bottom + 63, top - 1, top, 0, top - 64},
                null, new long[] {top - 1, top, top - 1}, null);
        assertThat(HashJoin.matched(keys, 7, 3)).containsExactly(false, false, false, true, true, false, false);
        JoinKeys low = new JoinKeys(new long[] {top, top - 1, bottom, bottom + 2, -1}, null,
                new long[] {bottom, bottom + 1, bottom + 2}, null);
        assertThat(HashJoin.matched(low, 5, 3)).containsExactly(false, false, true, true, false);
    }

    /** Keys {@code [0, span)} (spread over the longs for a wide span) and a null for one row in eight. */
    private Object[] keys(int n, long span) {
        long[] v = new long[n];
        byte[] nulls = new byte[n];
        for (int r = 0; r < n; r++) {
            v[r] = span > 1000 ? random.nextInt(100) * (span / 100) : random.nextInt((int) span);
            nulls[r] = (byte) (random.nextInt(8) == 0 ? 1 : 0);
        }
        return new Object[] {v, nulls};
    }

    private static void assertLikeANestedLoop(Object[] outer, Object[] inner) {
        long[] ov = (long[]) outer[0];
        byte[] on = (byte[]) outer[1];
        long[] iv = (long[]) inner[0];
        byte[] in = (byte[]) inner[1];
        JoinKeys keys = new JoinKeys(ov, on, iv, in);
        for (boolean keepUnmatched : new boolean[] {false, true}) {
            List<String> expected = new ArrayList<>();
            boolean[] expectedMatched = new boolean[ov.length];
            for (int i = 0; i < ov.length; i++) {
                int before = expected.size();
                for (int j = 0; j < iv.length; j++) {
                    if (on[i] == 0 && in[j] == 0 && ov[i] == iv[j]) {
                        expected.add(i + "," + j);
                    }
                }
                expectedMatched[i] = expected.size() > before;
                if (!expectedMatched[i] && keepUnmatched) {
                    expected.add(i + ",-1");
                }
            }
            IntPairs pairs = new IntPairs();
            pairs.add(-7, -7); // pairs already there stay first
            HashJoin.match(keys, ov.length, iv.length, keepUnmatched, pairs);
            List<String> got = new ArrayList<>();
            for (int k = 1; k < pairs.size; k++) {
                got.add(pairs.left[k] + "," + pairs.right[k]);
            }
            assertThat(pairs.left[0]).isEqualTo(-7);
            assertThat(got).as("keepUnmatched %s", keepUnmatched).isEqualTo(expected);
            assertThat(HashJoin.matched(keys, ov.length, iv.length)).isEqualTo(expectedMatched);
            // through a build of the inner side made once (a broadcast side's): its index, its key bits
            JoinBuild build = JoinBuild.of(List.of(new Column("k", DType.INT64, iv, null, null, in)));
            JoinKeys probed = build.probe(List.of(new Column("k", DType.INT64, ov, null, null, on)));
            IntPairs built = new IntPairs();
            HashJoin.match(probed, build.index(), ov.length, keepUnmatched, built);
            List<String> gotBuilt = new ArrayList<>();
            for (int k = 0; k < built.size; k++) {
                gotBuilt.add(built.left[k] + "," + built.right[k]);
            }
            assertThat(gotBuilt).as("built, keepUnmatched %s", keepUnmatched).isEqualTo(expected);
            assertThat(HashJoin.matched(probed, build, ov.length)).isEqualTo(expectedMatched);
        }
    }
}
