package io.mars.it.standalone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mars.Session;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.rpc.flight.RpcSecret;
import io.mars.it.yarn.AmClasspath;
import io.mars.it.yarn.YarnDemosTest;
import io.mars.submit.client.ClientSession;
import io.mars.submit.local.LocalCluster;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * Mars without YARN, as its "Run on Clusters" page describes: {@code bin/mars-supervisor} and two
 * {@code bin/mars-worker}s of the unpacked distribution, each a process of its own on loopback, sharing a secret file.
 * The foundation's demos give the embedded local cluster's results from a program's {@code Session.connect("mars://…")}
 * and through {@code bin/mars-submit --master mars://…}; a worker killed mid-job is handled by lineage; strangers
 * without the secret are refused; a stopped supervisor takes its workers with it and no spill file is left; its event
 * log ({@code mars.eventlog.dir}) served by {@code bin/mars-history} shows the tasks as the live UI did.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class StandaloneClusterTest {
    private static final Pattern SERVING = Pattern.compile("serving (mars://\\S+) web (http://\\S+) secret-file");
    private static final Pattern HISTORY_SERVING = Pattern.compile("mars-history: serving (http://\\S+)");
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Duration START = Duration.ofSeconds(60);

    @TempDir
    static Path tmp;

    private static Path home;
    private static Path secret;
    private static Process supervisor;
    private static Process history;
    private static final List<Process> workers = new ArrayList<>();
    private static String master;
    private static URI web;
    /** A job whose lambdas exist only in its jar, which the workers are given with --jars. */
    private static Path udfJar;
    private static final String UDF_JOB = """
            package udfjob;

            import io.mars.Session;
            import io.mars.dataframe.DataFrame;
            import io.mars.dataframe.DataFrames;
            import io.mars.tensor.Tensors;
            import io.mars.types.ChunkSpec;
            import io.mars.types.Column;
            import io.mars.types.LocalTable;
            import io.mars.types.NDArray;

            public class StandaloneUdf {
                public static void main(String[] args) {
                    try (Session session = Session.getOrCreate()) {
                        long chunks = (long) Tensors.arange(10).rechunk(ChunkSpec.of(3)).mapChunk(c -> {
                            long[] v = c.toLongArray();
                            for (int i = 0; i < v.length; i++) {
                                v[i] *= 3;
                            }
                            return NDArray.of(v, c.shape());
                        }).sum().execute(session).getDouble();
                        DataFrame df = DataFrames.fromTable(LocalTable.of(Column.ofLongs("k", 1, 2, 3, 4, 5, 6)), 2);
                        long squares = (long) df.col("k").map((Long v) -> v * v).sum().execute(session).getDouble();
                        System.out.println("chunks=" + chunks + " squares=" + squares);
                    }
                }
            }
            """;

    @BeforeAll
    static void startCluster() throws Exception {
        home = AmClasspath.distribution();
        udfJar = io.mars.it.yarn.MiniHadoop.jobJar(tmp.resolve("udf"), "udfjob.StandaloneUdf", UDF_JOB);
        secret = tmp.resolve("conf/secret");
        supervisor = start(tmp.resolve("supervisor"), "bin/mars-supervisor", "-H", "127.0.0.1", "-p", "0", "-w", "0",
                "--secret-file", secret.toString(), "--conf", "mars.eventlog.dir=" + tmp.resolve("events"));
        Matcher serving = awaitLine(supervisor, tmp.resolve("supervisor.out"), tmp.resolve("supervisor.err"));
        master = serving.group(1);
        web = URI.create(serving.group(2));
        for (int i = 0; i < 2; i++) {
            workers.add(startWorker(i));
        }
        awaitWorkers(2);
    }

    @AfterAll
    static void stopCluster() {
        workers.forEach(Process::destroyForcibly);
        if (supervisor != null) {
            supervisor.destroyForcibly();
        }
        if (history != null) {
            history.destroyForcibly();
        }
    }

    @Test
    @Order(1)
    void theSupervisorMadeTheSecretFileReadableByItsOwnerOnly() throws IOException {
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(secret))).isEqualTo("rw-------");
        assertThat(RpcSecret.readFile(secret).bytes().length).isGreaterThanOrEqualTo(16);
    }

    @Test
    @Order(2)
    void theDemosThroughSessionConnectGiveTheLocalClustersResults() {
        List<String> expected;
        try (LocalCluster cluster = new LocalCluster(2, Map.of());
             ClientSession session = ClientSession.open(cluster.supervisor(), Map.of(), null)) {
            expected = YarnDemosTest.demos(session);
        }
        try (Session session = Session.connect(master, Map.of(RpcSecret.FILE_PROPERTY, secret.toString()))) {
            assertThat(YarnDemosTest.demos(session)).isEqualTo(expected);
        }
    }

    @Test
    @Order(3)
    void marsSubmitWithAMarsMasterRunsTheJobOnTheWorkers() throws Exception {
        long succeededBefore = tasksSucceeded();
        Run standalone = submit(master, "io.mars.examples.DotStd", "1200", "300");
        Run local = submit("local[2]", "io.mars.examples.DotStd", "1200", "300");

        assertThat(standalone.code()).as(standalone.err()).isZero();
        assertThat(local.code()).as(local.err()).isZero();
        assertThat(result(standalone.out())).isEqualTo(result(local.out())).isNotEmpty();
        assertThat(tasksSucceeded()).as("the supervisor ran the job's task").isGreaterThan(succeededBefore);
    }

    @Test
    @Order(4)
    void userFunctionsRunOnWorkersGivenTheirJar() throws Exception {
        Run run = submitJar(udfJar, "udfjob.StandaloneUdf");
        assertThat(run.code()).as(run.err()).isZero();
        // arange(10) in chunks of 3, each value times 3: 135; the squares of 1..6: 91
        assertThat(run.out()).contains("chunks=135 squares=91");
    }

    @Test
    @Order(5)
    void withoutTheSecretAClientAndAWorkerAreRefused() throws Exception {
        Path wrong = tmp.resolve("wrong-secret");
        Files.writeString(wrong, "not the supervisor's secret at all\n");
        assertThatThrownBy(() -> Session.connect(master, Map.of(RpcSecret.FILE_PROPERTY, wrong.toString())).close())
                .isInstanceOfSatisfying(MarsException.class, e -> assertThat(e.code()).isIn(
                        ErrorCode.UNAUTHENTICATED, ErrorCode.RPC_FAILED));
        Run submit = submitWith(master, wrong, "io.mars.examples.DotStd", "400", "200");
        assertThat(submit.code()).isNotZero();
        assertThat(submit.err()).containsIgnoringCase("unauthenticated");

        Process stranger = start(tmp.resolve("stranger"), "bin/mars-worker", "-s", master, "-H", "127.0.0.1",
                "--phy-mem", "512m", "--secret-file", wrong.toString());
        assertThat(stranger.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(stranger.exitValue()).isEqualTo(1);
        assertThat(Files.readString(tmp.resolve("stranger.err"))).contains("cannot register with the supervisor");
        assertThat(workerCount()).isEqualTo(2);

        Process missing = start(tmp.resolve("missing"), "bin/mars-worker", "-s", master, "--secret-file",
                tmp.resolve("no-such-file").toString());
        assertThat(missing.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(missing.exitValue()).isEqualTo(1);
        assertThat(Files.readString(tmp.resolve("missing.err"))).contains("cannot read the shared secret file");
    }

    @Test
    @Order(6)
    void badWorkerArgumentsAreUsageErrors() throws Exception {
        for (List<String> args : List.of(List.of("--phy-mem", "1g"), List.of("-s", master, "--phy-mem", "lots"),
                List.of("-s", master, "--slots", "0"), List.of("-s", "nohost"), List.of("-s", master, "--bogus", "1"),
                List.of("-s", master, "--phy-mem", "100m"), List.of("-s", master, "--jars", "/no/such.jar"))) {
            List<String> command = new ArrayList<>(List.of("bin/mars-worker"));
            command.addAll(args);
            Process p = start(tmp.resolve("usage"), command.toArray(String[]::new));
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(p.exitValue()).as("%s: %s", args, Files.readString(tmp.resolve("usage.err"))).isEqualTo(2);
            assertThat(Files.readString(tmp.resolve("usage.err"))).startsWith("mars-worker: ");
        }
    }

    @Test
    @Order(7)
    void aWorkerKilledMidJobIsReplacedByLineageAndTheResultIsRight() throws Exception {
        Run before = submit("local[2]", "io.mars.examples.DotStd", "2400", "300");
        assertThat(before.code()).as(before.err()).isZero();
        long succeededBefore = tasksSucceeded();
        Process job = processFor(tmp.resolve("killed"), submitCommand(master, secret, "io.mars.examples.DotStd",
                "2400", "300"));
        long deadline = System.nanoTime() + START.toNanos();
        while (runningSubtasksDone() < 3 && job.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        Process victim = workers.remove(1);
        victim.destroyForcibly();
        assertThat(job.waitFor(180, TimeUnit.SECONDS)).isTrue();
        String out = Files.readString(tmp.resolve("killed.out"));
        assertThat(job.exitValue()).as(Files.readString(tmp.resolve("killed.err"))).isZero();
        assertThat(result(out)).isEqualTo(result(before.out()));
        assertThat(tasksSucceeded()).isGreaterThan(succeededBefore);
        assertThat(http("api/cluster")).contains("\"lostWorkers\":[\"" ).contains("worker-127.0.0.1-" + victim.pid());
        workers.add(startWorker(1));
        awaitWorkers(2);
    }

    @Test
    @Order(8)
    void theShellConnectsToTheSupervisorAndLeavesItRunning() throws Exception {
        long succeededBefore = tasksSucceeded();
        Path input = tmp.resolve("input.jsh");
        Files.writeString(input, String.join("\n",
                "arange(6).reshape(2, 3).multiply(2).execute(session)",
                "println(DataFrames.fromRows(List.of(\"k\", \"v\"), List.of(List.of(\"a\", 1.5), List.of(\"b\", 2.0),"
                        + " List.of(\"a\", 4.25)), 2).groupBy(\"k\").sum().execute(session))",
                "/exit", ""));
        Process shell = new ProcessBuilder("bash", home.resolve("bin/mars-shell").toString(), "--connect", master,
                "--conf", RpcSecret.FILE_PROPERTY + "=" + secret)
                .redirectInput(input.toFile()).redirectOutput(tmp.resolve("shell.out").toFile())
                .redirectError(tmp.resolve("shell.err").toFile()).start();
        try {
            assertThat(shell.waitFor(180, TimeUnit.SECONDS)).as("the shell exits").isTrue();
            assertThat(shell.exitValue()).as(Files.readString(tmp.resolve("shell.err"))).isZero();
        } finally {
            shell.destroyForcibly();
        }
        assertThat(Files.readString(tmp.resolve("shell.out"))).doesNotContain("Error:")
                .contains("==> array([[ 0,  2,  4],\n       [ 6,  8, 10]])")
                .contains("   k     v\n0  a  5.75\n1  b  2.00\n");
        assertThat(tasksSucceeded()).isGreaterThan(succeededBefore);
        assertThat(supervisor.isAlive()).isTrue();
        assertThat(workerCount()).isEqualTo(2);
    }

    @Test
    @Order(9)
    void aStoppedSupervisorTakesItsWorkersAlongAndNoSpillFileIsLeftAndHistoryShowsWhatTheLiveUiDid()
            throws Exception {
        history = start(tmp.resolve("history"), "bin/mars-history", "--dir", tmp.resolve("events").toString(), "-H",
                "127.0.0.1", "-p", "0");
        URI historyUrl = URI.create(awaitLine(history, tmp.resolve("history.out"), tmp.resolve("history.err"),
                HISTORY_SERVING).group(1));
        JsonNode running = MAPPER.readTree(get(historyUrl.resolve("api/applications"))).path("applications");
        assertThat(running).hasSize(1);
        assertThat(running.get(0).path("running").asBoolean()).as("the log of a running supervisor").isTrue();
        String appId = running.get(0).path("id").asText();
        JsonNode liveTasks = MAPPER.readTree(http("api/tasks")).path("tasks");
        String liveCluster = http("api/cluster");
        JsonNode liveTimeline = MAPPER.readTree(http("api/timeline"));

        assertThat(new ProcessBuilder("kill", "-TERM", String.valueOf(supervisor.pid())).start().waitFor()).isZero();
        assertThat(supervisor.waitFor(60, TimeUnit.SECONDS)).isTrue();
        for (Process w : workers) {
            assertThat(w.waitFor(60, TimeUnit.SECONDS)).as("a worker stops once its supervisor is gone").isTrue();
            assertThat(w.exitValue()).isEqualTo(1);
        }
        for (int i = 0; i < 2; i++) {
            try (Stream<Path> left = Files.list(tmp.resolve("spill" + i))) {
                assertThat(left.toList()).as("spill directories left").isEmpty();
            }
        }

        // the event log, ended: the history server shows the tasks as the live UI last did
        try (Stream<Path> logs = Files.list(tmp.resolve("events"))) {
            assertThat(logs.map(p -> p.getFileName().toString()).toList()).containsExactly(appId + ".jsonl");
        }
        JsonNode ended = MAPPER.readTree(get(historyUrl.resolve("api/applications"))).path("applications").get(0);
        assertThat(ended.path("running").asBoolean()).isFalse();
        assertThat(ended.path("status").asText()).isEqualTo("ENDED");
        assertThat(ended.path("tasks").asInt()).isEqualTo(liveTasks.size()).isGreaterThan(5);
        URI app = historyUrl.resolve("app/" + appId + "/");
        JsonNode recorded = MAPPER.readTree(get(app.resolve("api/tasks"))).path("tasks");
        assertThat(recorded).hasSameSizeAs(liveTasks);
        long subtasks = 0;
        for (int i = 0; i < liveTasks.size(); i++) {
            ObjectNode live = (ObjectNode) liveTasks.get(i).deepCopy();
            ObjectNode kept = (ObjectNode) recorded.get(i).deepCopy();
            long drift = Math.abs(Instant.parse(live.remove("submittedAt").asText()).toEpochMilli()
                    - Instant.parse(kept.remove("submittedAt").asText()).toEpochMilli());
            assertThat(drift).as("submittedAt of %s", live.path("id")).isLessThanOrEqualTo(2);
            assertThat(kept).as("task %s", live.path("id")).isEqualTo(live);
            subtasks += live.path("subtasks").path("succeeded").asLong() + live.path("subtasks").path("reruns").asLong();
        }
        assertThat(get(app.resolve("api/tasks/" + liveTasks.get(0).path("id").asText())))
                .contains(liveTasks.get(0).path("id").asText());
        JsonNode timeline = MAPPER.readTree(get(app.resolve("api/timeline")));
        assertThat((long) timeline.path("subtasks").size()).as("subtask runs").isGreaterThanOrEqualTo(subtasks);
        // the live timeline as the log kept it: the same runs, times within a millisecond or two of clock reading
        assertThat(liveTimeline.path("dropped").asLong()).isZero();
        assertThat(timeline.path("subtasks")).hasSameSizeAs(liveTimeline.path("subtasks"));
        for (int i = 0; i < liveTimeline.path("subtasks").size(); i++) {
            ObjectNode live = (ObjectNode) liveTimeline.path("subtasks").get(i).deepCopy();
            ObjectNode kept = (ObjectNode) timeline.path("subtasks").get(i).deepCopy();
            for (String time : List.of("startMs", "endMs")) {
                assertThat(Math.abs(live.remove(time).asLong() - kept.remove(time).asLong())).isLessThanOrEqualTo(2);
            }
            assertThat(kept).isEqualTo(live);
        }
        java.util.Set<String> ranOn = new java.util.HashSet<>();
        timeline.path("subtasks").forEach(r -> {
            ranOn.add(r.path("worker").asText());
            assertThat(r.path("endMs").asLong()).isGreaterThanOrEqualTo(r.path("startMs").asLong());
        });
        assertThat(ranOn).as("workers in the timeline").hasSizeGreaterThanOrEqualTo(3); // 2, one killed and replaced
        List<String> liveLost = new ArrayList<>();
        MAPPER.readTree(liveCluster).path("lostWorkers").forEach(l -> liveLost.add(l.asText()));
        List<String> keptLost = new ArrayList<>();
        MAPPER.readTree(get(app.resolve("api/cluster"))).path("lostWorkers").forEach(l -> keptLost.add(l.asText()));
        assertThat(liveLost).as("the worker killed mid-job").isNotEmpty();
        assertThat(keptLost).containsAll(liveLost);
        assertThat(get(app)).contains("<html").contains("src=\"app.js\""); // the web app, reading the same API
        assertThat(get(app.resolve("status"))).contains("<html").contains(liveTasks.get(0).path("id").asText());
        assertThat(new ProcessBuilder("kill", "-TERM", String.valueOf(history.pid())).start().waitFor()).isZero();
        assertThat(history.waitFor(60, TimeUnit.SECONDS)).isTrue();
    }

    // --- processes ---

    private static Run submitJar(Path jar, String mainClass) throws Exception {
        Path logs = tmp.resolve("submit-" + System.nanoTime());
        Process p = processFor(logs, List.of("bash", home.resolve("bin/mars-submit").toString(), "--quiet",
                "--master", master, "--conf", RpcSecret.FILE_PROPERTY + "=" + secret, "--class", mainClass,
                jar.toString()));
        assertThat(p.waitFor(180, TimeUnit.SECONDS)).isTrue();
        return new Run(p.exitValue(), Files.readString(Path.of(logs + ".out")), Files.readString(Path.of(logs + ".err")));
    }

    private static Process startWorker(int i) throws IOException {
        Path spill = Files.createDirectories(tmp.resolve("spill" + i));
        // small quotas: the demos spill; a short heartbeat timeout: a stopped supervisor is noticed quickly
        return start(tmp.resolve("worker" + i + "-" + System.nanoTime()), "bin/mars-worker", "-s", master, "-H",
                "127.0.0.1", "--phy-mem", "768m", "--cache-mem", "16m", "--spill-dir", spill.toString(), "--slots",
                "1", "--secret-file", secret.toString(), "--conf", "mars.worker.heartbeat-timeout-ms=4000",
                "--jars", udfJar.toString());
    }

    private static Process start(Path logs, String... command) throws IOException {
        List<String> full = new ArrayList<>(List.of("bash", home.resolve(command[0]).toString()));
        full.addAll(List.of(command).subList(1, command.length));
        return processFor(logs, full);
    }

    private static Process processFor(Path logs, List<String> command) throws IOException {
        return new ProcessBuilder(command)
                .redirectOutput(Path.of(logs + ".out").toFile())
                .redirectError(Path.of(logs + ".err").toFile())
                .start();
    }

    private static Matcher awaitLine(Process p, Path out, Path err) throws Exception {
        return awaitLine(p, out, err, SERVING);
    }

    private static Matcher awaitLine(Process p, Path out, Path err, Pattern line) throws Exception {
        long deadline = System.nanoTime() + START.toNanos();
        while (System.nanoTime() < deadline) {
            Matcher m = line.matcher(Files.readString(out));
            if (m.find()) {
                return m;
            }
            assertThat(p.isAlive()).as("the server runs: %s", Files.readString(err)).isTrue();
            Thread.sleep(50);
        }
        throw new AssertionError("the server did not serve within " + START + ": " + Files.readString(err));
    }

    private static void awaitWorkers(int n) throws Exception {
        long deadline = System.nanoTime() + START.toNanos();
        while (workerCount() < n) {
            assertThat(System.nanoTime()).as("%d workers registered", n).isLessThan(deadline);
            Thread.sleep(100);
        }
    }

    private record Run(int code, String out, String err) {
    }

    private static Run submit(String master, String mainClass, String... args) throws Exception {
        return submitWith(master, secret, mainClass, args);
    }

    private static Run submitWith(String master, Path secretFile, String mainClass, String... args) throws Exception {
        Path logs = tmp.resolve("submit-" + System.nanoTime());
        Process p = processFor(logs, submitCommand(master, secretFile, mainClass, args));
        assertThat(p.waitFor(180, TimeUnit.SECONDS)).isTrue();
        return new Run(p.exitValue(), Files.readString(Path.of(logs + ".out")), Files.readString(Path.of(logs + ".err")));
    }

    private static List<String> submitCommand(String master, Path secretFile, String mainClass, String... args) {
        List<String> command = new ArrayList<>(List.of("bash", home.resolve("bin/mars-submit").toString(), "--quiet",
                "--master", master, "--conf", RpcSecret.FILE_PROPERTY + "=" + secretFile, "--class", mainClass,
                AmClasspath.examplesJar().toString()));
        command.addAll(List.of(args));
        return command;
    }

    /** The result a demo prints ({@code DotStd: result=10.302625 (n=…) wall=…}), without its timing. */
    private static String result(String out) {
        Matcher m = Pattern.compile("result=(\\S+)").matcher(out);
        return m.find() ? m.group(1) : "";
    }

    // --- the supervisor's REST API ---

    private static String http(String path) throws Exception {
        return get(web.resolve(path));
    }

    private static String get(URI url) throws Exception {
        HttpClient client = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL).build();
        HttpResponse<String> r = client.send(HttpRequest.newBuilder(url).build(),
                HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        assertThat(r.statusCode()).as("GET %s: %s", url, r.body()).isEqualTo(200);
        return r.body();
    }

    private static int workerCount() throws Exception {
        Matcher m = Pattern.compile("\"workerCount\":(\\d+)").matcher(http("api/cluster"));
        return m.find() ? Integer.parseInt(m.group(1)) : 0;
    }

    private static long tasksSucceeded() throws Exception {
        return Pattern.compile("\"state\":\"SUCCEEDED\"").matcher(http("api/tasks")).results().count();
    }

    /** Subtasks succeeded of the tasks running now (0 when none runs). */
    private static int runningSubtasksDone() throws Exception {
        Matcher m = Pattern.compile("\"state\":\"RUNNING\"[^}]*\"succeeded\":(\\d+)").matcher(http("api/tasks"));
        int done = 0;
        while (m.find()) {
            done += Integer.parseInt(m.group(1));
        }
        return done;
    }
}
