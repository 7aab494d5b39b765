package io.mars.it.local;

import static io.mars.tensor.Tensors.chunks;
import static io.mars.tensor.Tensors.shape;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.container.Worker;
import io.mars.container.services.storage.StorageConfig;
import io.mars.container.services.storage.StorageStats;
import io.mars.submit.client.ClientSession;
import io.mars.submit.local.LocalCluster;
import io.mars.tensor.NDArray;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A job whose data is several times the workers' memory quota runs to the same results as with room to spare,
 * spilling to local disks, and leaves no byte or file behind when its session closes.
 */
class SpillingClusterTest {
    private static final long CACHE_BYTES = 2_000_000;
    @TempDir
    Path tmp;

    /** What one run returns: the job's results, and what the workers moved. */
    record Run(List<NDArray> results, long peakStoredBytes, long spills, long readBacks) {
    }

    /**
     * y = (x + 1) * 2 over a 16 MB random matrix is kept, then its cumulative sum (16 MB more), its column sums and
     * the sum of y * y are computed from it.
     */
    static Run runJob(Map<String, String> conf, Path spillRoot) throws IOException {
        try (LocalCluster cluster = new LocalCluster(2, conf)) {
            List<NDArray> results = new ArrayList<>();
            long peak;
            try (ClientSession session = ClientSession.open(cluster.supervisor(), Map.of(), null)) {
                Tensor x = Tensors.random(11).rand(shape(2000, 1000), chunks(200, 100));
                Tensor y = x.add(1.0).multiply(2.0);
                Tensor c = y.cumsum(0);
                session.executeForInfo(y, c);
                peak = cluster.storedBytes();
                results.add(session.execute(y.sum(0)));
                results.add(session.execute(y.multiply(y).sum()));
                results.add(session.execute(c));
                results.add(session.execute(y));
            }
            assertThat(eventually(cluster::storedBytes)).as("bytes left after the session closed").isZero();
            long spills = 0;
            long readBacks = 0;
            for (Worker w : cluster.workers()) {
                StorageStats st = w.storage().stats();
                assertThat(st.chunks()).isZero();
                assertThat(st.memoryBytes()).isZero();
                assertThat(st.diskBytes()).isZero();
                assertThat(st.diskFiles()).isZero();
                assertThat(st.hdfsBytes()).isZero();
                assertThat(st.hdfsFiles()).isZero();
                spills += st.spills();
                readBacks += st.readBacks();
            }
            if (spillRoot != null) {
                assertThat(files(spillRoot)).as("spill files left after the session closed").isEmpty();
            }
            return new Run(results, peak, spills, readBacks);
        }
    }

    static List<Path> files(Path root) throws IOException {
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(Files::isRegularFile).toList();
        }
    }

    static long eventually(LongSupplier value) {
        long v = value.getAsLong();
        for (int i = 0; i < 100 && v != 0; i++) {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            v = value.getAsLong();
        }
        return v;
    }

    static void assertSameResults(Run spilled, Run inMemory) {
        assertThat(spilled.results()).hasSameSizeAs(inMemory.results());
        for (int i = 0; i < inMemory.results().size(); i++) {
            assertThat(spilled.results().get(i).contentEquals(inMemory.results().get(i)))
                    .as("result %d equals the in-memory run's", i).isTrue();
        }
    }

    @Test
    void aJobWithThreeTimesTheWorkersMemoryCompletesWithTheInMemoryResults() throws IOException {
        Run inMemory = runJob(Map.of(), null);
        assertThat(inMemory.spills()).as("the in-memory run has room for everything").isZero();

        Map<String, String> conf = new HashMap<>();
        conf.put(StorageConfig.CACHE_MEM, Long.toString(CACHE_BYTES));
        conf.put(StorageConfig.SPILL_DIRS, tmp.resolve("d1") + "," + tmp.resolve("d2"));
        Run spilled = runJob(conf, tmp);

        assertThat(spilled.peakStoredBytes()).as("data kept on the workers vs their memory")
                .isGreaterThanOrEqualTo(3 * 2 * CACHE_BYTES);
        assertThat(spilled.spills()).isPositive();
        assertThat(spilled.readBacks()).isPositive();
        assertSameResults(spilled, inMemory);
    }

    @Test
    void aCorruptedSpillFileFailsTheTaskWithChunkLostNamingTheFile() throws IOException {
        Map<String, String> conf = new HashMap<>();
        conf.put(StorageConfig.CACHE_MEM, Long.toString(CACHE_BYTES));
        conf.put(StorageConfig.SPILL_DIRS, tmp.toString());
        try (LocalCluster cluster = new LocalCluster(2, conf);
             ClientSession session = ClientSession.open(cluster.supervisor(), Map.of(), null)) {
            Tensor y = Tensors.random(5).rand(shape(2000, 1000), chunks(200, 100)).add(1.0);
            session.executeForInfo(y);
            List<Path> spilled = files(tmp);
            assertThat(spilled).isNotEmpty();
            for (Path f : spilled) {
                try (java.io.RandomAccessFile raf = new java.io.RandomAccessFile(f.toFile(), "rw")) {
                    raf.seek(raf.length() / 2);
                    int b = raf.read();
                    raf.seek(raf.length() / 2);
                    raf.write(b ^ 0x01);
                }
            }
            assertThatThrownBy(() -> session.execute(y.sum()))
                    .isInstanceOf(MarsException.class)
                    .satisfies(e -> assertThat(((MarsException) e).code()).isEqualTo(ErrorCode.CHUNK_LOST))
                    .hasMessageContaining("checksum").hasMessageContaining(tmp.toString());
        }
        assertThat(files(tmp)).as("spill files left after the cluster stopped").isEmpty();
    }
}
