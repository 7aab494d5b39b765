package io.mars.am.services.scheduling.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PriorityPolicyTest {
    @Test
    void theOlderTaskGoesFirstThenTheSmallerDepthFirstPriority() {
        TaskRun older = TestGraphs.run(TestGraphs.chain(3), 1, null);
        TaskRun newer = TestGraphs.run(TestGraphs.chain(3), 2, null);
        Ready a = new Ready(newer, 0, 0, 1);
        Ready b = new Ready(older, 2, 7, 1);
        Ready c = new Ready(older, 1, 3, 1);
        List<Ready> entries = new ArrayList<>(List.of(a, b, c));
        entries.sort(new PriorityPolicy());
        assertThat(entries).containsExactly(c, b, a);
    }
}
