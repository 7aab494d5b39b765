package io.mars.am.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class WorkerSeriesTest {
    private static WorkerSeries.Sample sample(long t) {
        return new WorkerSeries.Sample(t, 1000, t * 10, t * 3, t, t / 2, t == 3 ? -1 : t * 100, 7, 1);
    }

    private static List<Long> column(JsonNode worker, String field) {
        List<Long> values = new ArrayList<>();
        worker.at("/samples/" + field).forEach(v -> values.add(v.isNull() ? null : v.asLong()));
        return values;
    }

    @Test
    void keepsTheLastSamplesOfEachWorkerOldestFirst() {
        WorkerSeries series = new WorkerSeries(4, 1000);
        for (long t = 1; t <= 6; t++) {
            series.record("worker-0", sample(t));
        }
        series.record("worker-1", sample(9));
        JsonNode doc = series.document();
        assertThat(doc.get("capacity").asInt()).isEqualTo(4);
        assertThat(doc.get("intervalMs").asLong()).isEqualTo(1000);
        JsonNode w0 = doc.get("workers").get(0);
        assertThat(w0.get("id").asText()).isEqualTo("worker-0");
        assertThat(column(w0, "timeMs")).containsExactly(3L, 4L, 5L, 6L);
        assertThat(column(w0, "memoryBytes")).containsExactly(30L, 40L, 50L, 60L);
        assertThat(column(w0, "rssBytes")).as("a figure the report lacked").containsExactly(null, 400L, 500L, 600L);
        JsonNode w1 = doc.get("workers").get(1);
        assertThat(column(w1, "timeMs")).containsExactly(9L);
        assertThat(w1.get("lost").asBoolean()).isFalse();
    }

    @Test
    void aLostWorkerKeepsItsSamplesAndIsMarkedWithTheReason() {
        WorkerSeries series = new WorkerSeries(3, 1000);
        series.record("worker-0", sample(1));
        series.record("worker-0", sample(2));
        series.lost("worker-0", "no heartbeat for more than 5000 ms");
        series.record("worker-1", sample(3));
        JsonNode w0 = series.document().get("workers").get(0);
        assertThat(w0.get("lost").asBoolean()).isTrue();
        assertThat(w0.get("lostReason").asText()).isEqualTo("no heartbeat for more than 5000 ms");
        assertThat(column(w0, "timeMs")).containsExactly(1L, 2L);
        assertThat(series.workerIds()).containsExactlyInAnyOrder("worker-0", "worker-1");
    }

    @Test
    void refusesAnEmptyRing() {
        assertThatThrownBy(() -> new WorkerSeries(0, 1000)).isInstanceOf(IllegalArgumentException.class);
    }
}
