package io.mars.container.services.storage.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.error.MissingChunkException;
import io.mars.common.model.ReductionState;
import io.mars.common.table.ArrowTables;
import io.mars.common.table.TableChunk;
import io.mars.container.services.storage.Pin;
import io.mars.container.services.storage.Reservation;
import io.mars.container.services.storage.StorageConfig;
import io.mars.container.services.storage.StorageStats;
import io.mars.types.ChunkData;
import io.mars.types.Column;
import io.mars.types.DataType;
import io.mars.types.LocalTable;
import io.mars.types.NDArray;
import io.mars.types.Npy;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The tiered storage on real local directories: quotas, spilling, read-back, pins, reservations, deletion. */
class TieredStorageTest {
    private static final int CHUNK_DOUBLES = 12_500; // 100 000 bytes
    private static final long CHUNK_BYTES = CHUNK_DOUBLES * 8L;
    @TempDir
    Path tmp;
    private final List<TieredStorage> opened = new ArrayList<>();

    @AfterEach
    void closeAll() {
        opened.forEach(TieredStorage::close);
    }

    private TieredStorage storage(long cacheBytes, Path... dirs) {
        return track(new TieredStorage("w0", StorageConfig.of(cacheBytes, List.of(dirs))));
    }

    private TieredStorage track(TieredStorage s) {
        opened.add(s);
        return s;
    }

    private static NDArray randomChunk(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] d = new double[CHUNK_DOUBLES];
        for (int i = 0; i < d.length; i++) {
            d[i] = r.nextDouble();
        }
        return NDArray.of(d, 100, 125);
    }

    private static List<Path> files(Path... roots) throws IOException {
        List<Path> out = new ArrayList<>();
        for (Path root : roots) {
            if (Files.exists(root)) {
                try (Stream<Path> s = Files.walk(root)) {
                    s.filter(Files::isRegularFile).forEach(out::add);
                }
            }
        }
        return out;
    }

    /** Waits until spills under way have finished (they run on the storage's own threads). */
    private static StorageStats settled(TieredStorage s) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        StorageStats st = s.stats();
        while (st.memoryBytes() > s.config().softBytes() && System.nanoTime() < deadline) {
            Thread.sleep(5);
            st = s.stats();
        }
        return st;
    }

    @Test
    void aWorkerWhoseMemoryAndSpillLimitAreFullFailsWithStorageFullInsteadOfGrowing() throws Exception {
        // 1,000,000 bytes of memory, at most 500,000 bytes (five chunks) in spill files
        StorageConfig small = StorageConfig.of(1_000_000, List.of(tmp));
        TieredStorage s = track(new TieredStorage("w0", new StorageConfig(small.cacheBytes(), small.softLimit(),
                small.hardLimit(), small.spillDirs(), null, small.blockBytes(), "500000"), LocalDirs::fileStoreUsableSpace,
                null));
        MarsException full = null;
        int stored = 0;
        for (int i = 0; i < 40 && full == null; i++) {
            try {
                s.put("s1", "c" + i, randomChunk(i));
                stored++;
                settled(s);
            } catch (MarsException e) {
                full = e;
            }
        }
        assertThat(full).as("the 40 chunks (4 MB) do not fit 1 MB of memory and 0.5 MB of disk").isNotNull();
        assertThat(full.code()).isEqualTo(ErrorCode.STORAGE_FULL);
        assertThat(full.getMessage()).contains("worker w0 has no room for 100000 more bytes")
                .contains("mars.worker.spill.max-bytes = 500000").contains("mars.worker.cache-mem");
        assertThat(stored).as("memory and the spill limit filled first").isBetween(10, 20);
        assertThat(s.stats().diskBytes()).isLessThanOrEqualTo(500_000);
        assertThat(s.storedBytes()).as("never past memory and disk").isLessThanOrEqualTo(1_500_000);

        // deleting what was spilled makes room again; closing leaves nothing on disk
        s.delete("s1", java.util.stream.IntStream.range(0, 5).mapToObj(i -> "c" + i).toList());
        s.put("s1", "again", randomChunk(99));
        assertThat(s.get("s1", "c7")).isPresent();
        s.close();
        assertThat(files(tmp)).isEmpty();
    }

    @Test
    void spillsTheColdestChunksWhenTheQuotaIsFullAndReadsThemBack() throws Exception {
        TieredStorage s = storage(1_000_000, tmp);
        for (int i = 0; i < 30; i++) {
            s.put("s1", "c" + i, randomChunk(i));
        }
        StorageStats st = settled(s);
        assertThat(st.memoryBytes()).isLessThanOrEqualTo(s.config().softBytes());
        assertThat(st.chunks()).isEqualTo(30);
        assertThat(s.storedBytes()).isEqualTo(30 * CHUNK_BYTES);
        assertThat(st.diskBytes()).isGreaterThanOrEqualTo(30 * CHUNK_BYTES - s.config().softBytes());
        assertThat(st.diskFiles()).isEqualTo((int) st.spills()).isEqualTo(files(tmp).size());
        // the first chunks put are the coldest: spilled; the last one is still in memory
        assertThat(files(tmp).stream().map(p -> p.getFileName().toString())).anyMatch(n -> n.contains("_c0_"))
                .noneMatch(n -> n.contains("_c29_"));
        for (int i = 0; i < 30; i++) {
            NDArray back = (NDArray) s.get("s1", "c" + i).orElseThrow();
            assertThat(back.contentEquals(randomChunk(i))).as("chunk c%d", i).isTrue();
        }
        StorageStats after = settled(s);
        assertThat(after.readBacks()).isGreaterThanOrEqualTo(1);
        assertThat(after.readBackBytes()).isGreaterThan(0);
        assertThat(after.memoryBytes()).isLessThanOrEqualTo(s.config().softBytes());
    }

    @Test
    void spillFilesOfArraysAreNpyFiles() throws Exception {
        TieredStorage s = storage(150_000, tmp);
        s.put("s1", "a", randomChunk(7));
        s.put("s1", "b", randomChunk(8));
        settled(s);
        Path file = files(tmp).get(0);
        assertThat(file.getFileName().toString()).endsWith(".npy");
        NDArray onDisk = Npy.read(file);
        String which = file.getFileName().toString().contains("_a_") ? "a" : "b";
        assertThat(onDisk.contentEquals((NDArray) s.get("s1", which).orElseThrow())).isTrue();
    }

    @Test
    void everyDtypeAndReductionStatesSurviveASpill() throws Exception {
        TieredStorage s = storage(200_000, tmp);
        List<NDArray> arrays = List.of(
                NDArray.of(new boolean[] {true, false, true}),
                NDArray.of(new byte[] {1, -2, 3, 4}, 2, 2),
                NDArray.of(new short[] {-300, 7}),
                NDArray.of(new int[] {1 << 30, -5, 6}),
                NDArray.of(new long[] {Long.MIN_VALUE, 3}),
                NDArray.of(new float[] {1.5f, Float.NaN}),
                NDArray.scalar(DataType.FLOAT64, -2.25));
        for (int i = 0; i < arrays.size(); i++) {
            s.put("s1", "x" + i, arrays.get(i));
        }
        ReductionState state = new ReductionState(List.of(NDArray.of(new double[] {1, 2}), NDArray.of(new long[] {4})));
        s.put("s1", "state", state);
        // push them all out behind big chunks
        for (int i = 0; i < 6; i++) {
            s.put("s1", "big" + i, randomChunk(i));
        }
        settled(s);
        assertThat(s.stats().spills()).isGreaterThanOrEqualTo(arrays.size() + 1);
        for (int i = 0; i < arrays.size(); i++) {
            assertThat(((NDArray) s.get("s1", "x" + i).orElseThrow()).contentEquals(arrays.get(i))).isTrue();
        }
        ReductionState back = (ReductionState) s.get("s1", "state").orElseThrow();
        assertThat(back.parts()).hasSize(2);
        assertThat(back.parts().get(0).contentEquals(state.parts().get(0))).isTrue();
        assertThat(back.parts().get(1).contentEquals(state.parts().get(1))).isTrue();
    }

    @Test
    void pinnedChunksStayInMemory() throws Exception {
        TieredStorage s = storage(300_000, tmp);
        s.put("s1", "hot", randomChunk(1));
        try (Pin pin = s.pin("s1", List.of("hot", "absent"))) {
            for (int i = 0; i < 5; i++) {
                s.put("s1", "c" + i, randomChunk(10 + i));
            }
            settled(s);
            assertThat(files(tmp).stream().map(p -> p.getFileName().toString())).noneMatch(n -> n.contains("_hot_"));
        }
        for (int i = 0; i < 5; i++) {
            s.put("s1", "d" + i, randomChunk(20 + i));
        }
        settled(s);
        // unpinned and now the coldest: spilled
        assertThat(files(tmp).stream().map(p -> p.getFileName().toString())).anyMatch(n -> n.contains("_hot_"));
    }

    @Test
    void aReadBackDoesNotWaitBehindSpillsThatAreStuck() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        AtomicBoolean stall = new AtomicBoolean();
        AtomicInteger stalled = new AtomicInteger();
        // 1,000,000 bytes: spills start above 750,000 and puts wait above 900,000
        TieredStorage s = track(new TieredStorage("w0", StorageConfig.of(1_000_000, List.of(tmp)), dir -> {
            if (stall.get()) {
                stalled.incrementAndGet();
                try {
                    release.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return LocalDirs.fileStoreUsableSpace(dir);
        }, null));
        try {
            for (char c = 'a'; c <= 'h'; c++) {
                s.put("s1", String.valueOf(c), randomChunk(c));
            }
            settled(s);
            assertThat(s.stats().spills()).as("the coldest chunk, a, is on disk").isEqualTo(1);
            // from now on every spill write hangs; two more chunks start two spills, which take both spill threads,
            // and stay under the limit where a put would wait
            stall.set(true);
            s.put("s1", "i", randomChunk('i'));
            s.put("s1", "j", randomChunk('j'));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (stalled.get() < 2 && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertThat(stalled.get()).as("spill writes under way and stuck").isEqualTo(2);
            ChunkData a = s.getAsync("s1", "a").get(10, TimeUnit.SECONDS).orElseThrow();
            assertThat(((NDArray) a).contentEquals(randomChunk('a'))).isTrue();
            assertThat(s.stats().readBacks()).isEqualTo(1);
        } finally {
            release.countDown();
        }
    }

    @Test
    void aFullSpillDirIsSkippedForTheNext() throws Exception {
        Path full = Files.createDirectories(tmp.resolve("full"));
        Path roomy = Files.createDirectories(tmp.resolve("roomy"));
        TieredStorage s = track(new TieredStorage("w0", StorageConfig.of(150_000, List.of(full, roomy)),
                dir -> dir.startsWith(full) ? 0 : LocalDirs.fileStoreUsableSpace(dir), null));
        for (int i = 0; i < 6; i++) {
            s.put("s1", "c" + i, randomChunk(i));
        }
        settled(s);
        assertThat(files(full)).isEmpty();
        assertThat(files(roomy)).hasSize((int) s.stats().spills()).hasSizeGreaterThanOrEqualTo(4);
        for (int i = 0; i < 6; i++) {
            assertThat(((NDArray) s.get("s1", "c" + i).orElseThrow()).contentEquals(randomChunk(i))).isTrue();
        }
    }

    @Test
    void aFailedSpillDirIsSkippedAndTheDirsAreUsedRoundRobin() throws Exception {
        Path broken = Files.writeString(tmp.resolve("broken"), "a file where a directory should be");
        Path a = Files.createDirectories(tmp.resolve("a"));
        Path b = Files.createDirectories(tmp.resolve("b"));
        TieredStorage s = storage(150_000, broken, a, b);
        for (int i = 0; i < 9; i++) {
            s.put("s1", "c" + i, randomChunk(i));
        }
        settled(s);
        assertThat(Files.isRegularFile(broken)).isTrue();
        assertThat(files(a)).isNotEmpty();
        assertThat(files(b)).isNotEmpty();
        assertThat(files(a).size() + files(b).size()).isEqualTo((int) s.stats().spills());
    }

    @Test
    void aCorruptedSpillFileIsReportedAsALostChunk() throws Exception {
        TieredStorage s = storage(150_000, tmp);
        s.put("s1", "victim", randomChunk(1));
        s.put("s1", "other", randomChunk(2));
        settled(s);
        Path file = files(tmp).stream().filter(p -> p.getFileName().toString().contains("_victim_")).findFirst()
                .orElseThrow();
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.seek(5000);
            int b = f.read();
            f.seek(5000);
            f.write(b ^ 0x10);
        }
        assertThatThrownBy(() -> s.get("s1", "victim"))
                .isInstanceOf(MarsException.class)
                .satisfies(e -> assertThat(((MarsException) e).code()).isEqualTo(ErrorCode.CHUNK_LOST))
                .hasMessageContaining("victim").hasMessageContaining("checksum");
        // the lost chunk is gone from this worker, its file too; the others are intact
        assertThat(s.get("s1", "victim")).isEmpty();
        assertThat(s.stats().corruptFiles()).isEqualTo(1);
        assertThat(Files.exists(file)).isFalse();
        assertThat(s.storedBytes()).isEqualTo(CHUNK_BYTES);
        assertThat(((NDArray) s.get("s1", "other").orElseThrow()).contentEquals(randomChunk(2))).isTrue();
    }

    @Test
    void aTruncatedSpillFileIsReportedAsALostChunk() throws Exception {
        TieredStorage s = storage(150_000, tmp);
        s.put("s1", "victim", randomChunk(1));
        s.put("s1", "other", randomChunk(2));
        settled(s);
        Path file = files(tmp).stream().filter(p -> p.getFileName().toString().contains("_victim_")).findFirst()
                .orElseThrow();
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.setLength(f.length() - 10);
        }
        assertThatThrownBy(() -> s.get("s1", "victim"))
                .satisfies(e -> assertThat(((MarsException) e).code()).isEqualTo(ErrorCode.CHUNK_LOST))
                .hasMessageContaining("bytes before the length written");
    }

    @Test
    void deletingASessionLeavesNoBytesAndNoFiles() throws Exception {
        TieredStorage s = storage(300_000, tmp);
        for (int i = 0; i < 10; i++) {
            s.put("s1", "c" + i, randomChunk(i));
            s.put("s2", "c" + i, randomChunk(100 + i));
        }
        settled(s);
        s.get("s1", "c0");
        assertThat(files(tmp)).isNotEmpty();
        assertThat(s.deleteSession("s1")).isEqualTo(10 * CHUNK_BYTES);
        assertThat(s.storedBytes("s1")).isZero();
        assertThat(files(tmp).stream().map(p -> p.getFileName().toString())).noneMatch(n -> n.startsWith("s1_"));
        assertThat(s.delete("s2", List.of("c0", "c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "c9")))
                .isEqualTo(10 * CHUNK_BYTES);
        settled(s);
        StorageStats st = s.stats();
        assertThat(st.chunks()).isZero();
        assertThat(st.memoryBytes()).isZero();
        assertThat(st.diskBytes()).isZero();
        assertThat(st.diskFiles()).isZero();
        assertThat(s.storedBytes()).isZero();
        assertThat(files(tmp)).isEmpty();
        s.close();
        assertThat(s.localSpillDirectories()).allMatch(d -> !Files.exists(d));
    }

    @Test
    void aReservationWaitsForOthersToEndButOneAloneAlwaysProceeds() throws Exception {
        TieredStorage s = storage(1_000_000, tmp);
        Reservation big = s.reserve(800_000);
        assertThat(s.stats().reservedBytes()).isEqualTo(800_000);
        AtomicBoolean granted = new AtomicBoolean();
        CompletableFuture<Reservation> second = CompletableFuture.supplyAsync(() -> {
            Reservation r = s.reserve(500_000);
            granted.set(true);
            return r;
        });
        Thread.sleep(300);
        assertThat(granted).as("the second reservation waits while the first holds the memory").isFalse();
        big.close();
        Reservation r2 = second.get(10, TimeUnit.SECONDS);
        assertThat(s.stats().waits()).isEqualTo(1);
        r2.close();
        // alone, even a reservation past the hard limit proceeds instead of waiting for ever
        try (Reservation huge = s.reserve(5_000_000)) {
            assertThat(huge.bytes()).isEqualTo(5_000_000);
        }
        assertThat(s.stats().reservedBytes()).isZero();
    }

    @Test
    void whatASubtaskReadsBackOrStoresUnderItsReservationIsCountedOnce() throws Exception {
        TieredStorage s = storage(1_000_000, tmp);
        for (int i = 0; i < 12; i++) {
            s.put("s1", "c" + i, randomChunk(i));
        }
        settled(s);
        // c0 is the coldest: spilled. A subtask that reads it and computes one chunk reserves room for both
        try (Pin pin = s.pin("s1", List.of("c0", "c11"))) {
            assertThat(pin.residentBytes()).as("only c11 is in memory").isEqualTo(CHUNK_BYTES);
            try (Reservation r = s.reserve(2 * CHUNK_BYTES)) {
                assertThat(s.stats().reservedBytes()).isEqualTo(2 * CHUNK_BYTES);
                long readBacks = s.stats().readBacks();
                NDArray back = (NDArray) s.getAsync("s1", "c0", r).get(10, TimeUnit.SECONDS).orElseThrow();
                assertThat(back.contentEquals(randomChunk(0))).isTrue();
                StorageStats st = s.stats();
                assertThat(st.readBacks()).isEqualTo(readBacks + 1);
                assertThat(st.reservedBytes()).as("the read-back came out of the reservation").isEqualTo(CHUNK_BYTES);
                s.put("s1", "out", randomChunk(99), r);
                assertThat(s.stats().reservedBytes()).as("and so did the output").isZero();
                // a put past what is left counts the rest as new memory
                s.put("s1", "out2", randomChunk(98), r);
                assertThat(s.stats().reservedBytes()).isZero();
            }
            assertThat(s.stats().reservedBytes()).isZero();
        }
        assertThat(s.storedBytes()).isEqualTo(14 * CHUNK_BYTES);
    }

    /**
     * Passes over 12 spilled chunks, each read as a subtask reads it (pinned, under a reservation), in the same order
     * every pass, with room for about 7: least recently used would read all 12 back every pass; once the chunks are
     * known to be read in cycles, the most recently used are dropped first and the rest stay for the next pass.
     */
    @Test
    void chunksReadInCyclesKeepWhatFitsInMemoryFromPassToPass() throws Exception {
        TieredStorage s = storage(1_000_000, tmp);
        int chunks = 12;
        for (int i = 0; i < chunks; i++) {
            s.put("s1", "c" + i, randomChunk(i));
        }
        settled(s);
        long[] readBacks = new long[5];
        for (int pass = 0; pass < readBacks.length; pass++) {
            long before = s.stats().readBacks();
            for (int i = 0; i < chunks; i++) {
                String key = "c" + i;
                try (Pin pin = s.pin("s1", List.of(key));
                     Reservation r = s.reserve(CHUNK_BYTES - pin.residentBytes())) {
                    NDArray back = (NDArray) s.getAsync("s1", key, r).get(10, TimeUnit.SECONDS).orElseThrow();
                    assertThat(back.contentEquals(randomChunk(i))).as("pass %d, chunk %s", pass, key).isTrue();
                }
            }
            settled(s);
            readBacks[pass] = s.stats().readBacks() - before;
        }
        long fits = s.config().softBytes() / CHUNK_BYTES;
        assertThat(fits).as("the test needs a cycle larger than memory").isBetween(3L, chunks - 3L);
        // the first passes read back (nearly) everything, least recently used; from the third the cycle's part that
        // fits stays
        assertThat(readBacks[0]).isGreaterThanOrEqualTo(chunks - fits);
        for (int pass = 3; pass < readBacks.length; pass++) {
            assertThat(readBacks[pass]).as("read-backs in pass %d of %s", pass, java.util.Arrays.toString(readBacks))
                    .isLessThanOrEqualTo(chunks - fits + 1);
        }
        assertThat(s.stats().memoryBytes()).isLessThanOrEqualTo(s.config().softBytes());
        assertThat(s.storedBytes()).isEqualTo(chunks * CHUNK_BYTES);
    }

    @Test
    void aReservationSpillsChunksToMakeRoom() throws Exception {
        TieredStorage s = storage(1_000_000, tmp);
        for (int i = 0; i < 7; i++) {
            s.put("s1", "c" + i, randomChunk(i));
        }
        assertThat(s.stats().spills()).isZero();
        try (Reservation r = s.reserve(500_000)) {
            StorageStats st = s.stats();
            assertThat(st.memoryBytes() + st.reservedBytes()).isLessThanOrEqualTo(s.config().hardBytes());
            assertThat(settled(s).spills()).isGreaterThanOrEqualTo(2);
        }
    }

    @Test
    void withoutASpillLevelChunksStayInMemoryAndNothingWaitsForEver() {
        TieredStorage s = track(new TieredStorage("w0", StorageConfig.from(
                Map.of(StorageConfig.CACHE_MEM, "200000", StorageConfig.SPILL_DIRS, "none"), 1L << 30, Map.of())));
        for (int i = 0; i < 5; i++) {
            s.put("s1", "c" + i, randomChunk(i));
        }
        assertThat(s.stats().memoryBytes()).isEqualTo(5 * CHUNK_BYTES);
        assertThat(s.stats().spills()).isZero();
    }

    @Test
    void replacingAChunkKeepsTheCountsRight() throws Exception {
        TieredStorage s = storage(150_000, tmp);
        s.put("s1", "a", randomChunk(1));
        s.put("s1", "b", randomChunk(2));
        settled(s);
        s.put("s1", "a", randomChunk(3));
        s.put("s1", "b", randomChunk(4));
        settled(s);
        assertThat(s.storedBytes()).isEqualTo(2 * CHUNK_BYTES);
        assertThat(((NDArray) s.get("s1", "a").orElseThrow()).contentEquals(randomChunk(3))).isTrue();
        assertThat(((NDArray) s.get("s1", "b").orElseThrow()).contentEquals(randomChunk(4))).isTrue();
        s.deleteSession("s1");
        assertThat(s.stats().diskFiles()).isZero();
        assertThat(files(tmp)).isEmpty();
    }

    @Test
    void chunkKindsWithoutAFileFormatStayInMemory() throws Exception {
        TieredStorage s = storage(150_000, tmp);
        ChunkData opaque = () -> CHUNK_BYTES;
        s.put("s1", "opaque", opaque);
        s.put("s1", "b", randomChunk(1));
        s.put("s1", "c", randomChunk(2));
        settled(s);
        assertThat(s.get("s1", "opaque")).containsSame(opaque);
    }

    private static TableChunk randomTable(long seed, BufferAllocator allocator) {
        return new TableChunk(ArrowTables.toArrow(randomLocalTable(seed), allocator));
    }

    private static LocalTable randomLocalTable(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] d = new double[CHUNK_DOUBLES];
        long[] l = new long[CHUNK_DOUBLES];
        List<String> names = new ArrayList<>();
        for (int i = 0; i < d.length; i++) {
            d[i] = r.nextDouble();
            l[i] = r.nextLong();
            names.add(i % 1000 == 0 ? "row-" + i + "-" + seed : "");
        }
        return LocalTable.of(Column.ofDoubles("x", d), Column.ofLongs("k", l), Column.ofStrings("s", names));
    }

    private static void assertSameTable(TableChunk got, LocalTable expected) {
        LocalTable t = ArrowTables.toLocal(got.root());
        assertThat(t.columns()).hasSize(3);
        assertThat(t.columns().get(0).doubles()).containsExactly(expected.columns().get(0).doubles());
        assertThat(t.columns().get(1).longs()).containsExactly(expected.columns().get(1).longs());
        assertThat(t.columns().get(2).strings()).containsExactlyElementsOf(expected.columns().get(2).strings());
    }

    @Test
    void tableChunksSpillAsArrowStreamsAndReadBackIntoTheWorkersAllocator() throws Exception {
        try (RootAllocator root = new RootAllocator()) {
            BufferAllocator worker = root.newChildAllocator("worker", 0, Long.MAX_VALUE);
            TieredStorage s = track(new TieredStorage("w0", StorageConfig.of(400_000, List.of(tmp)), worker));
            long tableBytes = 0;
            for (int i = 0; i < 8; i++) {
                TableChunk t = randomTable(i, worker);
                tableBytes += t.nbytes();
                s.put("s1", "t" + i, t);
            }
            StorageStats st = settled(s);
            assertThat(st.spills()).isGreaterThanOrEqualTo(4);
            assertThat(st.memoryBytes()).isLessThanOrEqualTo(s.config().softBytes());
            assertThat(s.storedBytes()).isEqualTo(tableBytes);
            List<Path> spilled = files(tmp);
            assertThat(spilled).hasSize((int) st.spills()).allMatch(p -> p.getFileName().toString().endsWith(".arrows"));
            // a spill file is a plain Arrow IPC stream any Arrow reader opens
            Path first = spilled.stream().filter(p -> p.getFileName().toString().contains("_t0_")).findFirst()
                    .orElseThrow();
            try (BufferAllocator reader = root.newChildAllocator("reader", 0, Long.MAX_VALUE);
                 ArrowStreamReader r = new ArrowStreamReader(Files.newInputStream(first), reader)) {
                assertThat(r.loadNextBatch()).isTrue();
                assertThat(r.getVectorSchemaRoot().getRowCount()).isEqualTo(CHUNK_DOUBLES);
                assertThat(ArrowTables.toLocal(r.getVectorSchemaRoot()).columns().get(0).doubles())
                        .containsExactly(randomLocalTable(0).columns().get(0).doubles());
            }
            for (int i = 0; i < 8; i++) {
                try (Pin pin = s.pin("s1", List.of("t" + i))) {
                    assertSameTable((TableChunk) s.get("s1", "t" + i).orElseThrow(), randomLocalTable(i));
                }
            }
            assertThat(settled(s).readBacks()).isGreaterThanOrEqualTo(4);
            s.deleteSession("s1");
            assertThat(files(tmp)).isEmpty();
            assertThat(s.stats().memoryBytes()).isZero();
            assertThat(worker.getAllocatedMemory()).as("Arrow bytes left once the session is deleted").isZero();
            s.close();
            worker.close();
            assertThat(root.getAllocatedMemory()).isZero();
        }
    }

    @Test
    void aCorruptedTableSpillFileIsALostChunkNamingTheChunkAndTheWorker() throws Exception {
        try (RootAllocator root = new RootAllocator()) {
            BufferAllocator worker = root.newChildAllocator("worker", 0, Long.MAX_VALUE);
            TieredStorage s = track(new TieredStorage("w7", StorageConfig.of(150_000, List.of(tmp)), worker));
            s.put("s1", "victim", randomTable(1, worker));
            s.put("s1", "other", randomTable(2, worker));
            settled(s);
            Path file = files(tmp).stream().filter(p -> p.getFileName().toString().contains("_victim_")).findFirst()
                    .orElseThrow();
            try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
                f.seek(f.length() / 2);
                int b = f.read();
                f.seek(f.length() / 2);
                f.write(b ^ 0x10);
            }
            assertThatThrownBy(() -> s.get("s1", "victim"))
                    .isInstanceOfSatisfying(MissingChunkException.class, e -> {
                        assertThat(e.code()).isEqualTo(ErrorCode.CHUNK_LOST);
                        assertThat(e.chunkKey()).isEqualTo("victim");
                        assertThat(e.workerId()).isEqualTo("w7");
                    })
                    .hasMessageContaining(file.toString());
            assertThat(s.get("s1", "victim")).isEmpty();
            assertThat(s.stats().corruptFiles()).isEqualTo(1);
            assertThat(Files.exists(file)).isFalse();
            s.close();
            assertThat(worker.getAllocatedMemory()).as("Arrow bytes left after a failed read-back").isZero();
            worker.close();
        }
    }

    /** A shuffle map's output: random rows grouped by part, parts 3, 4, 6, 7, ... (some without rows). */
    private static LocalTable partitionedLocalTable(long seed, int parts) {
        SplittableRandom r = new SplittableRandom(seed);
        int n = CHUNK_DOUBLES;
        int[] part = new int[n];
        for (int i = 0; i < n; i++) {
            int p = r.nextInt(parts);
            part[i] = p % 3 == 2 || p < 3 ? p + 1 : p; // part 0 and parts 5, 8, 11, ... have no rows
        }
        java.util.Arrays.sort(part);
        LocalTable t = randomLocalTable(seed);
        return LocalTable.of(t.columns().get(0), t.columns().get(1), t.columns().get(2),
                Column.ofInts(io.mars.common.operand.dataframe.ChunkTablePartition.PART_COLUMN, part));
    }

    /** The rows of part {@code p} of a partitioned table, as a list of (x, k, s) rows. */
    private static List<List<Object>> rowsOfPart(LocalTable t, int p) {
        List<List<Object>> rows = new ArrayList<>();
        long[] parts = t.columns().get(3).longs();
        for (int i = 0; i < parts.length; i++) {
            if (parts[i] == p) {
                rows.add(List.of(t.columns().get(0).doubles()[i], t.columns().get(1).longs()[i],
                        t.columns().get(2).strings().get(i)));
            }
        }
        return rows;
    }

    /**
     * A map output of a 10^9-row merge has 1,000 parts of about 8 KB: a reducer reading its part reads about that
     * much, not the several parts a larger segment would group (with 32 KiB segments it read four).
     */
    @Test
    void aSmallPartOfAManyPartMapOutputReadsAboutItsOwnBytes() throws Exception {
        int parts = 1000;
        int rowsPerPart = 680; // 680 x (8 + 4) bytes: about 8 KB a part
        int n = parts * rowsPerPart;
        long[] keys = new long[n];
        int[] part = new int[n];
        for (int i = 0; i < n; i++) {
            keys[i] = i * 31L;
            part[i] = i / rowsPerPart;
        }
        LocalTable table = LocalTable.of(Column.ofLongs("k", keys),
                Column.ofInts(io.mars.common.operand.dataframe.ChunkTablePartition.PART_COLUMN, part));
        try (RootAllocator root = new RootAllocator()) {
            BufferAllocator worker = root.newChildAllocator("worker", 0, Long.MAX_VALUE);
            TieredStorage s = track(new TieredStorage("w0", StorageConfig.of(1_000_000, List.of(tmp)), worker));
            s.put("s1", "map", new TableChunk(ArrowTables.toArrow(table, worker)));
            StorageStats spilled = settled(s);
            assertThat(spilled.diskFiles()).as("the map output is spilled").isEqualTo(1);
            long partBytes = (long) rowsPerPart * 12;
            assertThat(spilled.diskBytes()).as("the segments' own messages are a small part of the file")
                    .isLessThan((long) (1.15 * n * 12));
            int[] read = {0, 1, 499, 500, 998, 999};
            for (int p : read) {
                try (Pin pin = s.pin("s1", List.of("map"));
                     TableChunk got = (TableChunk) s.getPartAsync("s1", "map", p, null).join().orElseThrow();
                     TableChunk mine = io.mars.common.table.TableParts.part(got, p)) {
                    assertThat(mine.rowCount()).as("part %d", p).isEqualTo(rowsPerPart);
                    assertThat(got.rowCount()).as("part %d comes alone, not with its neighbours", p)
                            .isEqualTo(rowsPerPart);
                }
            }
            StorageStats after = s.stats();
            long perRead = (after.readBackBytes() - spilled.readBackBytes()) / (after.readBacks() - spilled.readBacks());
            assertThat(perRead).as("bytes read per part of %d", partBytes).isLessThan(partBytes * 5 / 4);
        }
    }

    @Test
    void aSpilledShuffleMapOutputIsReadOnePartAtATimeFromItsSegment() throws Exception {
        int parts = 200;
        try (RootAllocator root = new RootAllocator()) {
            BufferAllocator worker = root.newChildAllocator("worker", 0, Long.MAX_VALUE);
            TieredStorage s = track(new TieredStorage("w0", StorageConfig.of(400_000, List.of(tmp)), worker));
            for (int i = 0; i < 6; i++) {
                s.put("s1", "map" + i, new TableChunk(ArrowTables.toArrow(partitionedLocalTable(i, parts), worker)));
            }
            StorageStats spilled = settled(s);
            assertThat(spilled.spills()).isGreaterThanOrEqualTo(3);
            long fileBytes = spilled.diskBytes() / spilled.diskFiles();
            for (int i = 0; i < 6; i++) {
                LocalTable expected = partitionedLocalTable(i, parts);
                for (int p : new int[] {0, 2, 3, 50, 51, 52, 117, parts - 1, parts + 5}) {
                    try (Pin pin = s.pin("s1", List.of("map" + i));
                         TableChunk got = (TableChunk) s.getPartAsync("s1", "map" + i, p, null).join().orElseThrow();
                         TableChunk part = io.mars.common.table.TableParts.part(got, p)) {
                        assertThat(rowsOfPart(ArrowTables.toLocal(part.root()), p)).as("map %d part %d", i, p)
                                .isEqualTo(rowsOfPart(expected, p));
                        assertThat(part.rowCount()).isEqualTo(rowsOfPart(expected, p).size());
                    }
                }
            }
            StorageStats read = s.stats();
            assertThat(read.readBacks()).as("segments read").isGreaterThan(spilled.readBacks());
            long segmentReads = read.readBacks() - spilled.readBacks();
            assertThat((read.readBackBytes() - spilled.readBackBytes()) / segmentReads)
                    .as("a part read reads a segment, not the file (%d bytes)", fileBytes).isLessThan(fileBytes / 4);
            assertThat(read.memoryBytes()).as("part reads are not kept").isEqualTo(spilled.memoryBytes());
            // a part without rows reads the schema alone, no segment (a range shuffle of sorted keys has hundreds)
            for (int i = 0; i < 6; i++) {
                try (Pin pin = s.pin("s1", List.of("map" + i));
                     TableChunk got = (TableChunk) s.getPartAsync("s1", "map" + i, 0, null).join().orElseThrow();
                     TableChunk none = io.mars.common.table.TableParts.part(got, 0)) {
                    assertThat(none.rowCount()).isZero();
                    assertThat(none.root().getFieldVectors()).hasSize(4);
                }
            }
            assertThat(s.stats().readBackBytes()).as("bytes read for parts without rows")
                    .isEqualTo(read.readBackBytes());
            // the whole chunk still reads back from its segments, equal to what was stored
            for (int i = 0; i < 6; i++) {
                try (Pin pin = s.pin("s1", List.of("map" + i))) {
                    LocalTable got = ArrowTables.toLocal(((TableChunk) s.get("s1", "map" + i).orElseThrow()).root());
                    LocalTable expected = partitionedLocalTable(i, parts);
                    for (int c = 0; c < 4; c++) {
                        assertThat(got.columns().get(c)).isEqualTo(expected.columns().get(c));
                    }
                }
            }
            s.deleteSession("s1");
            assertThat(files(tmp)).isEmpty();
            assertThat(worker.getAllocatedMemory()).as("Arrow bytes left once the session is deleted").isZero();
            s.close();
            worker.close();
        }
    }

    @Test
    void aCorruptedSegmentIsALostChunk() throws Exception {
        try (RootAllocator root = new RootAllocator()) {
            BufferAllocator worker = root.newChildAllocator("worker", 0, Long.MAX_VALUE);
            TieredStorage s = track(new TieredStorage("w7", StorageConfig.of(150_000, List.of(tmp)), worker));
            s.put("s1", "victim", new TableChunk(ArrowTables.toArrow(partitionedLocalTable(1, 100), worker)));
            s.put("s1", "other", randomTable(2, worker));
            settled(s);
            Path file = files(tmp).stream().filter(p -> p.getFileName().toString().contains("_victim_")).findFirst()
                    .orElseThrow();
            try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
                for (long at = 100; at < f.length(); at += 4096) { // every segment gets a flipped bit
                    f.seek(at);
                    int b = f.read();
                    f.seek(at);
                    f.write(b ^ 0x10);
                }
            }
            assertThatThrownBy(() -> s.getPartAsync("s1", "victim", 40, null).join())
                    .cause().isInstanceOfSatisfying(MissingChunkException.class, e -> {
                        assertThat(e.code()).isEqualTo(ErrorCode.CHUNK_LOST);
                        assertThat(e.chunkKey()).isEqualTo("victim");
                    })
                    .hasMessageContaining(file.toString());
            assertThat(s.getPartAsync("s1", "victim", 40, null).join()).isEmpty();
            assertThat(Files.exists(file)).isFalse();
            s.close();
            assertThat(worker.getAllocatedMemory()).as("Arrow bytes left after a failed part read").isZero();
            worker.close();
        }
    }
}
