package io.mars.container.kernels;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** Four-lane group sizes and sums equal a row-by-row count and sum, with skipped rows and ragged lengths. */
class GroupLanesTest {
    @Test
    void lanesEqualARowByRowPass() {
        Random random = new Random(4);
        for (int n : new int[] {0, 1, 3, 4, 5, 7, 1001, 65_538}) {
            for (int groupCount : new int[] {1, 3, 17}) {
                int[] groups = new int[n];
                double[] d = new double[n];
                long[] l = new long[n];
                for (int r = 0; r < n; r++) {
                    groups[r] = random.nextInt(9) == 0 ? -1 : random.nextInt(groupCount);
                    d[r] = random.nextGaussian() * 1e6;
                    l[r] = random.nextLong() >> random.nextInt(64);
                }
                long[] sizes = new long[groupCount];
                double[] dsum = new double[groupCount];
                long[] lsum = new long[groupCount];
                for (int r = 0; r < n; r++) {
                    if (groups[r] >= 0) {
                        sizes[groups[r]]++;
                        dsum[groups[r]] += d[r];
                        lsum[groups[r]] += l[r];
                    }
                }
                GroupLanes lanes = new GroupLanes(groups, n, groupCount);
                assertThat(lanes.sizes()).as("n=%d", n).containsExactly(sizes);
                assertThat(lanes.sums(l)).as("n=%d", n).containsExactly(lsum);
                double[] got = lanes.sums(d);
                for (int g = 0; g < groupCount; g++) {
                    assertThat(got[g]).as("n=%d group %d", n, g).isCloseTo(dsum[g], within(1e-9 * (1 + n) * 1e6));
                }
            }
        }
        assertThat(io.mars.common.table.ArrowBuffers.anyNaN(new double[] {1, Double.NaN}, 2)).isTrue();
        assertThat(io.mars.common.table.ArrowBuffers.anyNaN(new double[] {1, Double.NaN}, 1)).isFalse();
    }
}
