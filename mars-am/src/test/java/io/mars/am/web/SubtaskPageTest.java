package io.mars.am.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mars.common.error.MarsException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SubtaskPageTest {
    private final TimelineEvents events = new TimelineEvents();
    private final List<ObjectNode> runs = new ArrayList<>();

    private void ran(String task, int stage, int subtask, String tileable, String worker, long startMs, long endMs,
                     String outcome) {
        long origin = System.nanoTime();
        long base = origin - (events.epochMs(origin) - events.startMs()) * 1_000_000;
        runs.add(events.subtaskRun(task, stage, subtask, tileable, worker, base + startMs * 1_000_000,
                base + endMs * 1_000_000, outcome));
    }

    @Test
    void groupsTheRunsOfOneTileablesSubtasksWithTheirAttempts() {
        ran("t1", 0, 0, "a", "worker-0", 0, 10, "succeeded");
        ran("t1", 0, 1, "a", "worker-1", 0, 20, "retried");
        ran("t1", 0, 2, "b", "worker-0", 10, 30, "succeeded");
        ran("t2", 0, 3, "a", "worker-0", 10, 30, "succeeded");
        ran("t1", 0, 1, "a", "worker-0", 25, 40, "succeeded");
        JsonNode page = SubtaskPage.of(runs, "t1", "a", 0, 10);
        assertThat(page.get("total").asInt()).isEqualTo(2);
        JsonNode second = page.get("subtasks").get(1);
        assertThat(second.get("subtask").asInt()).isEqualTo(1);
        assertThat(second.get("attempts").asInt()).isEqualTo(2);
        assertThat(second.get("state").asText()).isEqualTo("succeeded");
        assertThat(second.get("worker").asText()).as("the last attempt's").isEqualTo("worker-0");
        assertThat(second.get("endMs").asLong() - second.get("startMs").asLong()).isBetween(39L, 41L);
        assertThat(second.get("durationMs").asLong()).as("of the last attempt").isBetween(14L, 16L);
    }

    @Test
    void pagesAndCapsThePage() {
        for (int i = 0; i < 7; i++) {
            ran("t", 1, i, "x", "w", i, i + 1, "succeeded");
        }
        JsonNode page = SubtaskPage.of(runs, "t", "x", 5, 3);
        assertThat(page.get("total").asInt()).isEqualTo(7);
        assertThat(page.get("subtasks")).extracting(s -> s.get("subtask").asInt()).containsExactly(5, 6);
        assertThatThrownBy(() -> SubtaskPage.of(runs, "t", "x", 0, SubtaskPage.MAX_LIMIT + 1))
                .isInstanceOf(MarsException.class).hasMessageContaining("limit").hasMessageContaining("501");
        assertThatThrownBy(() -> SubtaskPage.of(runs, "t", "x", -1, 3))
                .isInstanceOf(MarsException.class).hasMessageContaining("offset").hasMessageContaining("-1");
    }
}
