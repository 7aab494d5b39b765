package io.mars.it.yarn;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mars.submit.cli.MarsSubmit;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
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
import org.apache.hadoop.conf.Configuration;
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
 * client that is not the proxy (a socket bound to 127.0.0.2) to the proxy.
 */
class YarnWebUiTest {
    /** Runs one task, signals that it is done, and keeps the session open until the test releases it. */
    private static final String JOB = """
            package webjob;

            import static io.mars.tensor.Tensors.chunks;
            import static io.mars.tensor.Tensors.shape;

            import io.mars.Session;
            import io.mars.tensor.Tensors;
            import java.nio.charset.StandardCharsets;
            import org.apache.hadoop.conf.Configuration;
            import org.apache.hadoop.fs.FSDataOutputStream;
            import org.apache.hadoop.fs.FileSystem;
            import org.apache.hadoop.fs.Path;

            public class Job {
                public static void main(String[] args) throws Exception {
                    FileSystem fs = FileSystem.get(new Configuration());
                    try (Session session = Session.getOrCreate()) {
                        double sum = Tensors.ones(shape(40, 40), chunks(10)).sum().execute(session).getDouble();
                        try (FSDataOutputStream out = fs.create(new Path(args[0]))) {
                            out.write(Double.toString(sum).getBytes(StandardCharsets.UTF_8));
                        }
                        long deadline = System.nanoTime() + 180_000_000_000L;
                        while (!fs.exists(new Path(args[1]))) {
                            if (System.nanoTime() > deadline) {
                                throw new IllegalStateException("the test never released the job");
                            }
                            Thread.sleep(100);
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
    void theRestApiAnswersThroughTheProxyWhileTheJobRunsAndDirectClientsAreRedirected() throws Exception {
        org.apache.hadoop.fs.Path done = fs.makeQualified(new org.apache.hadoop.fs.Path("/web/task-done"));
        org.apache.hadoop.fs.Path release = fs.makeQualified(new org.apache.hadoop.fs.Path("/web/release"));
        ExecutorService submitter = Executors.newSingleThreadExecutor(r -> new Thread(r, "mars-submit-under-test"));
        try {
            Future<Run> submitted = submitter.submit(() -> submit("--name", "web-ui-job", jobJar.toString(),
                    done.toString(), release.toString()));
            try {
                long deadline = System.nanoTime() + PATIENCE.toNanos();
                while (!fs.exists(done) && !submitted.isDone() && System.nanoTime() < deadline) {
                    Thread.sleep(200);
                }
                assertThat(submitted.isDone()).as("the job ended before the test looked: %s",
                        submitted.isDone() ? submitted.get().err : "").isFalse();
                assertThat(fs.exists(done)).as("the job's task finished within %s", PATIENCE).isTrue();

                ApplicationReport report = runningApplication();
                ApplicationId appId = report.getApplicationId();
                String proxy = report.getTrackingUrl();
                assertThat(proxy).isEqualTo("http://localhost:" + rmWebPort + "/proxy/" + appId + "/");

                // the REST API through the RM's proxy: the job's one task, done, with its subtasks by state
                JsonNode tasks = getJson(proxy + "api/tasks").get("tasks");
                assertThat(tasks).hasSize(1);
                JsonNode task = tasks.get(0);
                assertThat(task.get("state").asText()).isEqualTo("SUCCEEDED");
                assertThat(task.get("progress").asDouble()).isEqualTo(1.0);
                int total = task.at("/subtasks/total").asInt();
                assertThat(total).isPositive();
                assertThat(task.at("/subtasks/succeeded").asInt()).isEqualTo(total);
                assertThat(task.at("/subtasks/failed").asInt()).isZero();
                String taskId = task.get("id").asText();
                assertThat(getJson(proxy + "api/tasks/" + taskId).get("id").asText()).isEqualTo(taskId);
                JsonNode cluster = getJson(proxy + "api/cluster");
                assertThat(cluster.get("workerCount").asInt()).isEqualTo(WORKERS);
                JsonNode sessions = getJson(proxy + "api/sessions").get("sessions");
                assertThat(sessions).hasSize(1);
                assertThat(sessions.get(0).get("tasks").asInt()).isEqualTo(1);
                // the status page, through the proxy, links relatively
                String page = get(proxy).body;
                assertThat(page).contains("href=\"api/tasks/" + taskId + "\"").contains("SUCCEEDED");

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
            Run run = submitted.get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
            assertThat(run.code).as(run.err).isZero();
            ApplicationId appId = ApplicationId.fromString(run.out.lines().findFirst().orElseThrow().trim());
            assertThat(run.err).contains("mars-submit: tracking URL: http://localhost:" + rmWebPort + "/proxy/"
                    + appId + "/");
        } finally {
            submitter.shutdownNow();
            assertThat(submitter.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
        }
    }

    private static ApplicationReport runningApplication() throws Exception {
        List<ApplicationReport> apps = yarnClient.getApplications(Set.of("MARS"),
                java.util.EnumSet.of(YarnApplicationState.RUNNING));
        assertThat(apps).hasSize(1);
        return apps.get(0);
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

    private static Run submit(String... options) {
        List<String> args = new java.util.ArrayList<>(List.of("--master", "yarn", "--class", "webjob.Job",
                "--am-memory", "512",
                "--workers", String.valueOf(WORKERS), "--worker-memory", "512",
                "--conf", "mars.yarn.am.java-home=" + System.getProperty("java.home"),
                "--conf", "mars.yarn.am.classpath=" + AmClasspath.of(confDir)));
        args.addAll(List.of(options));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = MarsSubmit.run(args.toArray(new String[0]), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), Map.of("HADOOP_CONF_DIR", confDir.toString()));
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private record Run(int code, String out, String err) {
    }
}
