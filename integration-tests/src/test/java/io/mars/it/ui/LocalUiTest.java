package io.mars.it.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mars.am.history.HistoryServer;
import io.mars.common.error.MarsException;
import io.mars.dataframe.DataFrames;
import io.mars.dataframe.Series;
import io.mars.submit.client.ClientSession;
import io.mars.submit.local.LocalCluster;
import io.mars.submit.local.LocalWebConfig;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import io.mars.types.Column;
import io.mars.types.LocalTable;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The web UI of a local cluster ({@value LocalWebConfig#PORT}) in headless chromium: the tasks with the API's counts,
 * a failing user function's worker-side frames, both workers on the timeline, rendered within 2 s; then the same
 * views of the ended application served by mars-history from its event log.
 */
public class LocalUiTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int SLOW_CHUNKS = 32;
    private static final long SLOW_SUBTASK_MS = 250;

    @TempDir
    Path tmp;

    @Test
    void theLocalUiAndTheHistoryServerShowTheTasksTheirErrorsAndBothWorkers() throws Exception {
        BrowserCheck.requireChromium();
        Path events = tmp.resolve("events");
        JsonNode liveTasks;
        Map<String, JsonNode> liveGraphs = new java.util.HashMap<>();
        try (LocalCluster cluster = new LocalCluster(2, Map.of(LocalWebConfig.PORT, "0",
                "mars.eventlog.dir", events.toString(), "mars.app.name", "ui-job",
                // the workers' samples (api/workers/series) every 250 ms rather than every second: a shorter wait
                "mars.worker.heartbeat-interval-ms", "250"));
             ClientSession session = ClientSession.open(cluster.supervisor(), Map.of(), null)) {
            URI ui = cluster.webUrl().orElseThrow();
            assertCountsAdvanceInTheBrowser(ui, session);
            Tensor t = Tensors.arange(4000).reshape(40, 100).rechunk(Tensors.chunks(5, 50));
            assertThat(t.sum().execute(session).getDouble(0)).isEqualTo(3999 * 4000 / 2.0);
            Series failing = DataFrames.fromTable(LocalTable.of(Column.ofLongs("k", 1, 2, -3, 4)), 2).col("k")
                    .map((Long v) -> {
                        if (v < 0) {
                            throw new IllegalStateException("no negative keys here, got " + v);
                        }
                        return v;
                    });
            assertThatThrownBy(() -> session.executeTables(failing)).isInstanceOf(MarsException.class);

            liveTasks = JSON.readTree(ui.resolve("api/tasks").toURL()).get("tasks");
            Map<String, Integer> sampled = assertSamplesAccumulate(ui);
            JsonNode shown = BrowserCheck.check(ui, "local");
            for (Map.Entry<String, Integer> w : sampled.entrySet()) {
                assertThat(shown.at("/chartSamples/" + w.getKey()).asInt()).as("samples charted for %s, from before"
                        + " the page opened", w.getKey()).isGreaterThanOrEqualTo(w.getValue());
            }
            assertShowsTheTasks(shown, liveTasks);
            assertDrawsTheGraphs(shown, ui, liveTasks);
            assertDrillsDown(shown, ui);
            for (JsonNode task : liveTasks) {
                String id = task.get("id").asText();
                liveGraphs.put(id, JSON.readTree(ui.resolve("api/tasks/" + id + "/graph").toURL()));
            }
            assertThat(shown.get("renderMs").asLong()).as("first render").isLessThan(2000);
            assertThat(shown.get("taskRenderMs").asLong()).as("a task view with its graph").isLessThan(2000);
            assertThat(shown.get("configShown").asBoolean()).isTrue();
            assertThat(shown.get("charts").asInt()).isEqualTo(2);
        }

        Path log;
        try (Stream<Path> files = Files.list(events)) {
            log = files.findFirst().orElseThrow();
        }
        String appId = log.getFileName().toString().replace(".jsonl", "");
        try (HistoryServer history = new HistoryServer(events.toString(), "127.0.0.1", 0, new Configuration())) {
            URI app = history.start().resolve("app/" + appId + "/");
            JsonNode shown = BrowserCheck.check(app, "history");
            assertShowsTheTasks(shown, liveTasks);
            assertDrawsTheGraphs(shown, app, liveTasks);
            assertDrillsDown(shown, app);
            for (Map.Entry<String, JsonNode> live : liveGraphs.entrySet()) {
                assertThat(JSON.readTree(app.resolve("api/tasks/" + live.getKey() + "/graph").toURL()))
                        .as("the recorded graph of %s", live.getKey()).isEqualTo(live.getValue());
            }
        }
    }

    /**
     * A task of {@value #SLOW_CHUNKS} subtasks of {@value #SLOW_SUBTASK_MS} ms each (about 4 s on two one-slot workers)
     * starts once the browser watches the task list: the first row is read while the task runs with some subtasks
     * left, the next while it still runs shows more done (and each later read more again), and at the end
     * {@code api/tasks} has every subtask done.
     */
    private static void assertCountsAdvanceInTheBrowser(URI ui, ClientSession session) throws Exception {
        long started = System.nanoTime();
        BrowserCheck.Watch watch = BrowserCheck.watchProgress(ui, "local", 3, 90_000);
        watch.awaitReady(); // chromium may take seconds to start on a loaded machine: the task starts after it
        long[] keys = java.util.stream.LongStream.range(0, SLOW_CHUNKS).toArray();
        Series slow = DataFrames.fromTable(LocalTable.of(Column.ofLongs("k", keys)), 1).col("k").map((Long v) -> {
            try {
                Thread.sleep(SLOW_SUBTASK_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return v;
        });
        assertThat(session.executeTables(slow)).isNotNull();
        JsonNode reads = watch.result().get("reads");
        JsonNode api = JSON.readTree(ui.resolve("api/tasks").toURL()).get("tasks").get(0);
        assertReadsAdvance(reads, api);
        System.out.printf("LocalUiTest: the slow task and its browser watch took %d ms; read %s%n",
                (System.nanoTime() - started) / 1_000_000, reads);
    }

    /**
     * {@code api/workers/series} has samples of both workers at the heartbeat interval since the cluster started,
     * in time order, more of them a few intervals later; returns the samples per worker at the first read.
     */
    private static Map<String, Integer> assertSamplesAccumulate(URI ui) throws Exception {
        JsonNode first = JSON.readTree(ui.resolve("api/workers/series").toURL());
        long interval = first.get("intervalMs").asLong();
        Map<String, Integer> counts = new java.util.TreeMap<>();
        for (JsonNode w : first.get("workers")) {
            JsonNode times = w.at("/samples/timeMs");
            for (int i = 1; i < times.size(); i++) {
                assertThat(times.get(i).asLong()).as("sample times of %s", w.get("id")).isGreaterThan(
                        times.get(i - 1).asLong());
            }
            assertThat(w.at("/samples/quotaBytes/0").asLong()).as("quota of %s", w.get("id")).isPositive();
            assertThat(w.get("lost").asBoolean()).isFalse();
            counts.put(w.get("id").asText(), times.size());
        }
        assertThat(counts.keySet()).containsExactly("worker-0", "worker-1");
        assertThat(counts.values()).as("samples of the last few seconds' tasks").allMatch(n -> n >= 3);
        Thread.sleep(3 * interval);
        JsonNode later = JSON.readTree(ui.resolve("api/workers/series").toURL());
        for (JsonNode w : later.get("workers")) {
            assertThat(w.at("/samples/timeMs").size()).as("samples of %s later", w.get("id"))
                    .isGreaterThan(counts.get(w.get("id").asText()));
        }
        return counts;
    }

    /** Reads of one task's row while it ran ({@link BrowserCheck#watchProgress}) against its {@code api/tasks} entry. */
    public static void assertReadsAdvance(JsonNode reads, JsonNode apiTask) {
        assertThat(reads.size()).as("reads of the running task: %s", reads).isGreaterThanOrEqualTo(2);
        JsonNode first = reads.get(0);
        assertThat(first.get("id").asText()).isEqualTo(apiTask.get("id").asText());
        assertThat(first.get("state").asText()).as("the first read").isEqualTo("RUNNING");
        long total = first.at("/counts/total").asLong();
        assertThat(first.at("/counts/succeeded").asLong()).as("done at the first read of %s", reads)
                .isLessThan(total);
        for (int i = 1; i < reads.size(); i++) {
            assertThat(reads.get(i).at("/counts/succeeded").asLong()).as("read %d of %s", i, reads)
                    .isGreaterThan(reads.get(i - 1).at("/counts/succeeded").asLong());
        }
        assertThat(reads.get(1).get("state").asText()).as("the second read").isEqualTo("RUNNING");
        assertThat(apiTask.at("/subtasks/succeeded").asLong()).as("done at the end")
                .isEqualTo(apiTask.at("/subtasks/total").asLong())
                .isGreaterThanOrEqualTo(reads.get(reads.size() - 1).at("/counts/succeeded").asLong());
    }

    /**
     * The drill-down into the first task's biggest tileable (the slow map, 32 subtasks) lists every one of its
     * subtasks, each with the stage and worker {@code api/timeline} reports for it, on both workers.
     */
    private static void assertDrillsDown(JsonNode shown, URI ui) throws Exception {
        JsonNode drill = shown.get("drillDown");
        String task = drill.get("task").asText();
        String key = drill.get("key").asText();
        Map<String, String> workerOf = new java.util.HashMap<>();
        for (JsonNode run : JSON.readTree(ui.resolve("api/timeline").toURL()).get("subtasks")) {
            if (run.get("task").asText().equals(task) && run.get("tileable").asText().equals(key)) {
                workerOf.put(run.get("stage").asInt() + "/" + run.get("subtask").asInt(), run.get("worker").asText());
            }
        }
        assertThat(drill.get("total").asInt()).as("subtasks of %s", key).isEqualTo(SLOW_CHUNKS)
                .isEqualTo(workerOf.size());
        JsonNode rows = drill.get("rows");
        assertThat(rows).hasSize(SLOW_CHUNKS);
        java.util.Set<String> workers = new java.util.TreeSet<>();
        for (JsonNode row : rows) {
            String id = row.get("stage").asInt() + "/" + row.get("subtask").asInt();
            assertThat(row.get("worker").asText()).as("worker of subtask %s", id).isEqualTo(workerOf.get(id));
            assertThat(row.get("state").asText()).isEqualTo("succeeded");
            workers.add(row.get("worker").asText());
        }
        assertThat(workers).containsExactly("worker-0", "worker-1");
        JsonNode page = JSON.readTree(ui.resolve("api/tasks/" + task + "/subtasks?tileable="
                + java.net.URLEncoder.encode(key, java.nio.charset.StandardCharsets.UTF_8) + "&offset=30&limit=5")
                .toURL());
        assertThat(page.get("subtasks")).as("the last page").hasSize(SLOW_CHUNKS - 30);
    }

    /** Every tileable of each task's graph is drawn, with the counts of {@code api/tasks/<id>/graph}. */
    private static void assertDrawsTheGraphs(JsonNode shown, URI ui, JsonNode apiTasks) throws Exception {
        for (JsonNode task : apiTasks) {
            String id = task.get("id").asText();
            JsonNode api = JSON.readTree(ui.resolve("api/tasks/" + id + "/graph").toURL()).get("nodes");
            JsonNode drawn = shown.at("/graphs/" + id);
            assertThat(drawn.size()).as("tileables of %s", id).isEqualTo(api.size()).isPositive();
            Map<String, JsonNode> byKey = new java.util.HashMap<>();
            drawn.forEach(n -> byKey.put(n.get("key").asText(), n));
            long total = 0;
            for (JsonNode node : api) {
                JsonNode n = byKey.get(node.get("key").asText());
                assertThat(n).as("node %s of %s", node.get("key"), id).isNotNull();
                assertThat(n.get("operand").asText()).isEqualTo(node.get("operand").asText());
                for (String count : List.of("total", "pending", "running", "succeeded", "failed", "reruns")) {
                    assertThat(n.at("/counts/" + count).asLong()).as("%s of %s", count, node.get("key"))
                            .isEqualTo(node.at("/subtasks/" + count).asLong());
                }
                total += node.at("/subtasks/total").asLong();
            }
            assertThat(total).as("subtasks of %s over its tileables", id).isEqualTo(task.at("/subtasks/total").asLong());
        }
    }

    private static void assertShowsTheTasks(JsonNode shown, JsonNode apiTasks) {
        List<String> ids = new ArrayList<>();
        apiTasks.forEach(t -> ids.add(t.get("id").asText()));
        JsonNode rows = shown.get("tasks");
        List<String> shownIds = new ArrayList<>();
        rows.forEach(r -> shownIds.add(r.get("id").asText()));
        List<String> newestFirst = new ArrayList<>(ids);
        java.util.Collections.reverse(newestFirst);
        assertThat(shownIds).as("newest first").containsExactlyElementsOf(newestFirst);
        for (JsonNode row : rows) {
            JsonNode api = apiTasks.get(ids.indexOf(row.get("id").asText()));
            assertThat(row.get("state").asText()).isEqualTo(api.get("state").asText());
            for (String count : List.of("total", "pending", "running", "succeeded", "failed", "reruns")) {
                assertThat(row.at("/counts/" + count).asLong()).as("%s of %s", count, row.get("id"))
                        .isEqualTo(api.at("/subtasks/" + count).asLong());
            }
        }
        assertThat(shown.at("/task/state").asText()).isEqualTo("FAILED");
        assertThat(shown.get("timelineWorkers")).extracting(JsonNode::asText).contains("worker-0", "worker-1");
        JsonNode errors = shown.get("errors");
        assertThat(errors).hasSize(1);
        assertThat(errors.get(0).get("code").asText()).isEqualTo("USER_FUNCTION_FAILED");
        assertThat(errors.get(0).get("message").asText())
                .contains("java.lang.IllegalStateException: no negative keys here, got -3")
                .contains("at io.mars.it.ui.LocalUiTest.lambda$");
        assertThat(shown.get("workers")).extracting(JsonNode::asText).containsExactly("worker-0", "worker-1");
    }
}
