package io.mars.am.services.lifecycle.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class KeyCountsTest {
    @Test
    void countsEachKeyAndForgetsItAtZero() {
        KeyCounts counts = new KeyCounts();
        counts.increment("t1-2.m0_41");
        counts.increment("t1-2.m0_41");
        counts.increment("t1-2.m0_4");
        counts.increment("t1-2.m0_041"); // not the key 41: a leading zero keeps it whole
        counts.increment("t1-2.x");
        assertThat(counts.size()).isEqualTo(4);
        assertThat(counts.get("t1-2.m0_41")).isEqualTo(2);
        assertThat(counts.get("t1-2.m0_041")).isEqualTo(1);
        assertThat(counts.get("t1-2.m0_410")).isZero();
        assertThat(counts.decrement("t1-2.m0_41")).isEqualTo(1);
        assertThat(counts.decrement("t1-2.m0_41")).isZero();
        assertThat(counts.decrement("t1-2.m0_41")).isEqualTo(-1);
        assertThat(counts.get("t1-2.m0_41")).isZero();
        assertThat(counts.decrement("t1-2.x")).isZero();
        assertThat(counts.size()).isEqualTo(2);
    }

    @Test
    void behavesAsAMapOfCountsUnderManyChangesAsItGrowsAndShrinks() {
        KeyCounts counts = new KeyCounts();
        Map<String, Integer> model = new HashMap<>();
        Random random = new Random(42);
        String[] prefixes = {"t9a-1.m0_", "t9a-1.c0_2_", "s3-7.", "plain-key-"};
        for (int step = 0; step < 200_000; step++) {
            int phase = step / 50_000; // grow, shrink, grow, shrink
            String key = prefixes[random.nextInt(prefixes.length)] + random.nextInt(20_000)
                    + (random.nextInt(10) == 0 ? "x" : "");
            boolean add = phase % 2 == 0 ? random.nextInt(4) != 0 : random.nextInt(4) == 0;
            if (add) {
                counts.increment(key);
                model.merge(key, 1, Integer::sum);
            } else {
                Integer c = model.get(key);
                int expected = c == null ? -1 : c - 1;
                assertThat(counts.decrement(key)).isEqualTo(expected);
                if (c != null) {
                    if (c == 1) {
                        model.remove(key);
                    } else {
                        model.put(key, c - 1);
                    }
                }
            }
            if (step % 10_000 == 0) {
                assertThat(counts.size()).isEqualTo(model.size());
                model.forEach((k, c) -> assertThat(counts.get(k)).as(k).isEqualTo(c));
            }
        }
        assertThat(counts.size()).isEqualTo(model.size());
        model.forEach((k, c) -> assertThat(counts.get(k)).as(k).isEqualTo(c));
    }
}
