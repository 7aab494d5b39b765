package io.mars.it.yarn;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * User functions on YARN (MiniYARNCluster + MiniDFSCluster): a job whose lambdas (mapChunk, Series.map,
 * mapPartitions, spawn) are classes of its own jar only, compiled here and never on the AM's or the workers' class
 * path, runs them on the worker containers, which load them from the job's jars the AM localized for them; in
 * cluster mode and in client mode. A lambda that throws on a worker fails the application with the lambda's own message.
 * The workers, and the AM running the job's main, keep their temporary files in their containers' tmp directories.
 */
class YarnUserFunctionTest {
    private static final String JOB = """
            package udfjob;

            import io.mars.Session;
            import io.mars.dataframe.DataFrame;
            import io.mars.dataframe.DataFrames;
            import io.mars.tensor.Tensor;
            import io.mars.tensor.Tensors;
            import io.mars.types.ChunkSpec;
            import io.mars.types.Column;
            import io.mars.types.LocalTable;
            import io.mars.types.NDArray;
            import java.nio.charset.StandardCharsets;
            import org.apache.hadoop.conf.Configuration;
            import org.apache.hadoop.fs.FSDataOutputStream;
            import org.apache.hadoop.fs.Path;

            public class UdfJob {
                public static void main(String[] args) throws Exception {
                    try (Session session = Session.getOrCreate()) {
                        Tensor t = Tensors.arange(10).rechunk(ChunkSpec.of(3)).mapChunk(c -> {
                            if (args[0].equals("boom") && c.getLong(0) == 3) {
                                throw new IllegalStateException("udf boom on the worker at chunk " + c.getLong(0));
                            }
                            long[] v = c.toLongArray();
                            for (int i = 0; i < v.length; i++) {
                                v[i] *= 3;
                            }
                            return NDArray.of(v, c.shape());
                        });
                        long chunks = (long) t.sum().execute(session).getDouble();
                        DataFrame df = DataFrames.fromTable(LocalTable.of(Column.ofLongs("k", 1, 2, 3, 4, 5, 6)), 2);
                        long squares = (long) df.col("k").map((Long v) -> v * v).sum().execute(session).getDouble();
                        DataFrame counts = df.mapPartitions(p -> LocalTable.of(Column.ofLongs("n", p.rowCount())));
                        LocalTable c = counts.execute(session);
                        long rows = (long) counts.col("n").sum().execute(session).getDouble();
                        io.mars.Remote<Long> doubled = session.spawn(a -> 2 * (Long) a[0], squares);
                        long spawned = session.spawn(a -> (Long) a[0] + 1, doubled).execute(session);
                        // a column function giving a series of another length (pandas' apply(func) that expands)
                        DataFrame large = df.applyExpand(col -> {
                            java.util.List<Long> out = new java.util.ArrayList<>();
                            for (int i = 0; i < col.length(); i++) {
                                if (col.getLong(i) > 3) {
                                    out.add(col.getLong(i));
                                }
                            }
                            return out;
                        }, 0);
                        long expanded = (long) large.col("k").sum().execute(session).getDouble();
                        // temporary files: in the tmp directory YARN makes in the container's working directory
                        long workerTmp = session.spawn(a -> UdfJob.containerTmp()).execute(session);
                        long mainTmp = containerTmp();
                        Path output = new Path(args[1]); // hdfs://...: also from a client without HADOOP_CONF_DIR
                        try (FSDataOutputStream out = output.getFileSystem(new Configuration()).create(output)) {
                            out.write((chunks + " " + squares + " " + rows + " " + c.rowCount() + " " + spawned + " "
                                    + expanded + " " + workerTmp + " " + mainTmp).getBytes(StandardCharsets.UTF_8));
                        }
                    }
                }

                /** 1 when java.io.tmpdir is the directory tmp of the working directory and exists, else 0. */
                static long containerTmp() {
                    java.nio.file.Path tmp = java.nio.file.Path.of(System.getProperty("java.io.tmpdir"))
                            .toAbsolutePath().normalize();
                    java.nio.file.Path expected = java.nio.file.Path.of("").toAbsolutePath().resolve("tmp");
                    return tmp.equals(expected) && java.nio.file.Files.isDirectory(tmp) ? 1 : 0;
                }
            }
            """;

    @TempDir
    static Path tmp;

    private static MiniHadoop hadoop;
    private static Path jobJar;
    private static FileSystem fs;

    @BeforeAll
    static void startClusters() throws Exception {
        hadoop = MiniHadoop.start(tmp, "mars-yarn-udf", false);
        fs = hadoop.fs;
        jobJar = MiniHadoop.jobJar(tmp.resolve("job"), "udfjob.UdfJob", JOB);
    }

    @AfterAll
    static void stopClusters() throws IOException {
        if (hadoop != null) {
            hadoop.close();
        }
    }

    @Test
    void theWorkersRunLambdasFromTheJobsJarInClusterMode() throws Exception {
        assertRunsTheLambdas("cluster");
    }

    @Test
    void theWorkersRunLambdasFromTheJobsJarInClientMode() throws Exception {
        assertRunsTheLambdas("client");
    }

    @Test
    void aLambdaThrowingOnAWorkerFailsTheApplicationWithItsMessage() throws Exception {
        MiniHadoop.Submitted run = submit("cluster", "boom", "/unused");

        assertThat(run.code()).as(run.err()).isEqualTo(1);
        ApplicationReport report = hadoop.client.getApplicationReport(run.appId());
        assertThat(report.getFinalApplicationStatus()).isEqualTo(FinalApplicationStatus.FAILED);
        assertThat(report.getDiagnostics()).contains("USER_FUNCTION_FAILED")
                .contains("java.lang.IllegalStateException: udf boom on the worker at chunk 3")
                .contains("udfjob.UdfJob.lambda$main$").contains("(UdfJob.java:22)");
        assertThat(fs.exists(hadoop.staging(run.appId()))).as("staging dir deleted").isFalse();
    }

    private static void assertRunsTheLambdas(String mode) throws Exception {
        String output = fs.makeQualified(new org.apache.hadoop.fs.Path("/results/udf-" + mode + ".txt")).toString();
        MiniHadoop.Submitted run = submit(mode, "ok", output);

        assertThat(run.code()).as(run.err()).isZero();
        ApplicationReport report = hadoop.client.getApplicationReport(run.appId());
        assertThat(report.getFinalApplicationStatus()).isEqualTo(FinalApplicationStatus.SUCCEEDED);
        String written;
        try (var in = fs.open(new org.apache.hadoop.fs.Path(output))) {
            written = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        // 3 * (0 + ... + 9), 1 + 4 + ... + 36, 6 rows counted in 3 partitions of one row each, 2 * 91 + 1 spawned,
        // 4 + 5 + 6 from applyExpand; the worker's java.io.tmpdir in its container, and the main's too when the AM runs
        // it (the client's is its own)
        assertThat(written).isEqualTo("135 91 6 3 183 15 1 " + (mode.equals("cluster") ? 1 : 0));
        assertThat(fs.exists(hadoop.staging(run.appId()))).as("staging dir deleted").isFalse();
    }

    private static MiniHadoop.Submitted submit(String mode, String... jobArgs) {
        List<String> args = new ArrayList<>(List.of("--master", "yarn", "--deploy-mode", mode,
                "--class", "udfjob.UdfJob",
                "--conf", "mars.yarn.am.java-home=" + System.getProperty("java.home"),
                "--conf", "mars.yarn.am.classpath=" + AmClasspath.of(hadoop.confDir),
                "--am-memory", "512", "--workers", "1", "--worker-memory", "512", jobJar.toString()));
        args.addAll(List.of(jobArgs));
        return hadoop.marsSubmit(Map.of(), args);
    }
}
