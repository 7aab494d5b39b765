package io.mars.it.yarn;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.TestingServer;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * AM failover that keeps its work, on MiniYARNCluster + MiniDFSCluster + an external ZooKeeper (Curator's
 * TestingServer), with the distribution's jars: the first AM attempt is killed ({@code kill -9} of its JVM) at one of
 * five points of a cluster-mode job; the application keeps its worker containers across attempts, the second attempt
 * takes them over, runs the job's main again with the same keys, reads what the first computed and resumes the task
 * that was running. The job's user functions append a line per chunk they compute (stage, chunk, container) to a
 * local file, which counts what ran again.
 */
class YarnAmFailoverTest {
    private static final String JOB = """
            package failjob;

            import static io.mars.tensor.Tensors.chunks;

            import io.mars.Session;
            import io.mars.tensor.Tensor;
            import io.mars.tensor.Tensors;
            import io.mars.types.DataType;
            import io.mars.types.NDArray;
            import java.nio.charset.StandardCharsets;
            import java.nio.file.Files;
            import java.nio.file.Path;
            import java.nio.file.StandardOpenOption;
            import org.apache.hadoop.yarn.api.records.ContainerId;

            /** args: a local directory shared with the test, the point where attempt 1 stops to be killed. */
            public class Job {
                public static void main(String[] args) throws Exception {
                    Path dir = Path.of(args[0]);
                    String killAt = args[1];
                    // in the AM (cluster mode) its attempt; 0 in the submitter (client mode)
                    String container = System.getenv("CONTAINER_ID");
                    int attempt = container == null ? 0
                            : ContainerId.fromString(container).getApplicationAttemptId().getAttemptId();
                    String log = dir.resolve("runs.log").toString();
                    Session session = Session.getOrCreate();
                    pause(dir, killAt, "before-tiling", attempt);
                    // the job holds its results to the end: a result it dropped would be released from the session
                    // (and computed again by the next attempt)
                    Tensor aSum = Tensors.arange(8000, chunks(1000)).mapChunk(c -> logged(log, "A", c, 100),
                            DataType.FLOAT64).sum();
                    double a = aSum.execute(session).getDouble();
                    pause(dir, killAt, "between-tasks", attempt);
                    Tensor bSum = Tensors.arange(24000, chunks(1000)).mapChunk(c -> logged(log, "B", c, 1200),
                            DataType.FLOAT64).sum();
                    double b = bSum.execute(session).getDouble();
                    Tensor reversed = Tensors.arange(16000, chunks(1000)).mapChunk(c -> logged(log, "C", c, 600),
                            DataType.FLOAT64).multiply(-1).add(15999);
                    Tensor cSum = reversed.sort().multiply(Tensors.arange(16000, chunks(1000))).sum();
                    double c = cSum.execute(session).getDouble();
                    pause(dir, killAt, "after-last-task", attempt);
                    java.lang.ref.Reference.reachabilityFence(aSum);
                    java.lang.ref.Reference.reachabilityFence(bSum);
                    java.lang.ref.Reference.reachabilityFence(cSum);
                    Files.writeString(dir.resolve("result-" + attempt), a + " " + b + " " + c);
                }

                static NDArray logged(String log, String stage, NDArray chunk, long sleepMs) {
                    String line = stage + " " + (long) chunk.getDouble(0) + " " + System.getenv("CONTAINER_ID") + "\\n";
                    try {
                        Files.writeString(Path.of(log), line, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                                StandardOpenOption.APPEND);
                        Thread.sleep(sleepMs);
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                    return chunk;
                }

                /** In attempt 1, at the chosen point: says so and waits to be killed. */
                static void pause(Path dir, String killAt, String point, int attempt) throws Exception {
                    if (attempt == 1 && killAt.equals(point)) {
                        Files.writeString(dir.resolve("at-" + point), "");
                        Thread.sleep(600_000);
                    }
                }
            }
            """;
    private static final long WAIT_MS = 240_000;
    /** Workers x slots: at most this many subtasks run at once, so at most this many were cut short by a kill. */
    private static final int SLOTS = 2;

    @TempDir
    static Path tmp;

    private static MiniHadoop hadoop;
    private static TestingServer zk;
    private static CuratorFramework curator;
    private static Path jobJar;

    @BeforeAll
    static void startClusters() throws Exception {
        zk = new TestingServer(true);
        curator = CuratorFrameworkFactory.newClient(zk.getConnectString(), new RetryOneTime(200));
        curator.start();
        // the containers' logs stay after the application ends, for a failure's diagnosis
        hadoop = MiniHadoop.start(tmp, "mars-yarn-failover", false,
                Map.of("yarn.resourcemanager.am.max-attempts", "2", "yarn.nodemanager.log.retain-seconds", "3600"));
        jobJar = MiniHadoop.jobJar(tmp.resolve("job"), "failjob.Job", JOB);
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

    /**
     * Killed at {@code point}: before the first task is tiled, between two tasks (the first's result kept), in the
     * middle of a stage, while a sort's shuffle runs, and after the last task before the AM unregisters.
     */
    @ParameterizedTest
    @ValueSource(strings = {"before-tiling", "between-tasks", "mid-stage", "mid-shuffle", "after-last-task"})
    void anAmKilledMidJobIsReplacedByOneThatKeepsTheWorkersAndTheirWork(String point) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve(point));
        SubmitterThread job = submit(List.of(), dir.toString(), point);
        killAndCheck(job, dir, point, 2);
    }

    /**
     * Client mode (the job's main in the submitter, mars-submit --deploy-mode client): the AM killed mid-stage, the
     * session follows the new attempt, the task that was running goes on there from what the workers hold.
     */
    @org.junit.jupiter.api.Test
    void aClientModeSessionFollowsItsApplicationToTheNextAmAttempt() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("client-mode"));
        SubmitterThread job = submit(List.of("--deploy-mode", "client"), dir.toString(), "mid-stage");
        killAndCheck(job, dir, "mid-stage", 0);
        assertThat(job.err()).contains("the application's AM was replaced").contains("on the new AM attempt");
    }

    /** Kills attempt 1's AM at {@code point}; checks the job's end, its answer (written by {@code resultOf}). */
    private static void killAndCheck(SubmitterThread job, Path dir, String point, int resultOf) throws Exception {
        Path runs = dir.resolve("runs.log");
        ApplicationId appId = job.appId();

        // when attempt 1 reaches the point, kill its JVM as a crash would
        switch (point) {
            case "mid-stage" -> await(() -> count(runs, "B") >= 6, "6 chunks of stage B", job);
            case "mid-shuffle" -> await(() -> count(runs, "C") >= 16, "the sort's 16 input chunks", job);
            default -> await(() -> Files.exists(dir.resolve("at-" + point)), "attempt 1 at " + point, job);
        }
        // both workers joined attempt 1 (their addresses are in its state), so there is something to take over
        await(() -> workersRecorded(appId) == SLOTS, SLOTS + " workers recorded in ZooKeeper", job);
        Map<String, Long> before = counts(runs);
        ProcessHandle am = amProcess(appId, 1);
        assertThat(am.destroyForcibly()).isTrue();

        int code = job.exitCode();
        assertThat(code).as(job.err()).isZero();
        assertThat(hadoop.client.getApplicationReport(appId).getFinalApplicationStatus())
                .isEqualTo(FinalApplicationStatus.SUCCEEDED);
        assertThat(hadoop.client.getApplicationAttempts(appId)).as("two AM attempts").hasSize(2);
        assertThat(Files.exists(dir.resolve("result-1"))).as("attempt 1 never finished").isFalse();
        double n = 16000;
        assertThat(Files.readString(dir.resolve("result-" + resultOf))).isEqualTo(31996000.0 + " " + 287988000.0 + " "
                + (n - 1) * n * (2 * n - 1) / 6);

        List<String[]> lines = Files.readAllLines(runs).stream().map(l -> l.split(" ")).toList();
        Set<String> containers = new TreeSet<>();
        lines.forEach(l -> containers.add(l[2]));
        assertThat(containers).as("the workers of attempt 1 computed everything: no new containers").hasSize(2)
                .allSatisfy(c -> assertThat(c).contains("_01_"));
        Map<String, Long> after = counts(runs);
        // each chunk ran once, except those running when the AM died (their results never reached it)
        assertThat(after.get("A")).as("stage A's chunks").isBetween(8L, 8L + SLOTS);
        assertThat(after.get("B")).as("stage B's chunks").isBetween(24L, 24L + SLOTS);
        assertThat(after.get("C")).as("stage C's chunks").isBetween(16L, 16L + SLOTS);
        if (!point.equals("before-tiling")) {
            assertThat(after.get("A")).as("the first task's result, kept in the session, is read, not computed again")
                    .isEqualTo(8L);
        }
        if (point.equals("after-last-task")) {
            assertThat(after).as("every result was kept: nothing ran again").isEqualTo(before);
        }
        long rerun = after.values().stream().mapToLong(Long::longValue).sum() - (8 + 24 + 16);
        assertThat(rerun).as("chunks computed again after the kill (before: " + before + ", after: " + after + ")")
                .isLessThanOrEqualTo(SLOTS);
    }

    private static int workersRecorded(ApplicationId appId) {
        try {
            return curator.checkExists().forPath("/mars/" + appId + "/workers") == null ? 0
                    : curator.getChildren().forPath("/mars/" + appId + "/workers").size();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static long count(Path runs, String stage) {
        return counts(runs).getOrDefault(stage, 0L);
    }

    private static Map<String, Long> counts(Path runs) {
        Map<String, Long> n = new HashMap<>();
        try {
            if (Files.exists(runs)) {
                for (String l : Files.readAllLines(runs)) {
                    n.merge(l.split(" ")[0], 1L, Long::sum);
                }
            }
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        return n;
    }

    /** The JVM of the application's AM attempt {@code attempt}. */
    private static ProcessHandle amProcess(ApplicationId appId, int attempt) {
        return MiniHadoop.containerJvm("io.mars.am.yarn.ApplicationMaster", "container_" + appId.getClusterTimestamp()
                + "_" + String.format("%04d", appId.getId()) + "_" + String.format("%02d", attempt) + "_000001");
    }

    private static void await(BooleanSupplier condition, String what, SubmitterThread job) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(WAIT_MS);
        while (!condition.getAsBoolean()) {
            if (job.exit().isDone()) {
                throw new AssertionError("the application ended before " + what + ": " + job.err());
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            Thread.sleep(50);
        }
    }

    /** {@code mars-submit --master yarn} on a thread of its own: two one-slot workers, an external ZooKeeper. */
    private static SubmitterThread submit(List<String> options, String... jobArgs) {
        List<String> args = new ArrayList<>(options);
        args.addAll(List.of("--master", "yarn", "--class", "failjob.Job",
                "--conf", "mars.yarn.am.java-home=" + System.getProperty("java.home"),
                "--conf", "mars.yarn.am.classpath=" + AmClasspath.of(hadoop.confDir),
                "--conf", "mars.zookeeper.quorum=" + zk.getConnectString(),
                "--conf", "mars.yarn.am.max-attempts=2",
                "--am-memory", "512", "--workers", String.valueOf(SLOTS), "--worker-memory", "384",
                "--worker-vcores", "1", jobJar.toString()));
        args.addAll(List.of(jobArgs));
        return SubmitterThread.start(hadoop, args, java.time.Duration.ofMillis(WAIT_MS));
    }
}
