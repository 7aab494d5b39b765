package io.mars.am.web;

import static io.mars.tensor.Tensors.chunks;
import static io.mars.tensor.Tensors.shape;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mars.am.Supervisor;
import io.mars.am.services.cluster.internal.StaticCluster;
import io.mars.am.services.task.TaskStatus;
import io.mars.common.rpc.TaskInfo;
import io.mars.common.rpc.TaskState;
import io.mars.container.Worker;
import io.mars.container.WorkerConfig;
import io.mars.container.kernels.KernelRegistry;
import io.mars.container.services.storage.internal.MemoryStorage;
import io.mars.tensor.Tensor;
import io.mars.tensor.TensorGraphs;
import io.mars.tensor.Tensors;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The REST API and the status page against a real supervisor with real workers (one behind a gate, so that a task
 * can be seen half done). Expected numbers come from the supervisor's own services, never typed in.
 */
class AmWebServerTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration PATIENCE = Duration.ofSeconds(20);

    private final StaticCluster cluster = new StaticCluster();
    private Worker gatedWorker;
    private TestingGatedWorker gate;
    private Worker plainWorker;
    private Supervisor supervisor;
    private AmWebServer web;
    private URI base;

    @BeforeEach
    void start() {
        gatedWorker = new Worker("worker-0", new WorkerConfig(1), new MemoryStorage(), KernelRegistry.standard(),
                cluster::worker);
        gate = new TestingGatedWorker(gatedWorker);
        cluster.addWorker(gate);
        supervisor = new Supervisor(cluster, Map.of());
        web = new AmWebServer("127.0.0.1", new WebConfig(0), () -> List.of(supervisor), Optional.empty());
        base = web.start();
    }

    @AfterEach
    void stop() {
        web.close();
        gate.close();
        supervisor.close();
        gatedWorker.close();
        if (plainWorker != null) {
            plainWorker.close();
        }
    }

    @Test
    void showsProgressAndSubtasksByStateWhileATaskRuns() throws Exception {
        String session = supervisor.createSession(Map.of()).join();
        Tensor t = Tensors.ones(shape(40, 4), chunks(10, 4)).multiply(2.0).sum();
        String taskId = supervisor.tasks().submit(session, TensorGraphs.of(t)).join();

        // one slot, gate closed: one subtask on the worker, the rest waiting
        JsonNode task = poll("api/tasks/" + taskId, n -> n.at("/subtasks/running").asInt() == 1);
        int total = supervisor.tasks().info(taskId).join().subtaskCount();
        assertThat(total).isGreaterThan(2);
        assertThat(task.get("state").asText()).isEqualTo("RUNNING");
        assertThat(task.at("/subtasks/total").asInt()).isEqualTo(total);
        assertThat(task.at("/subtasks/pending").asInt()).isEqualTo(total - 1);
        assertThat(task.at("/subtasks/succeeded").asInt()).isZero();
        assertThat(task.get("progress").asDouble()).isZero();

        gate.release(2);
        task = poll("api/tasks/" + taskId, n -> n.at("/subtasks/succeeded").asInt() == 2);
        TaskInfo info = supervisor.tasks().info(taskId).join();
        assertThat(info.subtasksDone()).isEqualTo(2);
        assertThat(task.get("progress").asDouble()).isEqualTo(info.progress()).isBetween(0.0, 1.0);
        assertThat(task.at("/subtasks/running").asInt() + task.at("/subtasks/pending").asInt()).isEqualTo(total - 2);

        gate.release(total);
        TaskInfo done = supervisor.waitTask(session, taskId).join();
        task = get("api/tasks/" + taskId).json();
        assertThat(task.get("state").asText()).isEqualTo(done.state().name()).isEqualTo("SUCCEEDED");
        assertThat(task.get("progress").asDouble()).isEqualTo(1.0);
        assertThat(task.at("/subtasks/succeeded").asInt()).isEqualTo(total);
        assertThat(task.at("/subtasks/pending").asInt() + task.at("/subtasks/running").asInt()).isZero();
        assertThat(task.get("chunks").asInt()).isEqualTo(done.chunkCount());
        assertThat(task.get("error").isNull()).isTrue();
        assertThat(task.get("elapsedMs").asLong()).isGreaterThanOrEqualTo(0);

        JsonNode list = get("api/tasks").json().get("tasks");
        assertThat(list).hasSize(1);
        assertThat(withoutElapsed(list.get(0))).isEqualTo(withoutElapsed(task));
    }

    @Test
    void countsFailedSubtasksAndShowsTheTasksError() throws Exception {
        String session = supervisor.createSession(Map.of()).join();
        Tensor t = Tensors.ones(shape(20), chunks(5)).add(1.0);
        String taskId = supervisor.tasks().submit(session, TensorGraphs.of(t)).join();
        gate.failFromNowOn();
        gate.release(100);
        TaskInfo failed = supervisor.waitTask(session, taskId).join();
        assertThat(failed.state()).isEqualTo(TaskState.FAILED);

        JsonNode task = get("api/tasks/" + taskId).json();
        TaskStatus status = supervisor.tasks().status(taskId).join();
        assertThat(task.get("state").asText()).isEqualTo("FAILED");
        assertThat(task.at("/subtasks/failed").asInt()).isEqualTo(status.subtasks().failed()).isPositive();
        assertThat(task.at("/subtasks/running").asInt()).isZero();
        assertThat(task.at("/error/code").asText()).isEqualTo(failed.errorCode());
        assertThat(task.at("/error/message").asText()).isEqualTo(failed.errorMessage()).contains("the gate failed");
    }

    @Test
    void clusterAndSessionsShowWorkersAndWhatSessionsKeep() throws Exception {
        plainWorker = new Worker("worker-1", new WorkerConfig(2), new MemoryStorage(), KernelRegistry.standard(),
                cluster::worker);
        cluster.addWorker(plainWorker);
        gate.release(1000);
        String session = supervisor.createSession(Map.of()).join();
        Tensor t = Tensors.ones(shape(30, 4), chunks(10, 4)).multiply(3.0);
        String taskId = supervisor.tasks().submit(session, TensorGraphs.of(t)).join();
        assertThat(supervisor.waitTask(session, taskId).join().state()).isEqualTo(TaskState.SUCCEEDED);

        JsonNode clusterJson = get("api/cluster").json();
        assertThat(clusterJson.get("workerCount").asInt()).isEqualTo(2);
        assertThat(clusterJson.get("slots").asInt()).isEqualTo(3);
        long stored = gatedWorker.storage().storedBytes() + plainWorker.storage().storedBytes();
        assertThat(stored).isPositive();
        assertThat(clusterJson.get("storedBytes").asLong()).isEqualTo(stored);
        List<String> ids = new ArrayList<>();
        for (JsonNode w : clusterJson.get("workers")) {
            ids.add(w.get("id").asText());
            assertThat(w.at("/storage/memoryBytes").asLong()).isEqualTo(w.get("storedBytes").asLong());
            assertThat(w.at("/storage/diskBytes").isNumber()).as("reported by the worker").isTrue();
            assertThat(w.at("/storage/diskBytes").asLong()).as("nothing spilled").isZero();
            assertThat(w.at("/storage/spilledChunks").asLong()).as("nothing spilled").isZero();
            assertThat(w.at("/storage/spillBytesPerSecond").isNumber()).as("spill rate reported").isTrue();
            assertThat(w.at("/storage/readBackBytesPerSecond").asLong()).as("no read-back yet").isZero();
            assertThat(w.at("/admission/peakRunning").asInt()).as("the worker ran the task's subtasks")
                    .isPositive();
        }
        assertThat(ids).containsExactly("worker-0", "worker-1");

        JsonNode sessions = get("api/sessions").json().get("sessions");
        assertThat(sessions).hasSize(1);
        JsonNode s = sessions.get(0);
        assertThat(s.get("id").asText()).isEqualTo(session);
        assertThat(s.get("storedTileables").asInt()).isEqualTo(1);
        assertThat(s.get("chunks").asInt()).isEqualTo(supervisor.meta().count(session).join());
        assertThat(s.get("chunkBytes").asLong()).isEqualTo(stored);
        assertThat(s.get("tasks").asInt()).isEqualTo(1);
        assertThat(s.get("activeTasks").asInt()).isZero();

        supervisor.closeSession(session).join();
        assertThat(get("api/sessions").json().get("sessions")).isEmpty();
    }

    @Test
    void theStatusPageListsTasksWithRelativeLinksOnly() throws Exception {
        gate.release(1000);
        String session = supervisor.createSession(Map.of()).join();
        String taskId = supervisor.tasks().submit(session, TensorGraphs.of(Tensors.ones(shape(8), chunks(4)))).join();
        supervisor.waitTask(session, taskId).join();

        Response page = get("status");
        assertThat(page.status).isEqualTo(200);
        assertThat(page.contentType).startsWith("text/html");
        assertThat(page.body).contains(taskId).contains("SUCCEEDED").contains("worker-0");
        Matcher links = Pattern.compile("href=\"([^\"]*)\"").matcher(page.body);
        List<String> hrefs = new ArrayList<>();
        while (links.find()) {
            hrefs.add(links.group(1));
        }
        assertThat(hrefs).contains("api/tasks", "api/cluster", "api/sessions", "api/tasks/" + taskId);
        assertThat(hrefs).allSatisfy(h -> assertThat(h).doesNotStartWith("/").doesNotContain("://"));
        for (String href : hrefs) {
            assertThat(get(href).status).as(href).isEqualTo(200);
        }
    }

    @Test
    void thePageListsTheNewestTasksAndTheApiListsAll() throws Exception {
        gate.release(100_000);
        String session = supervisor.createSession(Map.of()).join();
        List<String> ids = new ArrayList<>();
        for (int i = 0; i <= StatusPage.MAX_TASKS; i++) {
            Tensor t = Tensors.ones(shape(4), chunks(4)).add((double) i);
            String id = supervisor.tasks().submit(session, TensorGraphs.of(t)).join();
            supervisor.waitTask(session, id).join();
            ids.add(id);
        }
        String page = get("status").body;
        assertThat(page).contains("The newest " + StatusPage.MAX_TASKS + " of " + ids.size() + " tasks")
                .contains("api/tasks/" + ids.get(ids.size() - 1) + "\"").contains("api/tasks/" + ids.get(1) + "\"")
                .doesNotContain("api/tasks/" + ids.get(0) + "\"");
        List<String> listed = new ArrayList<>();
        get("api/tasks").json().get("tasks").forEach(t -> listed.add(t.get("id").asText()));
        assertThat(listed).containsExactlyElementsOf(ids);
    }

    @Test
    void theRootServesTheWebAppWhoseFilesAreReachedByRelativeUrls() throws Exception {
        Response index = get("");
        assertThat(index.status).isEqualTo(200);
        assertThat(index.contentType).startsWith("text/html");
        Matcher refs = Pattern.compile("(?:href|src)=\"(?!data:)([^\"#]+)\"").matcher(index.body);
        List<String> files = new ArrayList<>();
        while (refs.find()) {
            files.add(refs.group(1));
        }
        assertThat(files).contains("app.js", "app.css", "uplot.css", "status")
                .allSatisfy(f -> assertThat(f).doesNotStartWith("/").doesNotContain("://"));
        for (String file : files) {
            assertThat(get(file).status).as(file).isEqualTo(200);
        }
        assertThat(get("app.js").contentType).startsWith("text/javascript");
        assertThat(get("app.js").body).doesNotContain("fetch(\"/").doesNotContain("fetch('/");
    }

    @Test
    void apiConfigShowsTheMarsSettingsWithSecretsHiddenAndTheJvmArguments() throws Exception {
        Map<String, String> settings = Map.of("mars.scheduling.depth", "3", "mars.app.secret", "s3cr3t",
                "fs.defaultFS", "hdfs://nn");
        try (AmWebServer withConfig = new AmWebServer("127.0.0.1", new WebConfig(0), new StatusReport(
                () -> List.of(supervisor), Optional.empty(), Optional.of(settings)), Optional.empty())) {
            JsonNode config = JSON.readTree(withConfig.start().resolve("api/config").toURL());
            assertThat(config.get("settings").properties()).extracting(Map.Entry::getKey)
                    .containsExactly("mars.app.secret", "mars.scheduling.depth");
            assertThat(config.at("/settings/mars.scheduling.depth").asText()).isEqualTo("3");
            assertThat(config.at("/settings/mars.app.secret").asText()).isEqualTo(ConfigReport.HIDDEN);
            assertThat(config.at("/jvm/inputArguments").size()).isEqualTo(
                    java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments().size());
            assertThat(config.at("/jvm/maxHeapBytes").asLong()).isPositive();
        }
        Response none = get("api/config");
        assertThat(none.status).as("a server given no settings").isEqualTo(404);
    }

    @Test
    void theTaskGraphHasEveryTileableWithItsSubtasksByStateSummingToTheTasks() throws Exception {
        gate.release(1000);
        String session = supervisor.createSession(Map.of()).join();
        Tensor a = Tensors.ones(shape(8, 8), chunks(4, 4));
        Tensor b = a.add(1.0).multiply(a);
        io.mars.common.graph.TileableGraph graph = TensorGraphs.of(b.sum());
        String taskId = supervisor.tasks().submit(session, graph).join();
        supervisor.waitTask(session, taskId).join();

        JsonNode json = get("api/tasks/" + taskId + "/graph").json();
        assertThat(json.get("task").asText()).isEqualTo(taskId);
        List<String> keys = new ArrayList<>();
        json.get("nodes").forEach(n -> keys.add(n.get("key").asText()));
        List<String> expected = new ArrayList<>();
        graph.nodes().forEach(n -> expected.add(n.key()));
        assertThat(keys).containsExactlyInAnyOrderElementsOf(expected);
        JsonNode task = get("api/tasks/" + taskId).json();
        for (String count : List.of("total", "succeeded", "failed", "reruns", "pending", "running")) {
            long sum = 0;
            for (JsonNode n : json.get("nodes")) {
                sum += n.at("/subtasks/" + count).asLong();
            }
            assertThat(sum).as(count).isEqualTo(task.at("/subtasks/" + count).asLong());
        }
        for (JsonNode n : json.get("nodes")) {
            assertThat(n.get("operand").asText()).isNotEmpty();
            n.get("inputs").forEach(in -> assertThat(keys).contains(in.asText()));
        }
        assertThat(get("api/tasks/task-nope/graph").status).isEqualTo(404);
    }

    @Test
    void aGraphOfATenthOfAMillionSubtasksIsServedInUnderAMegabyte() throws Exception {
        // as many tileables as a large job has operands, 10^5 subtasks among them: the document grows with the former
        List<io.mars.am.services.task.TaskGraph.Node> nodes = new ArrayList<>();
        int tileables = 200;
        for (int i = 0; i < tileables; i++) {
            int each = 100_000 / tileables;
            nodes.add(new io.mars.am.services.task.TaskGraph.Node("t" + Long.toHexString(1L << 40 | i) + "-aaaaaaaa",
                    "tensor.elementwise.add", i == 0 ? List.of() : List.of(nodes.get(i - 1).key()),
                    new io.mars.am.services.task.SubtaskCounts(each / 4, each / 4, each / 4, each / 4, 7)));
        }
        io.mars.am.services.task.TaskGraph graph = new io.mars.am.services.task.TaskGraph("task-big", nodes);
        byte[] body = JSON.writeValueAsBytes(StatusReport.graphJson(graph));
        long total = 0;
        for (JsonNode n : JSON.readTree(body).get("nodes")) {
            total += n.at("/subtasks/total").asLong();
        }
        assertThat(total).isEqualTo(100_000);
        assertThat(body.length).isLessThan(1 << 20);
    }

    @Test
    void unknownTasksAndPathsAnswer404WithAJsonError() throws Exception {
        Response task = get("api/tasks/task-nope");
        assertThat(task.status).isEqualTo(404);
        assertThat(task.json().at("/error/message").asText()).contains("task-nope");
        Response path = get("api/nothing");
        assertThat(path.status).isEqualTo(404);
        assertThat(path.json().at("/error/code").asText()).isEqualTo("INVALID_ARGUMENT");
    }

    @Test
    void withoutASupervisorYetTheApiAnswersEmptyLists() throws Exception {
        try (AmWebServer empty = new AmWebServer("127.0.0.1", new WebConfig(0), List::of, Optional.empty())) {
            URI url = empty.start();
            JsonNode clusterJson = JSON.readTree(url.resolve("api/cluster").toURL());
            assertThat(clusterJson.get("supervisors").asInt()).isZero();
            assertThat(clusterJson.get("workers")).isEmpty();
            assertThat(JSON.readTree(url.resolve("api/tasks").toURL()).get("tasks")).isEmpty();
        }
    }

    @Test
    void closingReleasesThePortAndTheThreads() throws Exception {
        long before = webThreads();
        AmWebServer other = new AmWebServer("127.0.0.1", new WebConfig(0), List::of, Optional.empty());
        URI url = other.start();
        assertThat(webThreads()).isGreaterThan(before);
        other.close();
        assertThat(webThreads()).as("threads named %s after close", AmWebServer.THREAD_NAME).isEqualTo(before);
        try (ServerSocket again = new ServerSocket(url.getPort(), 1, InetAddress.getByName("127.0.0.1"))) {
            assertThat(again.getLocalPort()).isEqualTo(url.getPort());
        }
    }

    @Test
    void behindYarnsAmIpFilterTheProxyHostGetsThroughAndOthersAreRedirectedToTheProxy() throws Exception {
        YarnConfiguration conf = new YarnConfiguration();
        conf.set(YarnConfiguration.RM_WEBAPP_ADDRESS, "localhost:18088");
        YarnProxyFilter filter = YarnProxyFilter.create(conf, "/proxy/application_1_0001");
        assertThat(filter.parameters()).containsEntry("PROXY_HOSTS", "localhost")
                .containsEntry("PROXY_URI_BASES", "http://localhost:18088/proxy/application_1_0001");
        try (AmWebServer guarded = new AmWebServer("127.0.0.1", new WebConfig(0), () -> List.of(supervisor),
                Optional.of(filter))) {
            int port = guarded.start().getPort();
            // 127.0.0.1 is an address of the proxy host (localhost): the request passes
            RawResponse fromProxy = RawResponse.get("127.0.0.1", "127.0.0.1", port, "/api/cluster");
            assertThat(fromProxy.status()).isEqualTo(200);
            assertThat(JSON.readTree(fromProxy.body()).get("workerCount").asInt()).isEqualTo(1);
            // any other address is sent to the proxy, marked as a redirect
            RawResponse direct = RawResponse.get("127.0.0.2", "127.0.0.1", port, "/api/cluster");
            assertThat(direct.status()).isEqualTo(302);
            assertThat(direct.location()).isEqualTo("http://localhost:18088/proxy/redirect/application_1_0001/api/cluster");
        }
    }

    private static long webThreads() throws InterruptedException {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        long count;
        long previous = -1;
        // a stopping pool lets its threads end on their own: wait until the count holds still
        while (true) {
            count = Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive)
                    .filter(t -> t.getName().startsWith(AmWebServer.THREAD_NAME)).count();
            if (count == previous || System.nanoTime() > deadline) {
                return count;
            }
            previous = count;
            Thread.sleep(200);
        }
    }

    private static JsonNode withoutElapsed(JsonNode task) {
        com.fasterxml.jackson.databind.node.ObjectNode copy = task.deepCopy();
        copy.remove("elapsedMs");
        // submittedAt is the task's nanoTime mapped to the wall clock at each request: it may differ by a millisecond
        copy.remove("submittedAt");
        return copy;
    }

    @Test
    void aServerGivenTheSettingsSamplesTheWorkersAtTheHeartbeatIntervalOnItsOwnScheduler() throws Exception {
        Map<String, String> settings = Map.of(io.mars.common.rpc.flight.HeartbeatConfig.INTERVAL, "50");
        try (AmWebServer sampling = new AmWebServer("127.0.0.1", new WebConfig(0), new StatusReport(
                () -> List.of(supervisor), Optional.of(new TimelineRecorder(10)), Optional.of(settings)),
                Optional.empty())) {
            URI at = sampling.start();
            assertThat(JSON.readTree(at.resolve("api/cluster").toURL()).get("workerSeries").asBoolean()).isTrue();
            long deadline = System.nanoTime() + PATIENCE.toNanos();
            JsonNode worker = null;
            while (System.nanoTime() < deadline) {
                JsonNode series = JSON.readTree(at.resolve("api/workers/series").toURL());
                assertThat(series.get("intervalMs").asLong()).isEqualTo(50);
                worker = series.get("workers").get(0);
                if (worker != null && worker.at("/samples/timeMs").size() >= 5) {
                    break;
                }
                Thread.sleep(20);
            }
            assertThat(worker).isNotNull();
            assertThat(worker.get("id").asText()).isEqualTo("worker-0");
            assertThat(worker.at("/samples/timeMs").size()).as("samples within %s", PATIENCE).isGreaterThanOrEqualTo(5);
            assertThat(worker.at("/samples/quotaBytes/0").asLong()).isEqualTo(gate.memoryBytes());

            HttpURLConnection bad = (HttpURLConnection) at.resolve("api/tasks/t/subtasks?tileable=k&limit=100000")
                    .toURL().openConnection();
            assertThat(bad.getResponseCode()).isEqualTo(400);
            assertThat(new String(bad.getErrorStream().readAllBytes(), StandardCharsets.UTF_8))
                    .contains("limit").contains("100000");
            HttpURLConnection none = (HttpURLConnection) at.resolve("api/tasks/t/subtasks").toURL().openConnection();
            assertThat(none.getResponseCode()).as("no tileable named").isEqualTo(400);
        }
        assertThat(get("api/workers/series").status).as("a server given no settings").isEqualTo(404);
        assertThat(get("api/cluster").json().get("workerSeries").asBoolean()).isFalse();
    }

    private JsonNode poll(String path, Predicate<JsonNode> until) throws Exception {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        JsonNode last = null;
        while (System.nanoTime() < deadline) {
            last = get(path).json();
            if (until.test(last)) {
                return last;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("no answer of " + path + " matched within " + PATIENCE + "; last: " + last);
    }

    private Response get(String path) throws IOException {
        HttpURLConnection c = (HttpURLConnection) base.resolve(path).toURL().openConnection();
        c.setInstanceFollowRedirects(false);
        try {
            int status = c.getResponseCode();
            InputStream in = status >= 400 ? c.getErrorStream() : c.getInputStream();
            String body = in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return new Response(status, c.getContentType(), body);
        } finally {
            c.disconnect();
        }
    }

    private record Response(int status, String contentType, String body) {
        JsonNode json() throws IOException {
            assertThat(contentType).startsWith("application/json");
            return JSON.readTree(body);
        }
    }
}
