package io.mars.it.local;

import static io.mars.tensor.Tensors.chunks;
import static io.mars.tensor.Tensors.shape;
import static org.assertj.core.api.Assertions.assertThat;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.container.services.storage.StorageConfig;
import io.mars.dataframe.DataFrame;
import io.mars.dataframe.DataFrames;
import io.mars.submit.client.ClientSession;
import io.mars.submit.local.LocalCluster;
import io.mars.tensor.Index;
import io.mars.tensor.Linalg;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import io.mars.types.ChunkSpec;
import io.mars.types.Column;
import io.mars.types.DType;
import io.mars.types.LocalTable;
import io.mars.types.NDArray;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The memory matrix: every operation family x chunkings {smallest, uneven, one chunk} x worker quotas {ample, a
 * quarter, a sixteenth of the family's input data}, on two workers spilling to a local directory. Every case either
 * gives the ample run's results, or (a tensor job with a subtask that cannot fit the quota) is refused with
 * {@code WORKING_SET_TOO_LARGE} before anything runs; no other error, never an {@code OutOfMemoryError}; and after
 * the session closes no byte is left in memory, on disk or in the spill directory. With the smallest chunks and a
 * quarter of the data, every family must complete.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MemoryMatrixTest {
    private static final int ROWS = 64;
    private static final int COLS = 32;
    private static final long MATRIX_BYTES = ROWS * COLS * 8L;

    enum Chunking { SMALLEST, UNEVEN, ONE_CHUNK }

    enum Quota {
        AMPLE(0), QUARTER(4), SIXTEENTH(16);

        final int divisor;

        Quota(int divisor) {
            this.divisor = divisor;
        }
    }

    /**
     * One operation family: the job for a chunking, and the bytes of its input data. {@code whyMayBeRefused} says why
     * the family may be refused even with the smallest chunks and a quarter of the data (null: it must complete).
     */
    record Family(String name, long dataBytes, Function<Chunking, Object[]> job, String whyMayBeRefused) {
        Family(String name, long dataBytes, Function<Chunking, Object[]> job) {
            this(name, dataBytes, job, null);
        }

        @Override
        public String toString() {
            return name;
        }
    }

    private static ChunkSpec matrixChunks(Chunking c) {
        return switch (c) {
            case SMALLEST -> chunks(1, COLS);
            case UNEVEN -> ChunkSpec.explicit(new long[][] {{3, 9, 5, 7, 9, 2, 8, 9, 6, 6}, {5, 11, 16}});
            case ONE_CHUNK -> chunks(ROWS, COLS);
        };
    }

    private static ChunkSpec vectorChunks(Chunking c, int n) {
        return switch (c) {
            case SMALLEST -> chunks(16);
            case UNEVEN -> ChunkSpec.explicit(new long[][] {uneven(n)});
            case ONE_CHUNK -> chunks(n);
        };
    }

    private static long[] uneven(int n) {
        List<Long> parts = new ArrayList<>();
        long left = n;
        long[] pattern = {37, 11, 53, 23, 64};
        for (int i = 0; left > 0; i++) {
            long p = Math.min(left, pattern[i % pattern.length]);
            parts.add(p);
            left -= p;
        }
        return parts.stream().mapToLong(Long::longValue).toArray();
    }

    private static Tensor matrix(Chunking c, long seed) {
        return Tensors.random(seed).rand(shape(ROWS, COLS), matrixChunks(c));
    }

    private static Tensor vector(Chunking c, int n, long seed) {
        return Tensors.random(seed).randint(0, 200, shape(n), io.mars.types.DataType.INT64, vectorChunks(c, n));
    }

    private static int tableRows(Chunking c) {
        return switch (c) {
            case SMALLEST -> 16;
            case UNEVEN -> 37;
            case ONE_CHUNK -> 512;
        };
    }

    private static LocalTable table(long seed, int rows, int keys) {
        long[] k = new long[rows];
        long[] v = new long[rows];
        java.util.SplittableRandom r = new java.util.SplittableRandom(seed);
        for (int i = 0; i < rows; i++) {
            k[i] = r.nextInt(keys);
            v[i] = r.nextInt(1000);
        }
        return LocalTable.of(new Column("k", DType.INT64, k, null, null, null),
                new Column("v", DType.INT64, v, null, null, null));
    }

    static Stream<Family> families() {
        int n = 512;
        return Stream.of(
                new Family("element-wise", 2 * MATRIX_BYTES, c -> new Object[] {
                        matrix(c, 1).add(1).multiply(matrix(c, 2)).subtract(matrix(c, 1).divide(2))}),
                new Family("reductions", MATRIX_BYTES, c -> {
                    Tensor a = matrix(c, 3);
                    return new Object[] {a.sum(0), a.std(), a.max(1), a.cumsum(0)};
                }),
                new Family("products", MATRIX_BYTES, c -> {
                    Tensor a = matrix(c, 4);
                    return new Object[] {a.dot(a.T()).subtract(1).std(), a.T().dot(a)};
                }),
                new Family("decompositions", MATRIX_BYTES, c -> {
                    Tensor a = matrix(c, 5);
                    return new Object[] {Linalg.qr(a).r().sum(), Linalg.svd(a).s()};
                }, "TSQR holds the whole n x n R factor (and SVD its n x n core) in one chunk: 8 KB for 32 columns"),
                new Family("sort-unique", n * 8L, c -> {
                    Tensor v = vector(c, n, 6);
                    return new Object[] {Tensors.sort(v), Tensors.unique(v)};
                }),
                new Family("indexing", MATRIX_BYTES, c -> {
                    Tensor a = matrix(c, 7);
                    return new Object[] {a.get(Index.slice(3, 60, 2), Index.slice(1, 30, 1)),
                            a.get(a.gt(0.5)), a.take(Tensors.arange(0, ROWS, 3, chunks(8)), 0)};
                }, "take along an axis reads every chunk of that axis into each output chunk (not yet per source chunk)"),
                new Family("groupby", 512 * 16L, c -> new Object[] {
                        frame(table(8, 512, 40), c).groupBy("k").sum()}),
                new Family("merge", 2 * 512 * 16L, c -> new Object[] {
                        frame(table(9, 512, 100), c).merge(frame(table(10, 512, 100), c), "k", "inner")
                                .sortValues("k", "v_x", "v_y")}),
                new Family("sort", 512 * 16L, c -> new Object[] {frame(table(11, 512, 1000), c).sortValues("v", "k")}),
                new Family("drop-duplicates", 512 * 16L, c -> new Object[] {
                        frame(table(12, 512, 20), c).dropDuplicates("k").sortValues("k")}));
    }

    private static DataFrame frame(LocalTable t, Chunking c) {
        return DataFrames.fromTable(t, tableRows(c));
    }

    @TempDir
    Path spillRoot;
    private final Map<String, List<String>> ample = new ConcurrentHashMap<>();
    private LocalCluster ampleCluster;

    @BeforeAll
    void startAmple() {
        ampleCluster = new LocalCluster(2, Map.of());
    }

    private final List<String> refused = java.util.Collections.synchronizedList(new ArrayList<>());

    @AfterAll
    void stopAmple() {
        ampleCluster.close();
        System.out.println("memory matrix: " + refused.size() + " cases refused before running: " + refused);
    }

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        families().forEach(f -> {
            for (Chunking c : Chunking.values()) {
                for (Quota q : Quota.values()) {
                    if (q != Quota.AMPLE) {
                        out.add(Arguments.of(f, c, q));
                    }
                }
            }
        });
        return out.stream();
    }

    @ParameterizedTest(name = "{0}, {1} chunks, {2} quota")
    @MethodSource("cases")
    void everyCaseGivesTheAmpleResultsOrIsRefusedBeforeRunningAndLeavesNothing(Family f, Chunking c, Quota q)
            throws IOException {
        List<String> expected = ample.computeIfAbsent(f.name() + "/" + c, k -> run(ampleCluster, f, c));
        long quota = Math.max(1, f.dataBytes() / q.divisor);
        Path dir = Files.createDirectories(spillRoot.resolve(f.name() + "-" + c + "-" + q));
        Map<String, String> conf = Map.of(StorageConfig.CACHE_MEM, Long.toString(quota),
                StorageConfig.SPILL_DIRS, dir.toString());
        try (LocalCluster cluster = new LocalCluster(2, conf)) {
            List<String> got;
            try {
                got = run(cluster, f, c);
            } catch (MarsException e) {
                assertThat(e.code()).as("%s: %s", f, e.getMessage()).isEqualTo(ErrorCode.WORKING_SET_TOO_LARGE);
                assertThat(c == Chunking.SMALLEST && q == Quota.QUARTER && f.whyMayBeRefused() == null)
                        .as("with the smallest chunks and a quarter of the data, %s must complete: %s", f,
                                e.getMessage()).isFalse();
                assertThat(e.getMessage()).contains("bytes the smallest worker can give one subtask")
                        .contains("smaller chunks");
                got = null;
                refused.add(f + "/" + c + "/" + q);
            }
            if (got != null) {
                assertThat(got).as("%s with a %s quota", f, q).isEqualTo(expected);
            }
            SpillingClusterTest.assertNothingLeft(cluster, dir);
        }
        try (Stream<Path> files = Files.walk(dir)) {
            assertThat(files.filter(Files::isRegularFile).toList()).as("spill files left").isEmpty();
        }
    }

    /** Runs the family's job in a session of its own, closed before returning; results rendered to compare. */
    private static List<String> run(LocalCluster cluster, Family f, Chunking c) {
        Object[] job = f.job().apply(c);
        List<String> out = new ArrayList<>();
        try (ClientSession session = ClientSession.open(cluster.supervisor(), Map.of(), null)) {
            for (Object o : job) {
                if (o instanceof Tensor t) {
                    out.add(render(session.execute(t)));
                } else {
                    out.add(render(session.executeTables((DataFrame) o).get(0)));
                }
            }
        }
        return out;
    }

    /**
     * A result as text. Floats are rounded to 10 significant digits: a product or tree whose summation order follows
     * the quota (fewer blocks per subtask) differs from the ample run in the last bits only.
     */
    private static String render(NDArray a) {
        StringBuilder b = new StringBuilder(a.dtype() + Arrays.toString(a.shapeView()) + ":");
        if (a.dtype().isFloat()) {
            for (double d : a.toDoubleArray()) {
                b.append(String.format(java.util.Locale.ROOT, "%.10g,", d));
            }
        } else {
            b.append(Arrays.toString(a.toLongArray()));
        }
        return b.toString();
    }

    private static String render(LocalTable t) {
        StringBuilder b = new StringBuilder();
        for (Column col : t.columns()) {
            b.append(col.name()).append(':');
            for (int i = 0; i < t.rowCount(); i++) {
                b.append(col.get(i)).append(',');
            }
            b.append(';');
        }
        return b.toString();
    }
}
