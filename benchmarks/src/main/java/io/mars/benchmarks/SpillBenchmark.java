package io.mars.benchmarks;

import static io.mars.tensor.Tensors.chunks;
import static io.mars.tensor.Tensors.shape;

import io.mars.container.Worker;
import io.mars.container.services.storage.StorageConfig;
import io.mars.container.services.storage.StorageStats;
import io.mars.container.services.storage.internal.TieredStorage;
import io.mars.submit.client.ClientSession;
import io.mars.submit.local.LocalCluster;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import io.mars.types.NDArray;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Measures the worker's spilling storage:
 * <ol>
 *   <li>spill write and read-back throughput of {@link TieredStorage} against a plain sequential write and read of
 *       the same bytes (one file, 1 MiB blocks, the same double-to-byte conversion) in the same directory
 *       (target: at least 70% of it);</li>
 *   <li>the W2 workload {@code ((a + 1) * 2).sum()} with {@code (a + 1) * 2} kept on the workers, once with memory to
 *       spare and once with a quota a third of the data (so two thirds of it spill), beside numpy doing the same
 *       sum in the same run.</li>
 * </ol>
 * Both sides run on the page cache of the same disk: the figures compare the storage's own costs (encoding,
 * checksums, bookkeeping, threads) with the least a file write needs, not the disk itself.
 *
 * <p>Usage: {@code SpillBenchmark [dir] [ioMiB] [w2Elements]} (defaults: the temp dir, 1024 MiB, 3e7 elements).
 */
public final class SpillBenchmark {
    private static final int CHUNK_DOUBLES = 2 << 20; // 16 MiB chunks
    private static final int BLOCK = 1 << 20;

    private SpillBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory(args.length > 0 ? Path.of(args[0]) : Path.of(System.getProperty(
                "java.io.tmpdir")), "mars-spill-bench");
        long ioMiB = args.length > 1 ? Long.parseLong(args[1]) : 1024;
        long w2 = args.length > 2 ? (long) Double.parseDouble(args[2]) : 30_000_000L;
        try {
            ioThroughput(dir, (int) Math.max(1, ioMiB / 16));
            w2(dir, w2);
        } finally {
            io.mars.examples.ScratchDirs.deleteTree(dir);
        }
        System.out.printf(Locale.ROOT, "peak RSS: %d MB%n", peakRssMb());
    }

    private static double[][] randomChunks(int n) {
        double[][] out = new double[n][];
        for (int i = 0; i < n; i++) {
            SplittableRandom r = new SplittableRandom(i);
            double[] d = new double[CHUNK_DOUBLES];
            for (int j = 0; j < d.length; j++) {
                d[j] = r.nextDouble();
            }
            out[i] = d;
        }
        return out;
    }

    private static void ioThroughput(Path dir, int n) throws Exception {
        double[][] data = randomChunks(n);
        long bytes = (long) n * CHUNK_DOUBLES * 8;
        double mib = bytes / (double) (1 << 20);
        double[] plain = {Double.MAX_VALUE, Double.MAX_VALUE};
        double[] spill = {Double.MAX_VALUE, Double.MAX_VALUE};
        // one warm-up round (JIT, file system), then three with the order of the two sides alternating; best times
        for (int round = 0; round < 4; round++) {
            double[] p;
            double[] q;
            if (round % 2 == 0) {
                p = plainWriteRead(dir.resolve("plain.bin"), data);
                q = spillWriteRead(dir.resolve("spill"), data);
            } else {
                q = spillWriteRead(dir.resolve("spill"), data);
                p = plainWriteRead(dir.resolve("plain.bin"), data);
            }
            if (round > 0) {
                for (int i = 0; i < 2; i++) {
                    plain[i] = Math.min(plain[i], p[i]);
                    spill[i] = Math.min(spill[i], q[i]);
                }
            }
        }
        System.out.printf(Locale.ROOT, "spill I/O over %.0f MiB in %d chunks of 16 MiB (best of 3)%n", mib, n);
        System.out.printf(Locale.ROOT, "  %-28s %10s %10s%n", "", "write MB/s", "read MB/s");
        System.out.printf(Locale.ROOT, "  %-28s %10.0f %10.0f%n", "plain sequential file", mbs(bytes, plain[0]),
                mbs(bytes, plain[1]));
        System.out.printf(Locale.ROOT, "  %-28s %10.0f %10.0f%n", "storage spill / read-back", mbs(bytes, spill[0]),
                mbs(bytes, spill[1]));
        System.out.printf(Locale.ROOT, "  %-28s %9.0f%% %9.0f%%  (target >= 70%%)%n", "spill vs plain",
                100 * plain[0] / spill[0], 100 * plain[1] / spill[1]);
    }

    private static double mbs(long bytes, double seconds) {
        return bytes / 1e6 / seconds;
    }

    /** Seconds to write all chunks to one file and to read them back into arrays. */
    private static double[] plainWriteRead(Path file, double[][] data) throws IOException {
        ByteBuffer block = ByteBuffer.allocate(BLOCK).order(ByteOrder.LITTLE_ENDIAN);
        int per = BLOCK / 8;
        long t0 = System.nanoTime();
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            for (double[] d : data) {
                for (int from = 0; from < d.length; from += per) {
                    int k = Math.min(per, d.length - from);
                    block.clear();
                    block.asDoubleBuffer().put(d, from, k);
                    block.limit(k * 8);
                    while (block.hasRemaining()) {
                        ch.write(block);
                    }
                }
            }
        }
        long t1 = System.nanoTime();
        double check = 0;
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            for (int c = 0; c < data.length; c++) {
                double[] d = new double[CHUNK_DOUBLES];
                for (int from = 0; from < d.length; from += per) {
                    int k = Math.min(per, d.length - from);
                    block.clear().limit(k * 8);
                    while (block.hasRemaining() && ch.read(block) >= 0) {
                        // keep reading until the block is full
                    }
                    block.flip();
                    block.asDoubleBuffer().get(d, from, k);
                }
                check += d[c];
            }
        }
        long t2 = System.nanoTime();
        Files.delete(file);
        if (Double.isNaN(check)) {
            throw new IllegalStateException("unexpected NaN");
        }
        return new double[] {(t1 - t0) / 1e9, (t2 - t1) / 1e9};
    }

    /**
     * Seconds from the first put until every chunk is on disk (a quota of one chunk, so each put spills the previous
     * one), and to read every chunk back (each read-back evicts the previous one, whose file is kept).
     */
    private static double[] spillWriteRead(Path root, double[][] data) throws Exception {
        StorageConfig config = StorageConfig.of(CHUNK_DOUBLES * 8L + BLOCK, List.of(root));
        try (TieredStorage s = new TieredStorage("bench", config)) {
            long t0 = System.nanoTime();
            for (int i = 0; i < data.length; i++) {
                s.put("s", "c" + i, NDArray.of(data[i]));
            }
            s.put("s", "flush", NDArray.of(new double[(int) (config.cacheBytes() / 8)]));
            StorageStats st = s.stats();
            while (st.spills() < data.length) {
                Thread.sleep(1);
                st = s.stats();
            }
            long t1 = System.nanoTime();
            for (int i = 0; i < data.length; i++) {
                NDArray back = (NDArray) s.get("s", "c" + i).orElseThrow();
                if (back.size() != CHUNK_DOUBLES) {
                    throw new IllegalStateException("chunk " + i + " came back with " + back.size() + " elements");
                }
            }
            long t2 = System.nanoTime();
            if (s.stats().readBacks() < data.length) {
                throw new IllegalStateException("expected " + data.length + " read-backs, got " + s.stats());
            }
            return new double[] {(t1 - t0) / 1e9, (t2 - t1) / 1e9};
        }
    }

    private static void w2(Path dir, long n) throws Exception {
        long dataBytes = n * 8;
        long chunk = Math.max(1, n / 64);
        w2Run(Map.of(), n, chunk, null); // warm-up
        double inMemory = w2Run(Map.of(), n, chunk, null);
        Map<String, String> conf = new HashMap<>();
        // two workers whose quotas together hold a third of y
        conf.put(StorageConfig.CACHE_MEM, Long.toString(dataBytes / 6));
        conf.put(StorageConfig.SPILL_DIRS, dir.resolve("w2").toString());
        long[] moved = new long[2];
        double spilled = w2Run(conf, n, chunk, moved);
        double numpy = numpySeconds(n);
        System.out.printf(Locale.ROOT, "W2 ((a + 1) * 2).sum() over %d float64 (%d MiB kept as (a + 1) * 2), 2 workers%n",
                n, dataBytes >> 20);
        System.out.printf(Locale.ROOT, "  in memory           %7.3f s%n", inMemory);
        System.out.printf(Locale.ROOT, "  at 3x memory        %7.3f s  (%.2fx the in-memory time; %d MiB spilled, %d MiB"
                + " read back)%n", spilled, spilled / inMemory, moved[0] >> 20, moved[1] >> 20);
        if (numpy > 0) {
            System.out.printf(Locale.ROOT, "  numpy (in memory)   %7.3f s  (Mars in memory %.2fx, at 3x memory %.2fx"
                    + " numpy's time)%n", numpy, inMemory / numpy, spilled / numpy);
        } else {
            System.out.println("  numpy: not available (python3 with numpy is needed for the baseline)");
        }
    }

    /** Seconds to compute and keep y = (a + 1) * 2, then y.sum(); the second of three runs' median. */
    private static double w2Run(Map<String, String> conf, long n, long chunk, long[] moved) {
        double[] times = new double[3];
        double first = Double.NaN;
        for (int r = 0; r < times.length; r++) {
            try (LocalCluster cluster = new LocalCluster(2, conf);
                 ClientSession session = ClientSession.open(cluster.supervisor(), Map.of(), null)) {
                Tensor a = Tensors.random(1).rand(shape(n), chunks(chunk));
                Tensor y = a.add(1.0).multiply(2.0);
                long t0 = System.nanoTime();
                session.executeForInfo(y);
                double sum = session.execute(y.sum()).getDouble();
                times[r] = (System.nanoTime() - t0) / 1e9;
                if (r == 0) {
                    first = sum;
                } else if (sum != first) {
                    throw new IllegalStateException("W2 gave " + sum + " then " + first);
                }
                if (moved != null && r == times.length - 1) {
                    for (Worker w : cluster.workers()) {
                        StorageStats st = w.storage().stats();
                        moved[0] += st.spilledBytes();
                        moved[1] += st.readBackBytes();
                    }
                }
            }
        }
        java.util.Arrays.sort(times);
        return times[1];
    }

    /** numpy's time for the same work, or -1 when python3 with numpy is not there. */
    private static double numpySeconds(long n) {
        String script = "import numpy as np, time\n"
                + "a = np.random.default_rng(1).random(" + n + ")\n"
                + "ts = []\n"
                + "for _ in range(3):\n"
                + "    t = time.perf_counter(); y = (a + 1) * 2; s = y.sum(); ts.append(time.perf_counter() - t)\n"
                + "print(sorted(ts)[1])\n";
        try {
            Process p = new ProcessBuilder(System.getenv().getOrDefault("PYTHON", "python3"), "-c", script)
                    .redirectErrorStream(true).start();
            String line;
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(),
                    StandardCharsets.UTF_8))) {
                line = r.readLine();
            }
            return p.waitFor() == 0 && line != null ? Double.parseDouble(line.trim()) : -1;
        } catch (IOException | NumberFormatException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    private static long peakRssMb() {
        try {
            for (String l : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (l.startsWith("VmHWM:")) {
                    return Long.parseLong(l.replaceAll("[^0-9]", "")) / 1024;
                }
            }
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
        return -1;
    }
}
