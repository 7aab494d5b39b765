package io.mars.it.yarn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mars.Session;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.rpc.flight.RpcSecret;
import io.mars.examples.DotStd;
import io.mars.examples.ElementwiseSum;
import io.mars.examples.InnerSum;
import io.mars.examples.MonteCarloPi;
import io.mars.submit.client.ClientModeApplication;
import io.mars.submit.client.RemoteSessionProvider;
import io.mars.submit.client.YarnSessionProvider;
import io.mars.submit.local.LocalCluster;
import io.mars.submit.client.ClientSession;
import io.mars.tensor.Tensors;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The foundation's four demos (Monte Carlo pi, inner sum, an element-wise pass, dot-then-std), at test sizes, with 2
 * worker containers on MiniYARNCluster + MiniDFSCluster: in cluster mode (the main in the AM), through
 * {@code mars-submit --deploy-mode client} (the main in the submitter) and from a program's own
 * {@code Session.yarn(conf)} — each gives the embedded local cluster's results and ends SUCCEEDED. A second program
 * attaches with {@code Session.connect(appId)}; a client without the application secret is refused by the AM.
 */
public class YarnDemosTest {
    private static final String JOB = """
            package demos;

            import io.mars.Session;
            import java.nio.charset.StandardCharsets;
            import org.apache.hadoop.conf.Configuration;
            import org.apache.hadoop.fs.FSDataOutputStream;
            import org.apache.hadoop.fs.Path;

            public class Job {
                public static void main(String[] args) throws Exception {
                    try (Session session = Session.getOrCreate()) {
                        String text = String.join("\\n", java.util.List.of(
                                "pi=" + io.mars.examples.MonteCarloPi.run(session, 20_000_000L, 2_000_000L).result(),
                                "inner=" + io.mars.examples.InnerSum.run(session, 800, 200).result(),
                                "elementwise=" + io.mars.examples.ElementwiseSum.run(session, 10_000_000L,
                                        1_000_000L, false).result(),
                                "dotstd=" + io.mars.examples.DotStd.run(session, 800, 200).result()))
                                + "\\nmaster=" + System.getProperty("mars.master").startsWith("mars://");
                        Path out = new Path(args[0]);
                        try (FSDataOutputStream o = out.getFileSystem(new Configuration()).create(out)) {
                            o.write(text.getBytes(StandardCharsets.UTF_8));
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
    private static List<String> expected;

    @BeforeAll
    static void startClusters() throws Exception {
        hadoop = MiniHadoop.start(tmp, "mars-yarn-demos", false);
        fs = hadoop.fs;
        yarnClient = hadoop.client;
        confDir = hadoop.confDir;
        jobJar = MiniHadoop.jobJar(tmp.resolve("job"), "demos.Job", JOB);
        try (LocalCluster cluster = new LocalCluster(2, Map.of());
             ClientSession session = ClientSession.open(cluster.supervisor(), Map.of(), null)) {
            expected = demos(session);
        }
    }

    @AfterAll
    static void stopClusters() throws IOException {
        if (hadoop != null) {
            hadoop.close();
        }
    }

    /** The four demos' results, formatted as the demos print them (as the job in the jar, JOB, does). */
    public static List<String> demos(Session session) {
        return List.of(
                "pi=" + MonteCarloPi.run(session, 20_000_000L, 2_000_000L).result(),
                "inner=" + InnerSum.run(session, 800, 200).result(),
                "elementwise=" + ElementwiseSum.run(session, 10_000_000L, 1_000_000L, false).result(),
                "dotstd=" + DotStd.run(session, 800, 200).result());
    }

    @Test
    void theDemosInClusterModeGiveTheLocalClustersResults() throws Exception {
        String output = fs.makeQualified(new org.apache.hadoop.fs.Path("/demos/cluster.txt")).toString();
        MiniHadoop.Submitted run = submit(List.of("--deploy-mode", "cluster"), output);

        assertThat(run.code()).as(run.err()).isZero();
        assertThat(yarnClient.getApplicationReport(run.appId()).getFinalApplicationStatus())
                .isEqualTo(FinalApplicationStatus.SUCCEEDED);
        assertThat(read(output)).isEqualTo(String.join("\n", expected) + "\nmaster=true");
    }

    @Test
    void theDemosThroughDeployModeClientRunHereOnYarnWorkers() throws Exception {
        String output = fs.makeQualified(new org.apache.hadoop.fs.Path("/demos/client.txt")).toString();
        MiniHadoop.Submitted run = submit(List.of("--deploy-mode", "client"), output);

        assertThat(run.code()).as(run.err()).isZero();
        ApplicationReport report = yarnClient.getApplicationReport(run.appId());
        assertThat(report.getFinalApplicationStatus()).isEqualTo(FinalApplicationStatus.SUCCEEDED);
        assertThat(report.getYarnApplicationState()).isEqualTo(YarnApplicationState.FINISHED);
        assertThat(read(output)).isEqualTo(String.join("\n", expected) + "\nmaster=true");
        assertThat(fs.exists(hadoop.staging(run.appId()))).as("staging dir deleted").isFalse();
        // the application id once, on stdout; nothing about --no-wait, which was not given
        assertThat(run.out().lines()).containsExactly(run.appId().toString());
        assertThat(run.err()).doesNotContain("--no-wait").doesNotContain("\n" + run.appId() + "\n");
    }

    @Test
    void aProgramsOwnYarnSessionRunsTheDemosOthersMayAttachAndStrangersAreRefused() throws Exception {
        Map<String, String> conf = Map.of(
                YarnSessionProvider.HADOOP_CONF_DIR, confDir.toString(),
                "mars.yarn.am.java-home", System.getProperty("java.home"),
                "mars.yarn.am.classpath", AmClasspath.of(confDir),
                ClientModeApplication.AM_MEMORY, "512",
                ClientModeApplication.APP_NAME, "notebook",
                "mars.yarn.workers", "2",
                "mars.yarn.worker.memory", "512");
        ApplicationId appId;
        try (Session session = Session.yarn(conf)) {
            ApplicationReport report = onlyRunning();
            appId = report.getApplicationId();
            assertThat(report.getName()).isEqualTo("notebook");
            assertThat(demos(session)).isEqualTo(expected);

            // another program of the same user attaches; closing it leaves the application running
            try (Session attached = Session.connect(appId.toString(),
                    Map.of(YarnSessionProvider.HADOOP_CONF_DIR, confDir.toString()))) {
                assertThat(attached.execute(Tensors.ones(Tensors.shape(30), Tensors.chunks(7)).sum()).getDouble())
                        .isEqualTo(30.0);
            }
            assertThat(yarnClient.getApplicationReport(appId).getYarnApplicationState())
                    .isEqualTo(YarnApplicationState.RUNNING);

            // a client with some other secret is refused by the AM
            assertThatThrownBy(() -> RemoteSessionProvider.open(report.getHost(), report.getRpcPort(),
                    RpcSecret.generate(), Map.of()).close())
                    .isInstanceOf(MarsException.class)
                    .satisfies(e -> assertThat(((MarsException) e).code()).isEqualTo(ErrorCode.UNAUTHENTICATED));
            // the session still works after the stranger's attempt
            assertThat(session.execute(Tensors.ones(Tensors.shape(4), Tensors.chunks(2)).sum()).getDouble())
                    .isEqualTo(4.0);
        }
        ApplicationReport ended = yarnClient.getApplicationReport(appId);
        assertThat(ended.getYarnApplicationState()).isEqualTo(YarnApplicationState.FINISHED);
        assertThat(ended.getFinalApplicationStatus()).isEqualTo(FinalApplicationStatus.SUCCEEDED);
        assertThat(fs.exists(hadoop.staging(appId))).as("staging dir deleted").isFalse();
        assertThatThrownBy(() -> Session.connect(appId.toString(),
                Map.of(YarnSessionProvider.HADOOP_CONF_DIR, confDir.toString())))
                .isInstanceOf(MarsException.class)
                .hasMessageContaining("FINISHED");
    }

    private static ApplicationReport onlyRunning() throws Exception {
        List<ApplicationReport> apps = yarnClient.getApplications(Set.of("MARS"),
                EnumSet.of(YarnApplicationState.RUNNING));
        assertThat(apps).hasSize(1);
        return apps.get(0);
    }

    private static String read(String path) throws IOException {
        try (var in = fs.open(new org.apache.hadoop.fs.Path(path))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static MiniHadoop.Submitted submit(List<String> options, String output) {
        List<String> args = new ArrayList<>(List.of("--master", "yarn", "--class", "demos.Job",
                "--am-memory", "512", "--workers", "2", "--worker-memory", "512",
                "--conf", "mars.yarn.am.java-home=" + System.getProperty("java.home"),
                "--conf", "mars.yarn.am.classpath=" + AmClasspath.of(confDir),
                "--jars", AmClasspath.examplesJar().toString()));   // the shipped examples, as a user adds a library
        args.addAll(options);
        args.add(jobJar.toString());
        args.add(output);
        return hadoop.marsSubmit(Map.of(), args);
    }
}
