package io.mars.it.yarn;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.Session;
import io.mars.benchmarks.tpch.DuckDbRun;
import io.mars.benchmarks.tpch.TpchGen;
import io.mars.benchmarks.tpch.TpchQueries;
import io.mars.dataframe.DataFrames;
import io.mars.it.tpch.TpchAnswers;
import io.mars.submit.client.ClientModeApplication;
import io.mars.submit.client.YarnSessionProvider;
import io.mars.types.LocalTable;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TPC-H on YARN from HDFS: the tables generated at SF 0.1 by Mars' own workers into {@code hdfs://} (2 worker
 * containers of 1024 MB on MiniYARNCluster, as the generator needs dbgen's 300 MB text pool in each worker's heap;
 * the AM and workers on the jars Mars ships), then Q1, Q9 and Q18 read from there give DuckDB's answers over a local
 * copy of the same files.
 */
public class TpchYarnTest {
    @TempDir
    static Path tmp;

    private static MiniHadoop hadoop;

    @BeforeAll
    static void startClusters() throws Exception {
        // room for the AM (512 MB) and both 1024 MB workers at once
        hadoop = MiniHadoop.start(tmp, "mars-yarn-tpch", false, Map.of(YarnConfiguration.NM_PMEM_MB, "3072"));
    }

    @AfterAll
    static void stopClusters() throws IOException {
        if (hadoop != null) {
            hadoop.close();
        }
    }

    @Test
    void q1Q9AndQ18AtScaleFactorATenthFromHdfsGiveDuckDbsAnswers() throws Exception {
        FileSystem fs = hadoop.fs;
        String dir = fs.makeQualified(new org.apache.hadoop.fs.Path("/tpch/sf01")).toString();
        Map<String, String> conf = Map.of(
                YarnSessionProvider.HADOOP_CONF_DIR, hadoop.confDir.toString(),
                "mars.yarn.am.java-home", System.getProperty("java.home"),
                "mars.yarn.am.classpath", AmClasspath.of(hadoop.confDir),
                ClientModeApplication.AM_MEMORY, "512",
                ClientModeApplication.APP_NAME, "tpch",
                "mars.yarn.workers", "2",
                "mars.yarn.worker.memory", "1024");
        try (Session session = Session.yarn(conf)) {
            assertThat(TpchGen.run(session, 0.1, dir, true, false).result()).contains("866602 rows");
            Path local = tmp.resolve("sf01");
            fs.copyToLocalFile(new org.apache.hadoop.fs.Path(dir), new org.apache.hadoop.fs.Path(local.toString()));
            try (Connection duck = DriverManager.getConnection("jdbc:duckdb:")) {
                DuckDbRun.views(duck, local.toString(), 2);
                for (int q : List.of(1, 9, 18)) {
                    LocalTable answer = session.executeTables(TpchQueries.query(q,
                            name -> DataFrames.readParquet(dir + "/" + name))).get(0);
                    TpchAnswers.assertSame(q, answer, duck);
                }
            }
        }
    }
}
