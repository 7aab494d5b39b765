package io.mars.it.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.container.services.storage.StorageConfig;
import io.mars.container.services.storage.StorageStats;
import io.mars.container.services.storage.internal.TieredStorage;
import io.mars.types.NDArray;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Spilling to HDFS (a MiniDFSCluster): as the only disk level, and when every local disk is full. */
class HdfsSpillTest {
    @TempDir
    static Path dfsBase;
    @TempDir
    Path tmp;
    private static MiniDFSCluster dfs;
    private static FileSystem fs;
    private static String spillUri;

    @BeforeAll
    static void startHdfs() throws IOException {
        Configuration conf = new HdfsConfiguration();
        conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, dfsBase.resolve("dfs").toString());
        dfs = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
        dfs.waitActive();
        fs = dfs.getFileSystem();
        spillUri = fs.getUri() + "/mars-spill";
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

    private static int hdfsFiles() throws IOException {
        org.apache.hadoop.fs.Path root = new org.apache.hadoop.fs.Path("/mars-spill");
        if (!fs.exists(root)) {
            return 0;
        }
        int n = 0;
        RemoteIterator<LocatedFileStatus> it = fs.listFiles(root, true);
        while (it.hasNext()) {
            it.next();
            n++;
        }
        return n;
    }

    private static NDArray chunk(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] d = new double[12_500];
        for (int i = 0; i < d.length; i++) {
            d[i] = r.nextGaussian();
        }
        return NDArray.of(d, 125, 100);
    }

    private static StorageStats settled(TieredStorage s) throws InterruptedException {
        StorageStats st = s.stats();
        for (int i = 0; i < 400 && st.memoryBytes() > s.config().softBytes(); i++) {
            Thread.sleep(50);
            st = s.stats();
        }
        return st;
    }

    private void putReadAndDelete(TieredStorage s) throws Exception {
        for (int i = 0; i < 10; i++) {
            s.put("s1", "c" + i, chunk(i));
        }
        StorageStats st = settled(s);
        assertThat(st.diskFiles()).isZero();
        assertThat(st.hdfsFiles()).isPositive().isEqualTo(hdfsFiles()).isEqualTo((int) st.spills());
        assertThat(st.hdfsBytes()).isGreaterThanOrEqualTo(10 * 100_000L - s.config().softBytes());
        for (int i = 0; i < 10; i++) {
            assertThat(((NDArray) s.get("s1", "c" + i).orElseThrow()).contentEquals(chunk(i))).isTrue();
        }
        assertThat(s.stats().readBacks()).isPositive();
        assertThat(s.deleteSession("s1")).isEqualTo(10 * 100_000L);
        assertThat(s.stats().hdfsBytes()).isZero();
        assertThat(hdfsFiles()).isZero();
    }

    @Test
    void hdfsAsTheOnlyDiskLevel() throws Exception {
        StorageConfig config = StorageConfig.from(Map.of(StorageConfig.CACHE_MEM, "300000",
                StorageConfig.SPILL_DIRS, "none", StorageConfig.SPILL_HDFS_DIR, spillUri), 1L << 30, Map.of());
        TieredStorage s = new TieredStorage("w0", config, dir -> 0, dfs.getConfiguration(0));
        try {
            assertThat(s.localSpillDirectories()).isEmpty();
            putReadAndDelete(s);
        } finally {
            s.close();
        }
        assertThat(fs.exists(new org.apache.hadoop.fs.Path(s.hdfsSpillDirectory()))).isFalse();
    }

    @Test
    void fullLocalDisksFallBackToHdfs() throws Exception {
        StorageConfig config = StorageConfig.from(Map.of(StorageConfig.CACHE_MEM, "300000",
                StorageConfig.SPILL_DIRS, tmp.resolve("a") + "," + tmp.resolve("b"),
                StorageConfig.SPILL_HDFS_DIR, spillUri), 1L << 30, Map.of());
        try (TieredStorage s = new TieredStorage("w0", config, dir -> 0, dfs.getConfiguration(0))) {
            putReadAndDelete(s);
            assertThat(SpillingClusterTest.files(tmp)).isEmpty();
        }
    }

    @Test
    void aJobSpillingOnlyToHdfsGivesTheInMemoryResults() throws Exception {
        SpillingClusterTest.Run inMemory = SpillingClusterTest.runJob(Map.of(), null);
        Map<String, String> conf = new HashMap<>();
        conf.put(StorageConfig.CACHE_MEM, "2000000");
        conf.put(StorageConfig.SPILL_DIRS, "none");
        conf.put(StorageConfig.SPILL_HDFS_DIR, spillUri);
        SpillingClusterTest.Run spilled = SpillingClusterTest.runJob(conf, null);
        assertThat(spilled.spills()).isPositive();
        assertThat(spilled.readBacks()).isPositive();
        SpillingClusterTest.assertSameResults(spilled, inMemory);
        assertThat(hdfsFiles()).as("spill files left on HDFS").isZero();
        assertThat(fs.listStatus(new org.apache.hadoop.fs.Path("/mars-spill"))).as("worker spill dirs left")
                .isEmpty();
        assertThat(spilled.peakStoredBytes()).isGreaterThanOrEqualTo(3 * 2 * 2_000_000L);
    }
}
