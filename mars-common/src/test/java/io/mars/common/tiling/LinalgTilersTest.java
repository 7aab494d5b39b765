package io.mars.common.tiling;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LinalgTilersTest {
    @Test
    void rowBlocksOfTsqrHoldAtLeastAsManyRowsAsColumns() {
        assertThat(LinalgTilers.atLeast(new long[] {1, 1, 1, 1, 1, 1, 1}, 3)).containsExactly(3, 4);
        assertThat(LinalgTilers.atLeast(new long[] {5, 5}, 3)).containsExactly(5, 5);
        assertThat(LinalgTilers.atLeast(new long[] {2}, 3)).containsExactly(2);
        assertThat(LinalgTilers.atLeast(new long[] {1, 2, 3, 1}, 3)).containsExactly(3, 4);
    }
}
