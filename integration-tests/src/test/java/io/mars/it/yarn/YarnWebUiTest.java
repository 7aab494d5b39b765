package io.mars.it.yarn;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mars.am.web.RawResponse;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The AM's web UI on a MiniYARNCluster with fixed ports (so the tracking URL is a real one): while a job runs, the REST
 * API answers through the ResourceManager's proxy at {@code /proxy/<app id>/}, and YARN's AmIpFilter redirects a
 * client that is not the proxy (a socket bound to 127.0.0.2) to the proxy. One of the two worker containers is killed
 * in the middle of the task: the task reruns what it lost, the REST API shows the reruns and the lost worker, and the
 * result equals the embedded cluster's.
 */
class YarnWebUiTest {
    /**
     * Runs one task of a few thousand subtasks (block products of a 1600² matrix with its transpose, plus one, column
     * sums), writes the result, and keeps the session open until the test releases it; then one more task whose
     * user function throws on a worker (its error, caught here, is what the UI must show), and ends.
     */
    private static final String JOB = """
            package webjob;

            import static io.mars.tensor.Tensors.chunks;
            import static io.mars.tensor.Tensors.shape;

            import io.mars.Session;
            import io.mars.common.error.MarsException;
            import io.mars.types.ChunkSpec;
            import io.mars.types.NDArray;
            import io.mars.tensor.Tensor;
            import io.mars.tensor.Tensors;
            import java.nio.charset.StandardCharsets;
            import org.apache.hadoop.conf.Configuration;
            import org.apache.hadoop.fs.FSDataOutputStream;
            import org.apache.hadoop.fs.FileSystem;
            import org.apache.hadoop.fs.Path;

            public class Job {
                public static Tensor columnSums() {
                    // computed leaves: a re-chunking would make drawn ones directly at the products' block size
                    Tensor x = Tensors.random(7).rand(shape(1600, 1600), chunks(100)).multiply(2.0);
                    return x.dot(x.transpose()).add(1.0).sum(0);
                }

                public static void main(String[] args) throws Exception {
                    FileSystem fs = FileSystem.get(new Configuration());
                    try (Session session = Session.getOrCreate()) {
                        NDArray sums = columnSums().execute(session);
                        StringBuilder text = new StringBuilder();
                        for (double v : sums.doubles()) {
                            text.append(v).append('\\n');
                        }
                        Path written = new Path(args[0] + ".tmp");
                        try (FSDataOutputStream out = fs.create(written)) {
                            out.write(text.toString().getBytes(StandardCharsets.UTF_8));
                        }
                        fs.rename(written, new Path(args[0]));
                        long deadline = System.nanoTime() + 180_000_000_000L;
                        while (!fs.exists(new Path(args[1]))) {
                            if (System.nanoTime() > deadline) {
                                throw new IllegalStateException("the test never released the job");
                            }
                            Thread.sleep(100);
                        }
                        try {
                            // the chunk from 0 passes (the output type is inferred from a first chunk on the client)
                            Tensors.arange(6).rechunk(ChunkSpec.of(3)).mapChunk(c -> {
                                if (c.getLong(0) == 3) {
                                    throw new IllegalStateException("no chunk passes here, got one from 3");
                                }
                                return c;
                            }).sum().execute(session);
                            throw new IllegalStateException("the failing task succeeded");
                        } catch (MarsException expected) {
                            // the failed task stays in the application's history, error and all
                        }
                    }
                }
            }
            """;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration PATIENCE = Duration.ofSeconds(120);
    private static final int WORKERS = 2;

    @TempDir
    static Path tmp;

    private static MiniHadoop hadoop;
    private static Path confDir;
    private static Path jobJar;
    private static FileSystem fs;
    private static YarnClient yarnClient;
    private static int rmWebPort;

    @BeforeAll
    static void startClusters() throws Exception {
        hadoop = MiniHadoop.start(tmp, "mars-yarn-web", true);
        fs = hadoop.fs;
        yarnClient = hadoop.client;
        confDir = hadoop.confDir;
        rmWebPort = hadoop.rmWebPort;
        jobJar = MiniHadoop.jobJar(tmp.resolve("job"), "webjob.Job", JOB);
    }

    @AfterAll
    static void stopClusters() throws IOException {
        if (hadoop != null) {
            hadoop.close();
        }
    }

    @Test
    void aWorkerKilledMidTaskIsReplacedTheTaskRerunsAndTheRestApiShowsItThroughTheProxy() throws Exception {
        org.apache.hadoop.fs.Path done = fs.makeQualified(new org.apache.hadoop.fs.Path("/web/column-sums"));
        org.apache.hadoop.fs.Path release = fs.makeQualified(new org.apache.hadoop.fs.Path("/web/release"));
        org.apache.hadoop.fs.Path events = fs.makeQualified(new org.apache.hadoop.fs.Path("/mars/events"));
        // the history server's port is named before the job and listened on after it: held meanwhile, so no
        // container or client connection of the run takes it (CI once failed to bind a port picked and released)
        java.net.ServerSocket heldPort = new java.net.ServerSocket();
        heldPort.setReuseAddress(true);
        heldPort.bind(new java.net.InetSocketAddress("127.0.0.1", 0));
        int historyPort = heldPort.getLocalPort();
        JsonNode lastTask = null;
        ExecutorService submitter = Executors.newSingleThreadExecutor(r -> new Thread(r, "mars-submit-under-test"));
        try {
            Future<MiniHadoop.Submitted> submitted = submitter.submit(() -> submit("--name", "web-ui-job",
                    "--conf", "mars.eventlog.dir=" + events,
                    "--conf", "mars.history.address=127.0.0.1:" + historyPort,
                    "--conf", "mars.worker.heartbeat-timeout-ms=5000",
                    "--conf", "mars.submit.progress-interval-ms=500", jobJar.toString(),
                    done.toString(), release.toString()));
            try {
                long deadline = System.nanoTime() + PATIENCE.toNanos();
                ApplicationReport report = null;
                while (report == null && !submitted.isDone() && System.nanoTime() < deadline) {
                    report = runningApplication();
                    Thread.sleep(100);
                }
                assertThat(report).as("the application runs").isNotNull();
                ApplicationId appId = report.getApplicationId();
                String proxy = report.getTrackingUrl();
                assertThat(proxy).isEqualTo("http://localhost:" + rmWebPort + "/proxy/" + appId + "/");

                // the web app through the proxy in headless chromium, started while the AM brings up its workers:
                // the task's row while it runs, its done count growing, before the worker is killed
                io.mars.it.ui.BrowserCheck.Watch watch = io.mars.it.ui.BrowserCheck.watchProgress(URI.create(proxy),
                        "yarn", 3, Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
                JsonNode reads = watch.result().get("reads");

                // the REST API through the RM's proxy while the task runs: its progress, its subtasks by state
                JsonNode midway = awaitMidway(proxy, submitted, deadline);
                double progress = midway.get("progress").asDouble();
                assertThat(progress).isStrictlyBetween(0.0, 1.0);
                assertThat(midway.at("/subtasks/succeeded").asInt())
                        .isEqualTo((int) Math.round(progress * midway.at("/subtasks/total").asInt()));
                String taskId = midway.get("id").asText();

                // a worker container that has joined and holds chunks of the task dies in the middle of it
                ProcessHandle victim = workerProcess(busyWorker(proxy));
                assertThat(victim.destroyForcibly()).isTrue();

                while (!fs.exists(done) && !submitted.isDone() && System.nanoTime() < deadline) {
                    Thread.sleep(200);
                }
                assertThat(submitted.isDone()).as("the job ended before the test looked: %s",
                        submitted.isDone() ? submitted.get().err() : "").isFalse();
                assertThat(fs.exists(done)).as("the job's task finished within %s", PATIENCE).isTrue();

                JsonNode task = getJson(proxy + "api/tasks/" + taskId);
                lastTask = task;
                io.mars.it.ui.LocalUiTest.assertReadsAdvance(reads, task);
                assertThat(fs.exists(new org.apache.hadoop.fs.Path(events, appId + ".jsonl.inprogress")))
                        .as("the running application's event log on HDFS").isTrue();
                assertThat(task.get("state").asText()).isEqualTo("SUCCEEDED");
                assertThat(task.get("progress").asDouble()).isEqualTo(1.0);
                int total = task.at("/subtasks/total").asInt();
                assertThat(task.at("/subtasks/succeeded").asInt()).isEqualTo(total);
                assertThat(task.at("/subtasks/failed").asInt()).isZero();
                assertThat(task.at("/subtasks/reruns").asInt()).as("reruns after the kill").isPositive();
                JsonNode liveRuns = getJson(proxy + "api/timeline").get("subtasks");
                assertThat(liveRuns.size()).as("the live timeline through the proxy")
                        .isGreaterThanOrEqualTo(total + task.at("/subtasks/reruns").asInt());
                assertThat(liveRuns.findValuesAsText("outcome")).contains("retried");
                JsonNode cluster = getJson(proxy + "api/cluster");
                assertThat(cluster.get("lostWorkers")).hasSize(1);
                assertThat(cluster.get("lostWorkers").get(0).asText()).contains("container_");
                // the workers' samples through the proxy: the killed one kept and marked lost, the survivor sampled
                JsonNode series = getJson(proxy + "api/workers/series").get("workers");
                assertThat(series).filteredOn(w -> w.get("lost").asBoolean()).singleElement()
                        .satisfies(w -> assertThat(w.at("/samples/timeMs").size()).isPositive());
                assertThat(series).filteredOn(w -> !w.get("lost").asBoolean()).isNotEmpty()
                        .allSatisfy(w -> assertThat(w.at("/samples/timeMs").size()).isPositive());
                JsonNode sessions = getJson(proxy + "api/sessions").get("sessions");
                assertThat(sessions).hasSize(1);
                assertThat(sessions.get(0).get("tasks").asInt()).isEqualTo(1);
                // the web app and the status page, through the proxy, link relatively
                assertThat(get(proxy).body).contains("src=\"app.js\"").doesNotContain("=\"/");
                String page = get(proxy + "status").body;
                assertThat(page).contains("href=\"api/tasks/" + taskId + "\"").contains("SUCCEEDED");

                // the web app in headless chromium through the proxy: the task with the API's counts, the killed
                // worker lost and its subtasks rerun, both first workers (and the replacement) on the timeline
                JsonNode shown = io.mars.it.ui.BrowserCheck.check(URI.create(proxy), "yarn");
                JsonNode row = shown.get("tasks").get(0);
                assertThat(row.get("id").asText()).isEqualTo(taskId);
                assertThat(row.get("state").asText()).isEqualTo("SUCCEEDED");
                JsonNode apiTask = getJson(proxy + "api/tasks/" + taskId);
                for (String count : List.of("total", "pending", "running", "succeeded", "failed", "reruns")) {
                    assertThat(row.at("/counts/" + count).asLong()).as(count)
                            .isEqualTo(apiTask.at("/subtasks/" + count).asLong());
                }
                assertThat(row.at("/counts/reruns").asLong()).isPositive();
                JsonNode apiGraph = getJson(proxy + "api/tasks/" + taskId + "/graph").get("nodes");
                JsonNode drawn = shown.at("/graphs/" + taskId);
                assertThat(drawn.size()).as("every tileable of the job drawn").isEqualTo(apiGraph.size()).isPositive();
                long drawnTotal = 0;
                long drawnReruns = 0;
                for (JsonNode n : drawn) {
                    drawnTotal += n.at("/counts/total").asLong();
                    drawnReruns += n.at("/counts/reruns").asLong();
                }
                assertThat(drawnTotal).isEqualTo(apiTask.at("/subtasks/total").asLong());
                assertThat(drawnReruns).isEqualTo(apiTask.at("/subtasks/reruns").asLong());
                assertThat(shown.get("timelineWorkers").size()).as("workers on the timeline").isGreaterThanOrEqualTo(2);
                assertThat(shown.get("lostWorkers")).singleElement().asString().contains("container_");

                // logs: each worker's and the AM's container log page on its NodeManager, linked by the Workers view
                assertLinksToTheContainersLogs(getJson(proxy + "api/cluster"), shown, appId);

                // the same numbers as the embedded local cluster
                String written;
                try (var in = fs.open(done)) {
                    written = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                }
                assertThat(written.lines().mapToDouble(Double::parseDouble).toArray())
                        .containsExactly(localColumnSums(), org.assertj.core.data.Offset.offset(1e-3));

                // straight to the AM: from a non-proxy address YARN's AmIpFilter redirects to the proxy
                URI direct = URI.create(report.getOriginalTrackingUrl());
                RawResponse redirected = RawResponse.get("127.0.0.2", direct.getHost(), direct.getPort(), "/api/tasks");
                assertThat(redirected.status()).isEqualTo(302);
                assertThat(redirected.location()).contains("/proxy/redirect/" + appId + "/api/tasks");
                // from the proxy's own address (localhost) the filter lets the request through
                RawResponse fromProxyHost =
                        RawResponse.get("127.0.0.1", direct.getHost(), direct.getPort(), "/api/tasks");
                assertThat(fromProxyHost.status()).isEqualTo(200);
                assertThat(JSON.readTree(fromProxyHost.body()).get("tasks").get(0).get("id").asText())
                        .isEqualTo(taskId);
            } finally {
                fs.create(release).close();
            }
            MiniHadoop.Submitted run = submitted.get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
            assertThat(run.code()).as(run.err()).isZero();
            ApplicationId appId = ApplicationId.fromString(run.out().lines().findFirst().orElseThrow().trim());
            assertThat(yarnClient.getApplicationReport(appId).getFinalApplicationStatus())
                    .isEqualTo(org.apache.hadoop.yarn.api.records.FinalApplicationStatus.SUCCEEDED);
            assertThat(run.err()).contains("mars-submit: tracking URL: http://localhost:" + rmWebPort + "/proxy/"
                    + appId + "/");
            // cluster mode's progress, read by the submitter from the REST API through the proxy: the task's subtasks
            // in the middle of it, and at the end every subtask done, before the outcome and never after it
            List<String> lines = run.err().lines().toList();
            java.util.regex.Pattern progress = java.util.regex.Pattern.compile(
                    "mars-submit: progress: tasks (\\d)/1 done \\| subtasks (\\d+)/(\\d+) \\| elapsed .*");
            List<java.util.regex.Matcher> shown = lines.stream().map(progress::matcher)
                    .filter(java.util.regex.Matcher::matches).toList();
            assertThat(shown).as(run.err()).anyMatch(m -> m.group(1).equals("0")
                    && Integer.parseInt(m.group(2)) > 0 && Integer.parseInt(m.group(2)) < Integer.parseInt(m.group(3)));
            java.util.regex.Matcher last = shown.get(shown.size() - 1);
            assertThat(last.group(1)).isEqualTo("1");
            assertThat(last.group(2)).isEqualTo(last.group(3));
            int finished = lines.indexOf("mars-submit: application " + appId + " finished: SUCCEEDED");
            assertThat(finished).as(run.err()).isGreaterThan(lines.indexOf(last.group()));
            assertThat(lines.subList(finished, lines.size())).noneMatch(l -> l.startsWith("mars-submit: progress:"));

            // history: the RM's final link is the history server's page, which shows the task as the proxy did
            String historyPage = "http://127.0.0.1:" + historyPort + "/app/" + appId + "/";
            assertThat(yarnClient.getApplicationReport(appId).getOriginalTrackingUrl()).isEqualTo(historyPage);
            assertThat(fs.exists(new org.apache.hadoop.fs.Path(events, appId + ".jsonl"))).isTrue();
            assertThat(fs.exists(new org.apache.hadoop.fs.Path(events, appId + ".jsonl.inprogress"))).isFalse();
            heldPort.close();
            try (io.mars.am.history.HistoryServer history = new io.mars.am.history.HistoryServer(events.toString(),
                    "127.0.0.1", historyPort, fs.getConf())) {
                history.start();
                JsonNode kept = getJson(historyPage + "api/tasks/" + lastTask.get("id").asText());
                for (String field : List.of("state", "progress", "chunks", "stages", "subtasks", "elapsedMs",
                        "tilingMs", "error")) {
                    assertThat(kept.get(field)).as(field).isEqualTo(lastTask.get(field));
                }
                JsonNode app = getJson("http://127.0.0.1:" + historyPort + "/api/applications").get("applications")
                        .get(0);
                assertThat(app.get("status").asText()).isEqualTo("SUCCEEDED");
                assertThat(app.get("name").asText()).isEqualTo("web-ui-job");
                assertThat(getJson(historyPage + "api/cluster").get("lostWorkers")).hasSize(1);
                JsonNode runs = getJson(historyPage + "api/timeline").get("subtasks");
                assertThat(runs.size()).isGreaterThanOrEqualTo(lastTask.at("/subtasks/total").asInt()
                        + lastTask.at("/subtasks/reruns").asInt());
                assertThat(runs.findValuesAsText("outcome")).contains("succeeded", "retried");

                // the history server's web app in headless chromium: the failed task after the released one, with
                // its error and the worker-side frames of the job's own lambda
                JsonNode inHistory = io.mars.it.ui.BrowserCheck.check(URI.create(historyPage), "yarn-history");
                JsonNode newest = inHistory.get("tasks").get(0);
                assertThat(newest.get("state").asText()).isEqualTo("FAILED");
                assertThat(inHistory.get("tasks")).extracting(t -> t.get("id").asText()).contains(lastTask.get("id")
                        .asText());
                JsonNode errors = inHistory.get("errors");
                assertThat(errors).hasSize(1);
                assertThat(errors.get(0).get("code").asText()).isEqualTo("USER_FUNCTION_FAILED");
                assertThat(errors.get(0).get("message").asText())
                        .contains("java.lang.IllegalStateException: no chunk passes here, got one from 3")
                        .contains("webjob.Job.lambda$").contains("(Job.java:");
            }
        } finally {
            heldPort.close();
            submitter.shutdownNow();
            assertThat(submitter.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
        }
    }

    /**
     * {@code api/cluster}'s log links: one per worker (the lost one too), at {@code /node/containerlogs/<container id>/<user>} on the
     * NodeManager, listing the worker's log (mars-worker.log), the same in the browser; the AM's (mars-am.log) too.
     */
    private static void assertLinksToTheContainersLogs(JsonNode cluster, JsonNode shown, ApplicationId appId)
            throws IOException {
        JsonNode logs = cluster.get("logs");
        assertThat(cluster.get("workers")).as("the survivor, and the replacement once it joined").isNotEmpty();
        // the killed worker's link stays (its container's logs say why it went; the NodeManager may have removed them)
        String lost = cluster.get("lostWorkers").get(0).asText();
        assertThat(logs.at("/workers/" + lost.substring(0, lost.indexOf(": "))).asText()).contains("/node/containerlogs/");
        int linked = 0;
        for (JsonNode w : cluster.get("workers")) {
            String id = w.get("id").asText();
            String link = logs.at("/workers/" + id).asText();
            assertThat(link).as("the log page of %s", id)
                    .matches("http://[^/]+:\\d+/node/containerlogs/" + java.util.regex.Pattern.quote(id) + "/[^/]+");
            // a replacement worker may have joined since the browser looked
            if (shown.at("/logLinks").has(id)) {
                assertThat(shown.at("/logLinks/" + id).asText()).as("the Workers view's link for %s", id)
                        .isEqualTo(link);
                linked++;
            }
            Response page = get(link);
            assertThat(page.status).as(link).isEqualTo(200);
            assertThat(page.body).as("the NodeManager's page of %s", id).contains("mars-worker.log");
        }
        assertThat(linked).as("workers the browser linked").isPositive();
        String am = logs.get("am").asText();
        // the AM runs in the attempt's first container
        assertThat(am).matches("http://[^/]+:\\d+/node/containerlogs/container_[e0-9_]*_"
                + String.format("%04d", appId.getId()) + "_\\d+_000001/[^/]+");
        assertThat(shown.get("amLogs").asText()).isEqualTo(am);
        Response amPage = get(am);
        assertThat(amPage.status).as(am).isEqualTo(200);
        assertThat(amPage.body).contains("mars-am.log");
    }

    /** The job's computation on the embedded local cluster. */
    private static double[] localColumnSums() {
        try (io.mars.submit.local.LocalCluster cluster = new io.mars.submit.local.LocalCluster(2, Map.of());
             io.mars.submit.client.ClientSession session =
                     io.mars.submit.client.ClientSession.open(cluster.supervisor(), Map.of(), null)) {
            io.mars.tensor.Tensor x = io.mars.tensor.Tensors.random(7).rand(io.mars.tensor.Tensors.shape(1600, 1600),
                    io.mars.tensor.Tensors.chunks(100)).multiply(2.0);
            return session.execute(x.dot(x.transpose()).add(1.0).sum(0)).doubles();
        }
    }

    /** Polls the REST API through the proxy until the task has finished some subtasks and has many left. */
    private static JsonNode awaitMidway(String proxy, Future<MiniHadoop.Submitted> submitted, long deadline) throws Exception {
        JsonNode last = null;
        while (!submitted.isDone() && System.nanoTime() < deadline) {
            JsonNode tasks = getJson(proxy + "api/tasks").get("tasks");
            if (tasks.size() == 1) {
                last = tasks.get(0);
                int total = last.at("/subtasks/total").asInt();
                if (last.get("state").asText().equals("RUNNING") && last.at("/subtasks/succeeded").asInt() >= 20
                        && last.at("/subtasks/pending").asInt() > total / 3
                        && getJson(proxy + "api/cluster").get("workerCount").asInt() == WORKERS) {
                    return last;
                }
            }
            Thread.sleep(50);
        }
        throw new AssertionError("the task never reached its middle; last seen: " + last);
    }

    /** A worker of the cluster (its container id) that stores chunks, as the REST API reports it. */
    private static String busyWorker(String proxy) throws Exception {
        JsonNode workers = getJson(proxy + "api/cluster").get("workers");
        assertThat(workers).as("both workers have joined").hasSize(WORKERS);
        for (JsonNode w : workers) {
            if (w.get("storedBytes").asLong() > 0) {
                return w.get("id").asText();
            }
        }
        throw new AssertionError("no worker stores anything midway through the task: " + workers);
    }

    /** The JVM of a worker container. */
    private static ProcessHandle workerProcess(String containerId) {
        return MiniHadoop.containerJvm("io.mars.container.yarn.WorkerContainer", containerId);
    }

    /** The one running Mars application, or null while there is none. */
    private static ApplicationReport runningApplication() throws Exception {
        List<ApplicationReport> apps = yarnClient.getApplications(Set.of("MARS"),
                java.util.EnumSet.of(YarnApplicationState.RUNNING));
        assertThat(apps).hasSizeLessThanOrEqualTo(1);
        return apps.isEmpty() ? null : apps.get(0);
    }

    private static JsonNode getJson(String url) throws IOException {
        Response r = get(url);
        assertThat(r.status).as(url + ": " + r.body).isEqualTo(200);
        assertThat(r.contentType).startsWith("application/json");
        return JSON.readTree(r.body);
    }

    private static Response get(String url) throws IOException {
        HttpURLConnection c = (HttpURLConnection) URI.create(url).toURL().openConnection();
        c.setConnectTimeout(20_000);
        c.setReadTimeout(20_000);
        try {
            int status = c.getResponseCode();
            InputStream in = status >= 400 ? c.getErrorStream() : c.getInputStream();
            String body = in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return new Response(status, String.valueOf(c.getContentType()), body);
        } finally {
            c.disconnect();
        }
    }

    private record Response(int status, String contentType, String body) {
    }

    private static MiniHadoop.Submitted submit(String... options) {
        List<String> args = new java.util.ArrayList<>(List.of("--master", "yarn", "--class", "webjob.Job",
                "--am-memory", "512",
                "--workers", String.valueOf(WORKERS), "--worker-memory", "512",
                "--conf", "mars.yarn.am.java-home=" + System.getProperty("java.home"),
                "--conf", "mars.yarn.am.classpath=" + AmClasspath.of(confDir)));
        args.addAll(List.of(options));
        return hadoop.marsSubmit(Map.of(), args);
    }
}
