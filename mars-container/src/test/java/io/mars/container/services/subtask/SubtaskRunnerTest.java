package io.mars.container.services.subtask;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.common.graph.ChunkNode;
import io.mars.common.graph.Subtask;
import io.mars.common.operand.chunk.ChunkFromArray;
import io.mars.common.operand.chunk.ChunkTensorDot;
import io.mars.common.rpc.SubtaskResult;
import io.mars.common.rpc.WorkerGateway;
import io.mars.container.Worker;
import io.mars.container.WorkerConfig;
import io.mars.container.kernels.KernelRegistry;
import io.mars.container.services.storage.StorageConfig;
import io.mars.container.services.storage.internal.TieredStorage;
import io.mars.types.ChunkData;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How much room a subtask reserves for an input another worker holds: none when that worker shares the process (the
 * input is read in place), its bytes when it is fetched from another process (a new copy).
 */
class SubtaskRunnerTest {
    private static final String SESSION = "s1";
    private static final int N = 200;
    /** One N x N float64 chunk. */
    private static final long CHUNK = (long) N * N * 8;
    /**
     * Worker A holds two chunks and runs a product of one of them with B's chunk: with B's input read in place it
     * needs room for its output only (3 chunks, 69% of this quota, under the 75% above which chunks spill); with
     * room for a copy of B's input too, 4 chunks (91%).
     */
    private static final long QUOTA = 1_400_000;

    @TempDir
    Path tmp;
    private final Map<String, WorkerGateway> gateways = new HashMap<>();
    private Worker a;
    private Worker b;

    @AfterEach
    void close() {
        for (Worker w : new Worker[] {a, b}) {
            if (w != null) {
                w.close();
                w.storage().close();
            }
        }
    }

    @Test
    void anInputAWorkerOfThisProcessHoldsIsReadInPlaceWithNoRoomReservedForIt() {
        NDArray product = runProductOnA(gateways::get);

        assertThat(a.storage().stats().spills()).as("chunks worker A spilled to make room").isZero();
        assertProduct(product);
    }

    @Test
    void anInputFetchedFromAnotherProcessGetsRoomForItsCopy() {
        // B seen as a worker of another process: what it returns is a new copy here
        NDArray product = runProductOnA(id -> id.equals("B") ? new OtherProcess(b) : gateways.get(id));

        assertThat(a.storage().stats().spills()).as("chunks worker A spilled to make room").isPositive();
        assertProduct(product);
    }

    /** Stores x and c on A and y on B, runs x . y on A with y located on B, and returns the stored product. */
    private NDArray runProductOnA(java.util.function.Function<String, WorkerGateway> peersOfA) {
        a = new Worker("A", new WorkerConfig(1), storage("A"), KernelRegistry.standard(), peersOfA);
        b = new Worker("B", new WorkerConfig(1), storage("B"), KernelRegistry.standard(), gateways::get);
        gateways.put("A", a);
        gateways.put("B", b);
        ChunkNode x = input("x", 1.0);
        ChunkNode y = input("y", 2.0);
        a.storage().put(SESSION, "x", data(x));
        a.storage().put(SESSION, "c", data(input("c", 3.0)));
        b.storage().put(SESSION, "y", data(y));
        ChunkNode dot = new ChunkNode("xy", new ChunkTensorDot(new int[] {1}, new int[] {0}), List.of(x, y),
                DataType.FLOAT64, new long[] {N, N}, new int[2]);
        Subtask subtask = new Subtask(0, List.of(dot), List.of("x", "y"), List.of("xy"), 0);

        SubtaskResult result = a.runSubtask(SESSION, subtask, Map.of("x", "A", "y", "B")).join();

        assertThat(result.outputs()).hasSize(1);
        return (NDArray) a.storage().get(SESSION, "xy").orElseThrow();
    }

    /** x is all ones and y all twos, so every element of x . y is 2N. */
    private static void assertProduct(NDArray product) {
        double[] values = product.doubles();
        assertThat(values).hasSize(N * N);
        for (double v : values) {
            assertThat(v).isEqualTo(2.0 * N);
        }
    }

    private TieredStorage storage(String id) {
        return new TieredStorage(id, StorageConfig.of(QUOTA, List.of(tmp.resolve(id))));
    }

    private static ChunkNode input(String key, double value) {
        double[] v = new double[N * N];
        java.util.Arrays.fill(v, value);
        NDArray array = new NDArray(DataType.FLOAT64, new long[] {N, N}, v);
        assertThat(array.nbytes()).isEqualTo(CHUNK);
        return new ChunkNode(key, new ChunkFromArray(array), List.of(), DataType.FLOAT64, new long[] {N, N},
                new int[2]);
    }

    private static ChunkData data(ChunkNode node) {
        return ((ChunkFromArray) node.op()).data();
    }

    /** A worker reached as if it ran in another process: each fetch returns a copy the caller owns. */
    private record OtherProcess(Worker worker) implements WorkerGateway {
        @Override
        public String workerId() {
            return worker.workerId();
        }

        @Override
        public int slots() {
            return worker.slots();
        }

        @Override
        public CompletableFuture<SubtaskResult> runSubtask(String sessionId, Subtask subtask,
                                                           Map<String, String> inputLocations) {
            return worker.runSubtask(sessionId, subtask, inputLocations);
        }

        @Override
        public CompletableFuture<ChunkData> fetchChunk(String sessionId, String chunkKey) {
            return worker.fetchChunk(sessionId, chunkKey).thenApply(d -> {
                NDArray array = (NDArray) d;
                return new NDArray(array.dtype(), array.shape(), array.doubles().clone());
            });
        }

        @Override
        public boolean fetchGivesCopies() {
            return true;
        }

        @Override
        public CompletableFuture<Long> deleteChunks(String sessionId, List<String> chunkKeys) {
            return worker.deleteChunks(sessionId, chunkKeys);
        }

        @Override
        public CompletableFuture<Long> storedBytes() {
            return worker.storedBytes();
        }
    }
}
