package io.mars.it.local;

import static io.mars.tensor.Tensors.chunks;
import static io.mars.tensor.Tensors.shape;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mars.am.services.task.TaskStatus;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.rpc.TaskState;
import io.mars.container.Worker;
import io.mars.container.services.storage.StorageConfig;
import io.mars.container.services.storage.StorageStats;
import io.mars.dataframe.DataFrame;
import io.mars.dataframe.DataFrames;
import io.mars.submit.client.ClientSession;
import io.mars.submit.local.LocalCluster;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import io.mars.types.LocalTable;
import io.mars.types.NDArray;
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

    /**
     * The regular files under {@code root}. A worker may delete a file while the tree is walked (the walk then fails on
     * it): the walk is taken again, so what is returned is one whole listing.
     */
    static List<Path> files(Path root) throws IOException {
        for (int attempt = 1; ; attempt++) {
            try (Stream<Path> s = Files.walk(root)) {
                return s.filter(Files::isRegularFile).toList();
            } catch (java.io.UncheckedIOException e) {
                if (!(e.getCause() instanceof java.nio.file.NoSuchFileException) || attempt >= 20) {
                    throw e;
                }
            }
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

    /**
     * Flips one byte in the middle of a file (past its header, in the data). The file is opened without CREATE: one
     * the worker deleted since it was listed must not come back (a RandomAccessFile in "rw" mode re-created it, and
     * the test then found that file left after the session).
     */
    static void corrupt(Path f) throws IOException {
        try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(f,
                java.nio.file.StandardOpenOption.READ, java.nio.file.StandardOpenOption.WRITE)) {
            long at = ch.size() / 2;
            java.nio.ByteBuffer one = java.nio.ByteBuffer.allocate(1);
            if (ch.read(one, at) != 1) {
                return;
            }
            one.put(0, (byte) (one.get(0) ^ 0x01));
            one.rewind();
            ch.write(one, at);
        }
    }

    private static long corruptFiles(LocalCluster cluster) {
        long n = 0;
        for (Worker w : cluster.workers()) {
            n += w.storage().stats().corruptFiles();
        }
        return n;
    }

    /** After a session closed: no byte stored, in memory, reserved or on disk, no spill file, no Arrow byte held. */
    static void assertNothingLeft(LocalCluster cluster, Path spillRoot) throws IOException {
        assertThat(eventually(cluster::storedBytes)).as("bytes left after the session closed").isZero();
        for (Worker w : cluster.workers()) {
            StorageStats st = w.storage().stats();
            assertThat(st.memoryBytes()).isZero();
            assertThat(st.reservedBytes()).isZero();
            assertThat(st.diskBytes()).isZero();
            assertThat(st.diskFiles()).isZero();
        }
        // a spill still being written when its chunk was deleted removes its own file once written
        assertThat(eventually(() -> {
            try {
                return files(spillRoot).size();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        })).as("spill files left after the session closed: %s", files(spillRoot)).isZero();
        assertThat(eventually(cluster::allocatedBytes)).as("Arrow bytes left after the session closed").isZero();
    }

    private static Map<String, String> spillingConf(Path dir) {
        Map<String, String> conf = new HashMap<>();
        conf.put(StorageConfig.CACHE_MEM, Long.toString(CACHE_BYTES));
        conf.put(StorageConfig.SPILL_DIRS, dir.toString());
        return conf;
    }

    @Test
    void aCorruptedSpillFileOfAKeptResultIsComputedAgainFromItsLineage() throws IOException {
        Tensor y = Tensors.random(5).rand(shape(2000, 1000), chunks(200, 100)).add(1.0);
        NDArray expected;
        try (LocalCluster cluster = new LocalCluster(2, Map.of());
             ClientSession session = ClientSession.open(cluster.supervisor(), Map.of(), null)) {
            expected = session.execute(y.sum());
        }
        try (LocalCluster cluster = new LocalCluster(2, spillingConf(tmp))) {
            try (ClientSession session = ClientSession.open(cluster.supervisor(), Map.of(), null)) {
                session.executeForInfo(y);
                List<Path> spilled = files(tmp);
                assertThat(spilled).isNotEmpty();
                for (Path f : spilled) {
                    corrupt(f);
                }
                NDArray got = session.execute(y.sum());
                assertThat(got.getDouble()).isCloseTo(expected.getDouble(),
                        org.assertj.core.data.Offset.offset(1e-9 * Math.abs(expected.getDouble())));
                assertThat(corruptFiles(cluster)).as("corrupted spill files found").isPositive();
                TaskStatus last = lastTask(cluster);
                assertThat(last.info().state()).isEqualTo(TaskState.SUCCEEDED);
                assertThat(last.stages()).as("the stage was tiled again, computing y from its lineage").isEqualTo(2);
            }
            assertNothingLeft(cluster, tmp);
        }
    }

    private static TaskStatus lastTask(LocalCluster cluster) {
        return cluster.supervisor().tasks().statuses().join().stream().reduce((a, b) -> b).orElseThrow();
    }

    /** A job whose many intermediates are spilled and read back again and again, with a small result. */
    private static Tensor readBackHeavyJob() {
        Tensor y = Tensors.random(9).rand(shape(2000, 1000), chunks(200, 100)).add(1.0);
        return y.transpose().dot(y).sum();
    }

    /**
     * Corrupts, while a task runs, up to {@code limit} spill files as soon as they hold more than {@code minBytes}
     * (a byte already written stays flipped: files are written front to back once).
     */
    private static final class Corrupter implements AutoCloseable {
        private final Thread thread;
        private final java.util.Set<Path> done = java.util.concurrent.ConcurrentHashMap.newKeySet();
        private volatile boolean stop;

        Corrupter(Path root, int limit, long minBytes) {
            thread = new Thread(() -> {
                while (!stop && done.size() < limit) {
                    try (Stream<Path> s = Files.walk(root)) {
                        for (Path f : s.filter(Files::isRegularFile).toList()) {
                            if (done.size() < limit && !done.contains(f) && Files.size(f) > minBytes) {
                                corrupt(f);
                                done.add(f);
                            }
                        }
                    } catch (IOException | java.io.UncheckedIOException e) {
                        // a file deleted while walking: look again
                    }
                    Thread.onSpinWait();
                }
            }, "test-spill-corrupter");
            thread.setDaemon(true);
            thread.start();
        }

        int corrupted() {
            return done.size();
        }

        @Override
        public void close() throws InterruptedException {
            stop = true;
            thread.join();
        }
    }

    @Test
    void spillFilesCorruptedDuringATaskAreRecomputedFromLineage() throws Exception {
        NDArray expected;
        try (LocalCluster cluster = new LocalCluster(2, Map.of());
             ClientSession session = ClientSession.open(cluster.supervisor(), Map.of(), null)) {
            expected = session.execute(readBackHeavyJob());
        }
        Map<String, String> conf = spillingConf(tmp);
        // up to 4 corruptions may hit the inputs of one subtask: give it room to run a fifth time
        conf.put("mars.subtask.max-attempts", "6");
        try (LocalCluster cluster = new LocalCluster(2, conf)) {
            try (ClientSession session = ClientSession.open(cluster.supervisor(), Map.of(), null)) {
                NDArray got;
                try (Corrupter corrupter = new Corrupter(tmp, 4, 100_000)) {
                    got = session.execute(readBackHeavyJob());
                    assertThat(corrupter.corrupted()).isPositive();
                }
                assertThat(got.getDouble()).isCloseTo(expected.getDouble(),
                        org.assertj.core.data.Offset.offset(1e-9 * Math.abs(expected.getDouble())));
                assertThat(corruptFiles(cluster)).as("corrupted spill files found on read-back").isPositive();
                TaskStatus last = lastTask(cluster);
                assertThat(last.info().state()).isEqualTo(TaskState.SUCCEEDED);
                assertThat(last.stages()).as("recomputed within the task's own graph").isEqualTo(1);
                assertThat(last.subtasks().reruns()).as("producers and readers of the lost chunks ran again")
                        .isPositive();
            }
            assertNothingLeft(cluster, tmp);
        }
    }

    @Test
    void aLostChunkThatCannotBeRecomputedAgainFailsTheTaskWithChunkLost() throws Exception {
        Map<String, String> conf = spillingConf(tmp);
        conf.put("mars.subtask.max-attempts", "1");
        try (LocalCluster cluster = new LocalCluster(2, conf)) {
            try (ClientSession session = ClientSession.open(cluster.supervisor(), Map.of(), null);
                 Corrupter corrupter = new Corrupter(tmp, 1_000_000, 20_000)) {
                assertThatThrownBy(() -> session.execute(readBackHeavyJob()))
                        .isInstanceOf(MarsException.class)
                        .satisfies(e -> assertThat(((MarsException) e).code()).isEqualTo(ErrorCode.CHUNK_LOST))
                        .hasMessageContaining("cannot be recomputed again").hasMessageContaining("checksum")
                        .hasMessageContaining(tmp.toString());
                assertThat(corrupter.corrupted()).isPositive();
            }
            assertNothingLeft(cluster, tmp);
        }
    }

    /** What a dataframe run returns: the sorted frame's columns, and what the workers moved. */
    record FrameRun(LocalTable result, long peakStoredBytes, long spills, long readBacks) {
    }

    static FrameRun runFrameJob(Map<String, String> conf, Path spillRoot) throws IOException {
        try (LocalCluster cluster = new LocalCluster(2, conf)) {
            LocalTable result;
            long peak;
            try (ClientSession session = ClientSession.open(cluster.supervisor(), Map.of(), null)) {
                Tensor x = Tensors.random(21).rand(shape(300_000, 3), chunks(10_000, 3));
                DataFrame df = DataFrames.fromTensor(x, "a", "b", "c");
                DataFrame sorted = df.sortValues("a");
                session.executeTables(df, sorted);
                peak = cluster.storedBytes();
                result = session.executeTables(sorted).get(0);
            }
            long spills = 0;
            long readBacks = 0;
            for (Worker w : cluster.workers()) {
                spills += w.storage().stats().spills();
                readBacks += w.storage().stats().readBacks();
            }
            if (spillRoot != null) {
                assertNothingLeft(cluster, spillRoot);
            } else {
                assertThat(eventually(cluster::allocatedBytes)).isZero();
            }
            return new FrameRun(result, peak, spills, readBacks);
        }
    }

    @Test
    void aDataFrameJobWithThreeTimesTheWorkersMemorySpillsItsTableChunks() throws IOException {
        FrameRun inMemory = runFrameJob(Map.of(), null);
        assertThat(inMemory.spills()).isZero();
        FrameRun spilled = runFrameJob(spillingConf(tmp), tmp);
        assertThat(spilled.peakStoredBytes()).as("table data kept on the workers vs their memory")
                .isGreaterThanOrEqualTo(3 * 2 * CACHE_BYTES);
        assertThat(spilled.spills()).isPositive();
        assertThat(spilled.readBacks()).isPositive();
        List<io.mars.types.Column> want = inMemory.result().columns();
        List<io.mars.types.Column> got = spilled.result().columns();
        assertThat(got).hasSameSizeAs(want);
        for (int i = 0; i < want.size(); i++) {
            assertThat(got.get(i).name()).isEqualTo(want.get(i).name());
            assertThat(got.get(i).doubles()).as("column %s", want.get(i).name()).containsExactly(want.get(i).doubles());
        }
        double[] a = got.get(0).doubles();
        assertThat(a).hasSize(300_000);
        for (int i = 1; i < a.length; i++) {
            assertThat(a[i - 1]).as("row %d is sorted", i).isLessThanOrEqualTo(a[i]);
        }
    }
}
