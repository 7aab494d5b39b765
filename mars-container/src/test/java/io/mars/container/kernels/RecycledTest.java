package io.mars.container.kernels;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RecycledTest {
    @Test
    void onlyTheArrayLastIssuedOnTheThreadIsTakenBackAndReusedForItsLength() throws Exception {
        double[] first = Recycled.doubles(1000);
        assertThat(Recycled.offer(new double[1000])).as("an array it did not issue").isFalse();
        double[] second = Recycled.doubles(1000);
        assertThat(second).isNotSameAs(first);
        assertThat(Recycled.offer(first)).as("issued, but not the latest").isFalse();
        assertThat(Recycled.offer(second)).isTrue();
        assertThat(Recycled.offer(second)).as("taken back once").isFalse();
        assertThat(Recycled.doubles(1000)).isSameAs(second);
        // handed out again: not free twice
        assertThat(Recycled.doubles(1000)).isNotSameAs(second);
        double[] third = Recycled.doubles(64);
        assertThat(Recycled.offer(third)).isTrue();
        assertThat(Recycled.doubles(65)).as("another length: a new array").isNotSameAs(third);
        // another thread neither sees nor takes this thread's arrays
        double[] mine = Recycled.doubles(32);
        boolean[] taken = new boolean[1];
        Thread other = new Thread(() -> taken[0] = Recycled.offer(mine));
        other.start();
        other.join();
        assertThat(taken[0]).isFalse();
        assertThat(Recycled.offer(mine)).isTrue();
    }
}
