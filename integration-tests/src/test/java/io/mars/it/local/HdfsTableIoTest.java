package io.mars.it.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.dataframe.CsvOptions;
import io.mars.dataframe.DataFrame;
import io.mars.dataframe.DataFrames;
import io.mars.dataframe.RowFilter;
import io.mars.it.golden.CompressedFiles;
import io.mars.it.golden.DataFrameGoldenTest;
import io.mars.submit.client.ClientSession;
import io.mars.submit.local.LocalCluster;
import io.mars.types.DType;
import io.mars.types.LocalTable;
import io.mars.types.WriteMode;
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

/**
 * readCsv, toCsv, toParquet and readParquet on hdfs:// paths (a MiniDFSCluster), against the pandas golden answers;
 * the write modes and the all-or-nothing commit there.
 */
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
        // the same parts compressed (gzip, zstd) for the compressed read
        for (String[] part : new String[][] {{"part-a.csv", "part-a.csv.gz"}, {"part-b.csv", "part-b.csv.zst"}}) {
            try (InputStream in = HdfsTableIoTest.class.getResourceAsStream("/golden/dataframe-io/multi/" + part[0]);
                 var out = CompressedFiles.compressor(part[1], fs.create(new org.apache.hadoop.fs.Path("/gz/"
                         + part[1])))) {
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
            LocalTable compressed = session.executeTables(DataFrames.readCsv(root + "/gz",
                    CsvOptions.defaults().parseDates("when"))).get(0);
            DataFrameGoldenTest.assertMatches("hdfs gzip and zstd", compressed, golden.get("compressed")
                    .get("glob_bzip2_and_zstd").get("result"));

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

    /** The write modes and the commit on hdfs://, as WriteModeTest checks them on local paths. */
    @Test
    void writeModesCommitWholeOutputsOnHdfs(@TempDir Path local) throws IOException {
        String dir = fs.getUri() + "/modes/out";
        org.apache.hadoop.fs.Path out = new org.apache.hadoop.fs.Path(dir);
        try (LocalCluster cluster = new LocalCluster(2, Map.of());
             ClientSession session = ClientSession.open(cluster.supervisor(), Map.of(), null)) {
            session.executeTables(WriteModeTest.frame(1, 2, 3).toParquet(dir));
            assertThat(fs.exists(new org.apache.hadoop.fs.Path(out, "_SUCCESS"))).isTrue();
            assertThat(fs.exists(new org.apache.hadoop.fs.Path(out, "_temporary"))).isFalse();

            assertThatThrownBy(() -> session.executeTables(WriteModeTest.frame(100).toParquet(dir)))
                    .isInstanceOfSatisfying(MarsException.class, e -> {
                        assertThat(e.code()).isEqualTo(ErrorCode.OUTPUT_EXISTS);
                        assertThat(e.getMessage()).contains(dir);
                    });
            assertThat(WriteModeTest.read(session::executeTables, "parquet", dir)).containsExactly(1, 2, 3);

            session.executeTables(WriteModeTest.frame(100).toParquet(dir, WriteMode.OVERWRITE));
            assertThat(WriteModeTest.read(session::executeTables, "parquet", dir)).containsExactly(100);
            session.executeTables(WriteModeTest.frame(7, 8).toParquet(dir, WriteMode.APPEND));
            assertThat(WriteModeTest.read(session::executeTables, "parquet", dir)).containsExactly(100, 7, 8);

            // a write whose last chunk fails (a value that is no int64) leaves the output as it was
            java.nio.file.Path csv = local.resolve("bad.csv");
            java.nio.file.Files.writeString(csv, "v\n1\n2\n3\n4\n5\n6\n4.5x\n");
            DataFrame bad = DataFrames.readCsv(csv.toString(), CsvOptions.defaults().dtype("v", DType.INT64)
                    .chunkBytes(4));
            assertThatThrownBy(() -> session.executeTables(bad.toParquet(dir, WriteMode.OVERWRITE)))
                    .isInstanceOfSatisfying(MarsException.class,
                            e -> assertThat(e.code()).isEqualTo(ErrorCode.CSV_MALFORMED_ROW));
            assertThat(WriteModeTest.read(session::executeTables, "parquet", dir)).containsExactly(100, 7, 8);
            List<String> names = new java.util.ArrayList<>();
            for (org.apache.hadoop.fs.FileStatus s : fs.listStatus(out)) {
                names.add(s.getPath().getName());
            }
            assertThat(names).hasSize(4).contains("_SUCCESS", "part-00000.parquet").doesNotContain("_temporary");
        }
    }
}
