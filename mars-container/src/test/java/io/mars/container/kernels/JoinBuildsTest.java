package io.mars.container.kernels;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.types.Column;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A worker keeps the last few join builds, the least recently used going first past its count or its bytes. */
class JoinBuildsTest {
    private static JoinBuild build(int rows) {
        return JoinBuild.of(List.of(Column.ofLongs("k", new long[rows])));
    }

    @Test
    void theLeastRecentlyUsedGoFirstPastTheCount() {
        JoinBuilds builds = new JoinBuilds(1 << 20);
        JoinBuild first = build(3);
        builds.put("a", first);
        for (int i = 1; i < JoinBuilds.ENTRIES; i++) {
            builds.put("b" + i, build(3));
        }
        assertThat(builds.get("a")).isSameAs(first); // now the most recently used
        builds.put("c", build(3));
        assertThat(builds.size()).isEqualTo(JoinBuilds.ENTRIES);
        assertThat(builds.get("a")).isSameAs(first);
        assertThat(builds.get("b1")).as("the least recently used").isNull();
        assertThat(builds.get("c")).isNotNull();
    }

    @Test
    void aWorkerKeepsAtMostA32ndOfTheHeap() {
        assertThat(JoinBuilds.forHeap().limit()).isPositive()
                .isLessThanOrEqualTo(Math.min(64L << 20, Runtime.getRuntime().maxMemory() / 32));
    }

    @Test
    void buildsPastTheBytesAreNotKeptAndBigOnesPushOutOthers() {
        JoinBuilds builds = new JoinBuilds(64_000);
        int most = (int) (builds.limit() / build(1).bytes());
        builds.put("huge", build(most + 1));
        assertThat(builds.get("huge")).isNull();
        builds.put("small", build(10));
        builds.put("big", build(most - 5));
        assertThat(builds.get("big")).isNotNull();
        assertThat(builds.get("small")).as("pushed out by the bytes").isNull();
    }
}
