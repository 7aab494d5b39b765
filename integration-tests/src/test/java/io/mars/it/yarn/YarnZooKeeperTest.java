package io.mars.it.yarn;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.TestingServer;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The ApplicationMaster's state in ZooKeeper, on MiniYARNCluster + MiniDFSCluster + a ZooKeeper server (Curator's
 * TestingServer): while a job runs its session is under {@code /mars/<app id>}; a failed attempt with attempts left
 * leaves it for the next attempt, which recovers it; success deletes it; {@code mars-submit kill} deletes it. (Without
 * a quorum the AM warns that recovery is off: checked by {@link YarnSubmitTest}'s successful job.)
 */
class YarnZooKeeperTest {
    private static final String JOB = """
            package zkjob;

            import static io.mars.tensor.Tensors.chunks;
            import static io.mars.tensor.Tensors.shape;

            import io.mars.Session;
            import io.mars.tensor.Tensors;
            import java.nio.charset.StandardCharsets;
            import java.nio.file.Files;
            import org.apache.hadoop.conf.Configuration;
            import org.apache.hadoop.fs.FSDataOutputStream;
            import org.apache.hadoop.fs.FileSystem;
            import org.apache.hadoop.fs.Path;
            import org.apache.hadoop.yarn.api.records.ContainerId;

            /**
             * args: an HDFS directory shared with the test, then compute (keep a result) or session (only open one).
             * Attempt 1 opens a session, says so, waits for the test's go, fails; attempt 2 reports what its AM recovered.
             */
            public class Job {
                public static void main(String[] args) throws Exception {
                    FileSystem fs = FileSystem.get(new Configuration());
                    Path dir = new Path(args[0]);
                    int attempt = ContainerId.fromString(System.getenv("CONTAINER_ID")).getApplicationAttemptId()
                            .getAttemptId();
                    String amLog = Files.readString(java.nio.file.Path.of(System.getProperty("mars.log.dir"), "mars-am.log"));
                    if (attempt > 1) {
                        // what this attempt's AM recovered, before it started the job
                        write(fs, new Path(dir, "recovered"), amLog.lines().filter(l -> l.contains("recovered"))
                                .reduce("", (a, b) -> a + b + "\\n"));
                        return;
                    }
                    // a session (keeping a result when asked to compute): its state goes to ZooKeeper
                    Session session = Session.getOrCreate();
                    String sum = args[1].equals("compute")
                            ? " " + Tensors.ones(shape(10, 10), chunks(5)).sum().execute(session).getDouble() : "";
                    write(fs, new Path(dir, "ready"), session.id() + sum);
                    // wait (at most 2 minutes) until the test has looked into ZooKeeper
                    for (int i = 0; i < 1200 && !fs.exists(new Path(dir, "go")); i++) {
                        Thread.sleep(100);
                    }
                    // the session stays open: the attempt fails as if the AM crashed mid-job
                    throw new IllegalStateException("attempt " + attempt + " fails on purpose");
                }

                private static void write(FileSystem fs, Path file, String text) throws Exception {
                    try (FSDataOutputStream out = fs.create(new Path(file + ".tmp"))) {
                        out.write(text.getBytes(StandardCharsets.UTF_8));
                    }
                    fs.rename(new Path(file + ".tmp"), file);
                }
            }
            """;
    private static final long WAIT_MS = 90_000;

    @TempDir
    static Path tmp;

    private static MiniHadoop hadoop;
    private static TestingServer zk;
    private static CuratorFramework curator;
    private static Path jobJar;
    private static FileSystem fs;

    @BeforeAll
    static void startClusters() throws Exception {
        zk = new TestingServer(true);
        curator = CuratorFrameworkFactory.newClient(zk.getConnectString(), new RetryOneTime(200));
        curator.start();
        hadoop = MiniHadoop.start(tmp, "mars-yarn-zookeeper", false);
        fs = hadoop.fs;
        jobJar = MiniHadoop.jobJar(tmp.resolve("job"), "zkjob.Job", JOB);
    }

    @AfterAll
    static void stopClusters() throws IOException {
        if (hadoop != null) {
            hadoop.close();
        }
        if (curator != null) {
            curator.close();
        }
        if (zk != null) {
            zk.close();
        }
    }

    @Test
    void aFailedAttemptLeavesItsStateInZooKeeperTheNextRecoversItAndSuccessDeletesIt() throws Exception {
        org.apache.hadoop.fs.Path dir = fs.makeQualified(new org.apache.hadoop.fs.Path("/zk-recover"));
        SubmitterThread job = submit("--conf", "mars.zookeeper.quorum=" + zk.getConnectString(),
                "--conf", "mars.yarn.am.max-attempts=2", jobJar.toString(), dir.toString(), "compute");
        ApplicationId appId = job.appId();
        String root = "/mars/" + appId;

        String ready = awaitFile(new org.apache.hadoop.fs.Path(dir, "ready"), job);
        String sessionId = ready.split(" ")[0];
        assertThat(ready).endsWith(" 100.0");
        // the running job's session, its kept result and the result's chunk meta are in ZooKeeper (writes are batched
        // off the supervisor's threads, so they may trail the job by a moment)
        await(() -> children(root + "/sessions/" + sessionId + "/tileables").size() == 1
                && !children(root + "/sessions/" + sessionId + "/chunks").isEmpty(), "the session's state in " + root);
        assertThat(children(root + "/sessions")).containsExactly(sessionId);
        assertThat(new String(curator.getData().forPath(root + "/epoch"), StandardCharsets.UTF_8)).isEqualTo("1");
        // the AM reports its tasks' progress to YARN: the one task is done while the job waits
        await(() -> {
            try {
                return hadoop.client.getApplicationReport(appId).getProgress() == 1f;
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        }, "progress 1 in YARN's report");
        fs.create(new org.apache.hadoop.fs.Path(dir, "go")).close();

        int code = job.exitCode();
        assertThat(code).as(job.err()).isZero();
        assertThat(hadoop.client.getApplicationReport(appId).getFinalApplicationStatus())
                .isEqualTo(FinalApplicationStatus.SUCCEEDED);
        assertThat(hadoop.client.getApplicationAttempts(appId)).as("two AM attempts").hasSize(2);
        String recovered = read(new org.apache.hadoop.fs.Path(dir, "recovered"));
        assertThat(recovered).contains("AM attempt 2 of 2: recovered 1 session(s)").contains(sessionId);
        assertThat(curator.checkExists().forPath(root)).as("state deleted after success").isNull();
        assertThat(fs.exists(hadoop.staging(appId))).as("staging dir deleted").isFalse();
    }

    @Test
    void killEndsTheApplicationAndDeletesItsStagingDirectoryAndZooKeeperState() throws Exception {
        org.apache.hadoop.fs.Path dir = fs.makeQualified(new org.apache.hadoop.fs.Path("/zk-kill"));
        String quorum = "mars.zookeeper.quorum=" + zk.getConnectString();
        // --no-wait: nobody waits, so only the kill command can clean up after the killed AM
        SubmitterThread job = submit("--conf", quorum, "--no-wait", jobJar.toString(), dir.toString(), "session");
        ApplicationId appId = job.appId();
        assertThat(job.exitCode()).as(job.err()).isZero();
        String root = "/mars/" + appId;
        String sessionId = awaitFile(new org.apache.hadoop.fs.Path(dir, "ready"), null).trim();
        await(() -> children(root + "/sessions").contains(sessionId), "the session in " + root);
        assertThat(fs.exists(hadoop.staging(appId))).as("staging dir exists while running").isTrue();

        // no --conf mars.zookeeper.quorum: kill finds it in the application's staged settings
        MiniHadoop.Submitted kill = run("kill", appId.toString());

        assertThat(kill.code()).as(kill.err()).isZero();
        assertThat(kill.out()).contains(appId + " KILLED");
        assertThat(hadoop.client.getApplicationReport(appId).getYarnApplicationState())
                .isEqualTo(YarnApplicationState.KILLED);
        assertThat(fs.exists(hadoop.staging(appId))).as("staging dir deleted").isFalse();
        // deleted by the kill command, or by the AM itself when the NodeManager's SIGTERM gave it time to (under load
        // it often does): either way nothing is left; the message is checked below, where only the command can delete
        assertThat(curator.checkExists().forPath(root)).as("ZooKeeper state deleted").isNull();

        // kill on the ended application deletes what is left (here: state written back by hand)
        curator.create().creatingParentsIfNeeded().forPath(root + "/epoch", "1".getBytes(StandardCharsets.UTF_8));
        MiniHadoop.Submitted again = run("kill", "--conf=" + quorum, appId.toString());
        assertThat(again.code()).as(again.err()).isZero();
        assertThat(again.err()).contains("deleted the application's ZooKeeper state " + root);
        assertThat(curator.checkExists().forPath(root)).isNull();
    }

    /**
     * Ctrl-C (SIGINT) or SIGTERM (Airflow's on_kill) to a waiting {@code bin/mars-submit}, a process of its own on
     * the shipped jars: the application is killed and nothing is left in HDFS staging or ZooKeeper.
     */
    @ParameterizedTest
    @ValueSource(strings = {"TERM", "INT"})
    void aSignalToTheWaitingSubmitterKillsTheApplicationAndLeavesNothingBehind(String signal) throws Exception {
        org.apache.hadoop.fs.Path dir = fs.makeQualified(new org.apache.hadoop.fs.Path("/zk-signal-" + signal));
        Path marsHome = AmClasspath.distribution();
        Path out = tmp.resolve("signal-" + signal + ".out");
        Path err = tmp.resolve("signal-" + signal + ".err");
        List<String> command = new ArrayList<>(List.of("bash", marsHome.resolve("bin/mars-submit").toString()));
        command.addAll(List.of(submitArgs("--conf", "mars.zookeeper.quorum=" + zk.getConnectString(),
                jobJar.toString(), dir.toString(), "session")));
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
        builder.environment().put("HADOOP_CONF_DIR", hadoop.confDir.toString());
        Process submitter = builder.start();
        try {
            await(() -> java.nio.file.Files.exists(out) && !readLocal(out).isBlank(), "the application id");
            ApplicationId appId = ApplicationId.fromString(readLocal(out).lines().findFirst().orElseThrow().trim());
            String root = "/mars/" + appId;
            org.apache.hadoop.fs.Path ready = new org.apache.hadoop.fs.Path(dir, "ready");
            await(() -> {
                try {
                    return fs.exists(ready) || !submitter.isAlive();
                } catch (IOException e) {
                    throw new AssertionError(e);
                }
            }, ready.toString());
            assertThat(submitter.isAlive()).as(readLocal(err)).isTrue();
            String sessionId = read(ready).trim();
            await(() -> children(root + "/sessions").contains(sessionId), "the session in " + root);
            assertThat(fs.exists(hadoop.staging(appId))).as("staging dir exists while running").isTrue();

            int signalled = new ProcessBuilder("kill", "-" + signal, String.valueOf(submitter.pid())).start().waitFor();
            assertThat(signalled).isZero();

            assertThat(submitter.waitFor(WAIT_MS, TimeUnit.MILLISECONDS)).as("the submitter exits").isTrue();
            String printed = readLocal(err);
            assertThat(printed).contains("stopping: killing " + appId).doesNotContain("cannot");
            assertThat(hadoop.client.getApplicationReport(appId).getYarnApplicationState())
                    .isEqualTo(YarnApplicationState.KILLED);
            assertThat(fs.exists(hadoop.staging(appId))).as("staging dir deleted").isFalse();
            assertThat(curator.checkExists().forPath(root)).as("ZooKeeper state deleted: " + printed).isNull();
            // the submitter deletes it unless the killed AM, whose shutdown may race it, already did: never twice
            assertThat(printed.split("deleted the application's ZooKeeper state", -1)).as("deleted at most once")
                    .hasSizeLessThanOrEqualTo(2);
        } finally {
            submitter.destroyForcibly();
        }
    }

    private static String readLocal(Path file) {
        try {
            return java.nio.file.Files.readString(file);
        } catch (IOException e) {
            return "";
        }
    }

    @Test
    void badAttemptOrZooKeeperSettingsAreRejectedBeforeSubmission() {
        MiniHadoop.Submitted attempts = run(submitArgs("--conf", "mars.yarn.am.max-attempts=0", jobJar.toString(), "/unused", "session"));
        assertThat(attempts.code()).isEqualTo(4);
        assertThat(attempts.err()).contains("mars.yarn.am.max-attempts must be a whole number of AM attempts >= 1, got '0'");
        assertThat(attempts.out()).as("no application id: nothing submitted").isEmpty();

        MiniHadoop.Submitted root = run(submitArgs("--conf", "mars.zookeeper.quorum=" + zk.getConnectString(),
                "--conf", "mars.zookeeper.root=mars", jobJar.toString(), "/unused", "session"));
        assertThat(root.code()).isEqualTo(4);
        assertThat(root.err()).contains("mars.zookeeper.root must be an absolute znode path like /mars, got 'mars'");
        assertThat(root.out()).isEmpty();
    }

    private static List<String> children(String path) {
        try {
            return curator.checkExists().forPath(path) == null ? List.of() : curator.getChildren().forPath(path);
        } catch (Exception e) {
            throw new AssertionError("cannot list " + path, e);
        }
    }

    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(WAIT_MS);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            Thread.sleep(100);
        }
    }

    /**
     * Waits for the job to write {@code file} (failing early when the waiting submitter {@code job}, if any, ended)
     * and returns its text.
     */
    private static String awaitFile(org.apache.hadoop.fs.Path file, SubmitterThread job) throws Exception {
        await(() -> {
            try {
                if (job != null && job.exit().isDone()) {
                    throw new AssertionError("the application ended before writing " + file + ": " + job.err());
                }
                return fs.exists(file);
            } catch (IOException e) {
                throw new AssertionError(e);
            }
        }, file.toString());
        return read(file);
    }

    private static String read(org.apache.hadoop.fs.Path file) throws IOException {
        try (var in = fs.open(file)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** Starts {@code mars-submit --master yarn ...} on a thread of its own, with a small AM and one small worker. */
    private static SubmitterThread submit(String... options) {
        return SubmitterThread.start(hadoop, List.of(submitArgs(options)), java.time.Duration.ofMillis(WAIT_MS));
    }

    private static String[] submitArgs(String... options) {
        List<String> args = new ArrayList<>(List.of("--master", "yarn", "--class", "zkjob.Job",
                "--conf", "mars.yarn.am.java-home=" + System.getProperty("java.home"),
                "--conf", "mars.yarn.am.classpath=" + AmClasspath.of(hadoop.confDir),
                "--am-memory", "512", "--workers", "1", "--worker-memory", "384"));
        args.addAll(List.of(options));
        return args.toArray(new String[0]);
    }

    private static MiniHadoop.Submitted run(String... args) {
        return hadoop.marsSubmit(Map.of(), List.of(args));
    }
}
