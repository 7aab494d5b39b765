package io.mars.it.rpc;

import static io.mars.tensor.Tensors.chunks;
import static io.mars.tensor.Tensors.shape;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mars.am.Supervisor;
import io.mars.am.rpc.SupervisorEndpoint;
import io.mars.am.services.cluster.internal.StaticCluster;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.graph.Tileable;
import io.mars.common.rpc.flight.RemoteSupervisorGateway;
import io.mars.common.rpc.flight.RemoteWorkerGateway;
import io.mars.common.rpc.flight.RpcMessages.WorkerAddress;
import io.mars.common.rpc.flight.RpcSecret;
import io.mars.container.WorkerConfig;
import io.mars.container.kernels.DataFrameKernels;
import io.mars.container.kernels.KernelRegistry;
import io.mars.container.rpc.NetworkedWorker;
import io.mars.container.services.storage.internal.MemoryStorage;
import io.mars.dataframe.CsvOptions;
import io.mars.dataframe.DataFrame;
import io.mars.dataframe.DataFrames;
import io.mars.dataframe.GroupBy;
import io.mars.submit.client.ClientSession;
import io.mars.submit.local.LocalCluster;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import io.mars.types.LocalTable;
import io.mars.types.NDArray;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.function.Function;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The supervisor and two workers talking only over their authenticated RPC endpoints (as on YARN, placed in one JVM):
 * results equal the embedded cluster's, data crosses between workers, memory and Arrow buffers are returned, and a
 * peer without the application secret is refused.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class NetworkedClusterTest {
    private final RpcSecret secret = RpcSecret.generate();
    private RootAllocator allocator;
    private Supervisor supervisor;
    private SupervisorEndpoint endpoint;
    private final List<NetworkedWorker> workers = new ArrayList<>();
    private RemoteSupervisorGateway client;
    private LocalCluster local;

    @BeforeAll
    void start() {
        allocator = new RootAllocator();
        StaticCluster cluster = new StaticCluster();
        supervisor = new Supervisor(cluster, Map.of());
        endpoint = new SupervisorEndpoint(supervisor, cluster, secret, "127.0.0.1", 0, allocator, Duration.ofSeconds(30));
        for (int i = 0; i < 2; i++) {
            workers.add(new NetworkedWorker("w" + i, "127.0.0.1", new WorkerConfig(1), new MemoryStorage(),
                    DataFrameKernels.register(KernelRegistry.standard(), allocator), secret, "127.0.0.1",
                    endpoint.port(), allocator, 1L << 30,
                    Duration.ofMillis(500), Duration.ofSeconds(30)));
        }
        client = new RemoteSupervisorGateway("127.0.0.1", endpoint.port(), secret, allocator);
        local = new LocalCluster(2, Map.of());
    }

    @AfterAll
    void stop() {
        local.close();
        client.close();
        workers.forEach(NetworkedWorker::close);
        endpoint.close();
        supervisor.close();
        assertThat(allocator.getAllocatedMemory()).isZero();
        allocator.close();
    }

    private NDArray both(Function<Void, Tensor> build, ClientSession remote, ClientSession embedded) {
        NDArray r = remote.execute(build.apply(null));
        NDArray l = embedded.execute(build.apply(null));
        assertThat(r.contentEquals(l)).as("remote %s vs local %s", r, l).isTrue();
        return r;
    }

    @Test
    void resultsEqualTheEmbeddedClusterAndDataCrossesWorkers() {
        try (ClientSession remote = ClientSession.open(client, Map.of(), null);
             ClientSession embedded = ClientSession.open(local.supervisor(), Map.of(), null)) {
            NDArray sum = both(v -> Tensors.ones(shape(600, 400), chunks(100, 100)).add(1).multiply(2).sum(),
                    remote, embedded);
            assertThat(sum.getDouble()).isEqualTo(600 * 400 * 4.0);
            both(v -> {
                Tensor a = Tensors.random(11).rand(shape(300, 200), chunks(70, 90));
                return a.dot(a.transpose()).std();
            }, remote, embedded);
            both(v -> Tensors.random(5).randn(shape(1000), chunks(77)).sort(), remote, embedded);
            NDArray big = both(v -> Tensors.arange(3_000_000, chunks(1_000_000)).multiply(2), remote, embedded);
            assertThat(big.getLong(2_999_999)).isEqualTo(5_999_998L);
            // every worker ran something and held data at some point: the sum's partials crossed between them
            assertThat(workers).allSatisfy(w -> assertThat(w.worker().storage().storedBytes()).isPositive());
        }
        // closing the sessions freed every stored chunk on both workers
        for (NetworkedWorker w : workers) {
            long deadline = System.nanoTime() + 5_000_000_000L;
            while (w.worker().storage().storedBytes() > 0 && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            assertThat(w.worker().storage().storedBytes()).isZero();
        }
    }

    /**
     * Sparse CSR blocks (ReductionStates of indptr, indices, data) between networked workers: the same results as the
     * embedded cluster, and the blocks' wire form (Avro) gives back the same arrays.
     */
    @Test
    void sparseBlocksCrossWorkersAndEqualTheEmbeddedCluster() {
        try (ClientSession remote = ClientSession.open(client, Map.of(), null);
             ClientSession embedded = ClientSession.open(local.supervisor(), Map.of(), null)) {
            java.util.function.Supplier<io.mars.tensor.SparseMatrix> sparse = () -> {
                Tensor x = Tensors.random(21).rand(shape(600, 300), chunks(100, 300));
                return Tensors.sparse(Tensors.where(x.less(0.8), 0.0, x)).multiply(3.0);
            };
            Tensor v = Tensors.random(22).rand(shape(300, 4), chunks(100, 4));
            both(u -> sparse.get().dot(v), remote, embedded);
            both(u -> sparse.get().sum(0), remote, embedded);
            NDArray nnz = both(u -> sparse.get().nnz(), remote, embedded);
            assertThat(nnz.getLong()).isBetween(30_000L, 42_000L);
            both(u -> sparse.get().toDense(), remote, embedded);
        }
        io.mars.common.model.ReductionState block = new io.mars.common.model.ReductionState(List.of(
                new NDArray(io.mars.types.DataType.INT64, new long[] {3}, new long[] {0, 2, 3}),
                new NDArray(io.mars.types.DataType.INT64, new long[] {3}, new long[] {1, 4, 0}),
                new NDArray(io.mars.types.DataType.FLOAT64, new long[] {3}, new double[] {1.5, -2, 0.25})));
        io.mars.common.model.ReductionState back = (io.mars.common.model.ReductionState)
                io.mars.common.wire.GraphCodec.decodeChunkData(io.mars.common.wire.GraphCodec.encode(block));
        for (int i = 0; i < 3; i++) {
            assertThat(back.parts().get(i).contentEquals(block.parts().get(i))).as("part " + i).isTrue();
        }
    }

    @Test
    void chunksFetchedOverTheNetworkAreKeptAsCopiesInMetaAndDeletedWithTheChunk() {
        String id;
        try (ClientSession remote = ClientSession.open(client, Map.of(), null)) {
            id = remote.id();
            Tensor y = Tensors.random(8).rand(shape(400, 400), chunks(100));
            remote.execute(y);
            Tensor total = y.dot(y).sum();
            remote.execute(total);
            List<io.mars.common.rpc.ChunkMeta> metas = client.resultLayout(id, y.key()).join().chunks();
            assertThat(metas).as("chunks of y copied to the other worker by the block products")
                    .anyMatch(m -> m.workers().size() == 2);
            for (NetworkedWorker w : workers) {
                long expected = 0;
                for (io.mars.common.rpc.ChunkMeta m : metas) {
                    expected += m.workers().contains(w.id()) ? m.nbytes() : 0;
                }
                assertThat(w.worker().storage().storedBytes(id)).as("y's bytes on " + w.id())
                        .isGreaterThanOrEqualTo(expected);
            }
            remote.release(y, total);
            for (NetworkedWorker w : workers) {
                long deadline = System.nanoTime() + 5_000_000_000L;
                while (w.worker().storage().storedBytes(id) > 0 && System.nanoTime() < deadline) {
                    Thread.onSpinWait();
                }
                assertThat(w.worker().storage().storedBytes(id)).as("bytes left on " + w.id()).isZero();
            }
        }
    }

    private LocalTable bothTables(Function<Void, Tileable> build, ClientSession remote, ClientSession embedded) {
        LocalTable r = remote.executeTables(build.apply(null)).get(0);
        LocalTable l = embedded.executeTables(build.apply(null)).get(0);
        assertThat(r.columnNames()).isEqualTo(l.columnNames());
        assertThat(r.dtypes()).isEqualTo(l.dtypes());
        assertThat(r.toRows()).isEqualTo(l.toRows());
        return r;
    }

    @Test
    void dataframesCrossWorkersAsArrowBatchesAndEqualTheEmbeddedCluster() throws Exception {
        String csv = java.nio.file.Path.of(getClass().getResource("/golden/dataframe-io/basic.csv").toURI())
                .toString();
        List<Long> keys = new ArrayList<>();
        List<Double> values = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            keys.add((long) (i * 7919 % 13));
            values.add(i % 11 == 0 ? null : Math.sin(i) * 100);
        }
        java.util.Map<String, List<?>> cols = new java.util.LinkedHashMap<>();
        cols.put("k", keys);
        cols.put("x", values);
        try (ClientSession remote = ClientSession.open(client, Map.of(), null);
             ClientSession embedded = ClientSession.open(local.supervisor(), Map.of(), null)) {
            // the 11 chunks of a kept frame lie on both workers, so the groupby's tree (one output chunk) must move
            // table chunks between them
            DataFrame source = DataFrames.fromColumns(cols, 37);
            remote.executeTables(source);
            List<io.mars.common.rpc.ChunkMeta> placed = client.resultLayout(remote.id(), source.key()).join().chunks();
            assertThat(placed.stream().flatMap(m -> m.workers().stream()).distinct()).as("workers holding the frame")
                    .hasSize(2);
            LocalTable groups = bothTables(v -> source.groupBy("k").agg(
                    GroupBy.named("total", "x", "sum"), GroupBy.named("n", "x", "count"),
                    GroupBy.named("avg", "x", "mean")), remote, embedded);
            assertThat(groups.rowCount()).isEqualTo(13);
            // a sort of the 11 chunks is a shuffle: each reduce is sent to a worker as a subtask and reads its part of
            // every map output (a reduce that read whole map outputs would give every row 11 times)
            LocalTable sorted = bothTables(v -> source.sortValues("x"), remote, embedded);
            assertThat(sorted.rowCount()).isEqualTo(400);
            LocalTable read = bothTables(v -> DataFrames.readCsv(csv, CsvOptions.defaults().parseDates("when")
                    .chunkBytes(100)), remote, embedded);
            assertThat(read.rowCount()).isEqualTo(30);
            bothTables(v -> {
                DataFrame df = DataFrames.readCsv(csv, CsvOptions.defaults().chunkBytes(100));
                return df.filter(df.col("x").gt(-5.0)).groupBy("g").agg(GroupBy.named("s", "k", "sum"),
                        GroupBy.named("first", "name", "first"));
            }, remote, embedded);
        }
    }

    @Test
    void aTaskIsCancelledOverRpc() throws Exception {
        try (ClientSession remote = ClientSession.open(client, Map.of(), null)) {
            var rng = Tensors.random(5);
            Tensor x = rng.rand(shape(200_000_000L), chunks(1_000_000L));
            io.mars.Execution<java.util.List<NDArray>> running = remote.submit(x.multiply(x).sum());
            long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(60);
            while (running.progress() == 0 && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            running.cancel();
            assertThatThrownBy(running::get).isInstanceOf(MarsException.class)
                    .satisfies(e -> assertThat(((MarsException) e).code()).isEqualTo(ErrorCode.TASK_CANCELLED));
            assertThat(supervisor.tasks().info(running.taskId()).join().state())
                    .isEqualTo(io.mars.common.rpc.TaskState.CANCELLED);
        }
    }

    @Test
    void errorsFromWorkersReachTheClientWithTheirCode() {
        try (ClientSession remote = ClientSession.open(client, Map.of(), null)) {
            Tensor bad = Tensors.arange(10, chunks(3)).power(Tensors.arange(-5, 5, 1, chunks(3)));
            assertThatThrownBy(() -> remote.execute(bad.sum())).isInstanceOf(MarsException.class)
                    .hasMessageContaining("negative integer powers")
                    .extracting(e -> ((MarsException) e).code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
        }
    }

    @Test
    void peersWithoutTheApplicationSecretAreRefusedByTheSupervisorAndTheWorkers() {
        for (RpcSecret wrong : new RpcSecret[] {null, RpcSecret.generate()}) {
            try (RemoteSupervisorGateway intruder = new RemoteSupervisorGateway("127.0.0.1", endpoint.port(), wrong,
                    allocator)) {
                assertThatThrownBy(() -> intruder.createSession(Map.of()).join()).isInstanceOf(CompletionException.class)
                        .cause().extracting(e -> ((MarsException) e).code()).isEqualTo(ErrorCode.UNAUTHENTICATED);
            }
            NetworkedWorker w = workers.get(0);
            try (RemoteWorkerGateway intruder = new RemoteWorkerGateway(new WorkerAddress(w.id(), "127.0.0.1",
                    w.port(), 1, 0), wrong, allocator)) {
                assertThatThrownBy(() -> intruder.storedBytes().join()).cause()
                        .extracting(e -> ((MarsException) e).code()).isEqualTo(ErrorCode.UNAUTHENTICATED);
                assertThatThrownBy(() -> intruder.fetchChunk("s", "k").join()).cause()
                        .extracting(e -> ((MarsException) e).code()).isEqualTo(ErrorCode.UNAUTHENTICATED);
            }
        }
    }

    @Test
    void aReducerFetchesOnlyItsPartOfAMapOutputOverTheNetwork() {
        NetworkedWorker w = workers.get(0);
        long[] part = {0, 0, 2, 2, 2, 5, 7, 7};
        long[] v = {10, 11, 20, 21, 22, 50, 70, 71};
        LocalTable map = LocalTable.of(io.mars.types.Column.ofLongs("v", v),
                io.mars.types.Column.ofInts(io.mars.common.operand.dataframe.ChunkTablePartition.PART_COLUMN,
                        java.util.Arrays.stream(part).mapToInt(x -> (int) x).toArray()));
        w.worker().storage().put("parts", "map", new io.mars.common.table.TableChunk(
                io.mars.common.table.ArrowTables.toArrow(map, allocator)));
        try (RemoteWorkerGateway peer = new RemoteWorkerGateway(new WorkerAddress(w.id(), "127.0.0.1", w.port(), 1, 0),
                secret, allocator)) {
            for (int p = 0; p < 9; p++) {
                try (io.mars.types.ChunkData d = peer.fetchChunkPart("parts", "map", p).join()) {
                    LocalTable got = io.mars.common.table.ArrowTables.toLocal(
                            ((io.mars.common.table.TableChunk) d).root());
                    List<Long> expected = new ArrayList<>();
                    for (int i = 0; i < v.length; i++) {
                        if (part[i] == p) {
                            expected.add(v[i]);
                        }
                    }
                    assertThat(java.util.Arrays.stream(got.columns().get(0).longs()).boxed().toList())
                            .as("part %d", p).isEqualTo(expected);
                }
            }
            assertThatThrownBy(() -> peer.fetchChunkPart("parts", "missing", 0).join()).cause()
                    .extracting(e -> ((MarsException) e).code()).isEqualTo(ErrorCode.CHUNK_NOT_FOUND);
        } finally {
            w.worker().storage().deleteSession("parts");
        }
    }
}
