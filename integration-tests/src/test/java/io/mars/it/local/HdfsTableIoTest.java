package io.mars.it.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mars.dataframe.CsvOptions;
import io.mars.dataframe.DataFrame;
import io.mars.dataframe.DataFrames;
import io.mars.dataframe.RowFilter;
import io.mars.it.golden.DataFrameGoldenTest;
import io.mars.submit.client.ClientSession;
import io.mars.submit.local.LocalCluster;
import io.mars.types.LocalTable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** readCsv, toCsv, toParquet and readParquet on hdfs:// paths (a MiniDFSCluster), against the pandas golden answers. */
class HdfsTableIoTest {
    @TempDir
    static Path dfsBase;
    private static MiniDFSCluster dfs;
    private static FileSystem fs;
    private static JsonNode golden;

    @BeforeAll
    static void startHdfs() throws IOException {
        Configuration conf = new HdfsConfiguration();
        conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, dfsBase.resolve("dfs").toString());
        dfs = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
        dfs.waitActive();
        fs = dfs.getFileSystem();
        for (String part : List.of("part-a.csv", "part-b.csv")) {
            try (InputStream in = HdfsTableIoTest.class.getResourceAsStream("/golden/dataframe-io/multi/" + part);
                 var out = fs.create(new org.apache.hadoop.fs.Path("/in/" + part))) {
                in.transferTo(out);
            }
        }
        try (InputStream in = HdfsTableIoTest.class.getResourceAsStream("/golden/dataframe-io/cases.json")) {
            golden = new ObjectMapper().readTree(in);
        }
    }

    @AfterAll
    static void stopHdfs() throws IOException {
        if (fs != null) {
            fs.close();
        }
        if (dfs != null) {
            dfs.shutdown();
        }
    }

    @Test
    void csvAndParquetOnHdfsMatchPandas() {
        String root = fs.getUri().toString();
        try (LocalCluster cluster = new LocalCluster(2, Map.of());
             ClientSession session = ClientSession.open(cluster.supervisor(), Map.of(), null)) {
            DataFrame df = DataFrames.readCsv(root + "/in/*.csv", CsvOptions.defaults().parseDates("when")
                    .chunkBytes(200));
            LocalTable read = session.executeTables(df).get(0);
            DataFrameGoldenTest.assertMatches("hdfs glob", read, golden.get("cases").get("glob").get("result"));

            LocalTable written = session.executeTables(df.toParquet(root + "/out/parquet")).get(0);
            assertThat(written.column("path").getString(0)).startsWith("hdfs://");
            JsonNode c = golden.get("parquet").get("filter_and");
            LocalTable back = session.executeTables(DataFrames.readParquet(root + "/out/parquet", List.of(),
                    RowFilter.where("id", ">=", 5L).and("g", "==", "blue"))).get(0);
            DataFrameGoldenTest.assertMatches("hdfs parquet filter_and", back, c.get("result"));

            session.executeTables(df.toCsv(root + "/out/csv"));
            LocalTable again = session.executeTables(DataFrames.readCsv(root + "/out/csv",
                    CsvOptions.defaults().parseDates("when"))).get(0);
            assertThat(again.toRows()).isEqualTo(read.toRows());
        }
    }
}
