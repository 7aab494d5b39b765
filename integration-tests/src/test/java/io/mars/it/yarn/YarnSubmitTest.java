package io.mars.it.yarn;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.submit.cli.MarsSubmit;
import io.mars.submit.yarn.YarnSubmitter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code mars-submit --master yarn} against a MiniYARNCluster (1 RM, 1 NM) and a MiniDFSCluster (1 DN): the job's
 * main runs in the ApplicationMaster, and the exit code, final status, diagnostics and staging directory follow.
 */
class YarnSubmitTest {
    private static final String JOB = """
            package yarnjob;

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
                    if (args[0].equals("sleep")) {
                        Thread.sleep(600_000);
                    }
                    if (args[0].equals("exit")) {
                        System.exit(Integer.parseInt(args[1]));
                    }
                    if (args[0].equals("boom")) {
                        throw new IllegalStateException("boom", new java.io.IOException("the root cause"));
                    }
                    try (Session session = Session.getOrCreate()) {
                        double sum = Tensors.ones(shape(10, 10), chunks(5)).sum().execute(session).getDouble();
                        FileSystem fs = FileSystem.get(new Configuration());
                        try (FSDataOutputStream out = fs.create(new Path(args[1]))) {
                            out.write((sum + " " + System.getProperty("mars.master").startsWith("mars://") + " "
                                    + System.getProperty("mars.app.name") + " amLog=" + java.nio.file.Files.exists(
                                            java.nio.file.Path.of(System.getProperty("mars.log.dir"), "mars-am.log"))
                                    + " recoveryOff=" + java.nio.file.Files.readString(java.nio.file.Path.of(
                                            System.getProperty("mars.log.dir"), "mars-am.log")).contains(
                                            "the AM keeps its state in an embedded ZooKeeper server that ends with it, so AM recovery is off")
                                    + " marker=" + System.getProperty("yarnjob.marker"))
                                    .getBytes(StandardCharsets.UTF_8));
                        }
                    }
                }
            }
            """;

    @TempDir
    static Path tmp;

    private static MiniHadoop hadoop;
    private static Path confDir;
    private static Path jobJar;
    private static FileSystem fs;
    private static YarnClient yarnClient;

    @BeforeAll
    static void startClusters() throws Exception {
        hadoop = MiniHadoop.start(tmp, "mars-yarn-submit", false);
        fs = hadoop.fs;
        yarnClient = hadoop.client;
        confDir = hadoop.confDir;
        jobJar = MiniHadoop.jobJar(tmp.resolve("job"), "yarnjob.Job", JOB);
    }

    @AfterAll
    static void stopClusters() throws IOException {
        if (hadoop != null) {
            hadoop.close();
        }
    }

    @Test
    void runsTheJobsMainInTheApplicationMasterAndSucceeds() throws Exception {
        String output = fs.makeQualified(new org.apache.hadoop.fs.Path("/results/sum.txt")).toString();
        MiniHadoop.Submitted run = submit("--am-memory", "512", "--workers", "2", "--worker-memory", "512", "--name", "sum-job",
                "--driver-java-options", "-Dyarnjob.marker=it's;(ok)  -XX:+UseSerialGC", jobJar.toString(), "sum",
                output);

        assertThat(run.code()).as(run.err()).isZero();
        ApplicationReport report = yarnClient.getApplicationReport(run.appId());
        assertThat(report.getFinalApplicationStatus()).isEqualTo(FinalApplicationStatus.SUCCEEDED);
        assertThat(report.getName()).isEqualTo("sum-job");
        String written;
        try (var in = fs.open(new org.apache.hadoop.fs.Path(output))) {
            written = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        // amLog: the AM logs to mars-am.log in the container's log dir (read here: the NM deletes it after 1 s);
        // recoveryOff: without mars.zookeeper.quorum the AM warns there that its state dies with it
        // marker: --driver-java-options reached the AM's JVM as written (quoted for the NodeManager's shell)
        assertThat(written).isEqualTo("100.0 true sum-job amLog=true recoveryOff=true marker=it's;(ok)");
        assertThat(run.err()).contains("finished: SUCCEEDED");
        assertThat(fs.exists(hadoop.staging(run.appId()))).as("staging dir deleted").isFalse();
    }

    @Test
    void aThrowingMainFailsTheApplicationWithItsMessageInTheDiagnostics() throws Exception {
        MiniHadoop.Submitted run = submit("--am-memory", "512", jobJar.toString(), "boom");

        assertThat(run.code()).as(run.err()).isEqualTo(1);
        ApplicationReport report = yarnClient.getApplicationReport(run.appId());
        assertThat(report.getFinalApplicationStatus()).isEqualTo(FinalApplicationStatus.FAILED);
        assertThat(report.getDiagnostics()).contains("boom").contains("the root cause");
        assertThat(run.err()).contains("finished: FAILED").contains("boom");
        assertThat(fs.exists(hadoop.staging(run.appId()))).as("staging dir deleted").isFalse();
    }

    /** The job's own System.exit(3) in the AM: the AM still unregisters, FAILED naming the code (not 3, KILLED). */
    @Test
    void aJobsOwnSystemExitInTheAmIsItsOutcome() throws Exception {
        MiniHadoop.Submitted three = submit("--am-memory", "512", jobJar.toString(), "exit", "3");
        assertThat(three.code()).as(three.err()).isEqualTo(1);
        ApplicationReport report = yarnClient.getApplicationReport(three.appId());
        assertThat(report.getFinalApplicationStatus()).isEqualTo(FinalApplicationStatus.FAILED);
        assertThat(report.getDiagnostics()).contains("the job called System.exit(3)");
        assertThat(three.err()).contains("finished: FAILED").contains("System.exit(3)");
        // exit(0) as success: JobExitTest and MarsSubmitJobTest, where the same trap runs the main in the submitter
    }

    @Test
    void anAmLargerThanTheMaximumAllocationIsRejectedBeforeAnythingIsUploaded() throws Exception {
        MiniHadoop.Submitted run = submit("--am-memory", "4g", jobJar.toString(), "sum", "/unused");

        assertThat(run.code()).isEqualTo(4);
        assertThat(run.err()).contains("--am-memory 4096 MB exceeds the cluster's maximum allocation of 2048 MB");
        assertThat(run.out()).isEmpty();
        org.apache.hadoop.fs.Path stagingRoot =
                new org.apache.hadoop.fs.Path(fs.getHomeDirectory(), YarnSubmitter.STAGING_DIR);
        if (fs.exists(stagingRoot)) {
            assertThat(fs.listStatus(stagingRoot)).as("nothing staged").isEmpty();
        }
    }

    @Test
    void killStopsARunningApplicationAndTheWaitingSubmitterExitsWithKilled() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        java.util.concurrent.CompletableFuture<Integer> waiting = java.util.concurrent.CompletableFuture.supplyAsync(
                () -> MarsSubmit.run(args("--am-memory", "512", "--workers", "1", "--worker-memory", "384",
                        jobJar.toString(), "sleep"), new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8),
                        Map.of("HADOOP_CONF_DIR", confDir.toString())));
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (out.size() == 0 && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        ApplicationId appId = ApplicationId.fromString(out.toString(StandardCharsets.UTF_8).lines().findFirst()
                .orElseThrow(() -> new AssertionError("no app id: " + err)).trim());
        while (yarnClient.getApplicationReport(appId).getYarnApplicationState()
                != org.apache.hadoop.yarn.api.records.YarnApplicationState.RUNNING && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertThat(fs.exists(hadoop.staging(appId))).as("staging dir exists while running").isTrue();

        ByteArrayOutputStream killOut = new ByteArrayOutputStream();
        int killCode = MarsSubmit.run(new String[] {"kill", appId.toString()},
                new PrintStream(killOut, true, StandardCharsets.UTF_8), new PrintStream(new ByteArrayOutputStream()),
                Map.of("HADOOP_CONF_DIR", confDir.toString()));

        assertThat(killCode).isZero();
        assertThat(killOut.toString(StandardCharsets.UTF_8)).contains(appId + " KILLED");
        assertThat(waiting.get(60, java.util.concurrent.TimeUnit.SECONDS)).as(err.toString()).isEqualTo(3);
        assertThat(yarnClient.getApplicationReport(appId).getYarnApplicationState())
                .isEqualTo(org.apache.hadoop.yarn.api.records.YarnApplicationState.KILLED);
        assertThat(fs.exists(hadoop.staging(appId))).as("staging dir deleted").isFalse();
        ByteArrayOutputStream statusOut = new ByteArrayOutputStream();
        int statusCode = MarsSubmit.run(new String[] {"status", appId.toString()},
                new PrintStream(statusOut, true, StandardCharsets.UTF_8), new PrintStream(new ByteArrayOutputStream()),
                Map.of("HADOOP_CONF_DIR", confDir.toString()));
        assertThat(statusCode).isEqualTo(3);
        assertThat(statusOut.toString(StandardCharsets.UTF_8)).contains("state: KILLED");
        assertThat(MarsSubmit.run(new String[] {"kill", "not-an-id"}, new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(new ByteArrayOutputStream()), Map.of())).isEqualTo(2);
    }

    @Test
    void clientModeWhoseAmDiesBeforeServingExitsFailedAndLeavesNoStagingDirectory() throws Exception {
        MiniHadoop.Submitted run = hadoop.marsSubmit(Map.of(), List.of("--master", "yarn", "--deploy-mode", "client",
                "--class", "yarnjob.Job", "--conf", "mars.yarn.am.java-home=/no/such/java",
                "--conf", "mars.yarn.am.classpath=" + AmClasspath.of(confDir), "--am-memory", "512",
                jobJar.toString(), "sum", "/unused"));

        assertThat(run.code()).as("submitted, then failed: not a rejection (4); stderr:%n%s", run.err()).isEqualTo(1);
        assertThat(run.err()).contains("ended FAILED before it served").doesNotContain("--no-wait");
        assertThat(run.out()).as("no application served the job").isEmpty();
        ApplicationId appId = ApplicationId.fromString(run.err().replaceAll("(?s).*client-mode application (\\S+) ended.*",
                "$1"));
        assertThat(fs.exists(hadoop.staging(appId))).as("staging dir deleted").isFalse();
    }

    /**
     * YarnClient's own submission throws when the application's first report is already FAILED (an AM that cannot
     * start can end within its 200 ms poll): the submitter reports that as submitted-then-failed with the
     * application's id and diagnostics, not as a refusal, and deletes the staging directory. The client here is a
     * real one whose confirmation comes only after the AM failed, so the race is lost every time.
     */
    @Test
    void anApplicationEndedBeforeYarnClientConfirmedItsSubmissionIsAFailureNotARejection() throws Exception {
        org.apache.hadoop.yarn.conf.YarnConfiguration conf =
                io.mars.submit.yarn.HadoopSettings.configuration(Map.of("HADOOP_CONF_DIR", confDir.toString()));
        io.mars.submit.yarn.YarnApplication app = new io.mars.submit.yarn.YarnApplication("late-confirmation",
                "default", 512, 1, "yarnjob.Job", jobJar, List.of(),
                Map.of("mars.yarn.am.classpath", AmClasspath.of(confDir)), List.of("sum", "/unused"),
                java.util.Optional.of("/no/such/java"), java.util.Optional.of(AmClasspath.of(confDir)), List.of(),
                java.util.Optional.empty(), List.of(), List.of(), java.util.Optional.empty(), true);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        YarnClient late = new LateConfirmingYarnClient();
        late.init(conf);
        late.start();
        io.mars.submit.yarn.YarnOutcome outcome;
        try {
            outcome = new YarnSubmitter(conf, new PrintStream(out, true, StandardCharsets.UTF_8),
                    new PrintStream(err, true, StandardCharsets.UTF_8)).run(app, late);
        } finally {
            late.stop();
        }

        assertThat(outcome.status()).as("stderr:%n%s", err.toString(StandardCharsets.UTF_8))
                .isEqualTo(io.mars.submit.yarn.YarnOutcome.Status.FAILED);
        ApplicationId appId = ApplicationId.fromString(outcome.applicationId().orElseThrow());
        assertThat(out.toString(StandardCharsets.UTF_8).trim()).as("the id was printed").isEqualTo(appId.toString());
        assertThat(outcome.diagnostics()).contains("/no/such/java");
        assertThat(yarnClient.getApplicationReport(appId).getFinalApplicationStatus())
                .isEqualTo(FinalApplicationStatus.FAILED);
        assertThat(fs.exists(hadoop.staging(appId))).as("staging dir deleted").isFalse();
    }

    /** Confirms a submission only once the application has ended, and then as YarnClientImpl does for FAILED. */
    private static final class LateConfirmingYarnClient extends org.apache.hadoop.yarn.client.api.impl.YarnClientImpl {
        @Override
        public ApplicationId submitApplication(org.apache.hadoop.yarn.api.records.ApplicationSubmissionContext context)
                throws org.apache.hadoop.yarn.exceptions.YarnException, IOException {
            ApplicationId id = super.submitApplication(context);
            long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.MINUTES.toNanos(2);
            while (true) {
                ApplicationReport report = getApplicationReport(id);
                if (report.getYarnApplicationState() == org.apache.hadoop.yarn.api.records.YarnApplicationState.FAILED) {
                    throw new org.apache.hadoop.yarn.exceptions.YarnException("Failed to submit " + id + " to YARN : "
                            + report.getDiagnostics());
                }
                if (System.nanoTime() > deadline) {
                    throw new AssertionError(id + " did not fail: " + report.getYarnApplicationState());
                }
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException(e);
                }
            }
        }
    }

    private static String[] args(String... options) {
        List<String> args = new ArrayList<>(List.of("--master", "yarn", "--class", "yarnjob.Job",
                "--conf", "mars.yarn.am.java-home=" + System.getProperty("java.home"),
                "--conf", "mars.yarn.am.classpath=" + AmClasspath.of(confDir)));
        args.addAll(List.of(options));
        return args.toArray(new String[0]);
    }

    private static MiniHadoop.Submitted submit(String... options) {
        return hadoop.marsSubmit(Map.of(), List.of(args(options)));
    }
}
