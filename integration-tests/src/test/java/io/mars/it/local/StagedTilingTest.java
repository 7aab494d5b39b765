package io.mars.it.local;

import static io.mars.tensor.Tensors.chunks;
import static org.assertj.core.api.Assertions.assertThat;

import io.mars.common.graph.TileableGraph;
import io.mars.common.graph.TileableNode;
import io.mars.common.operand.Arg;
import io.mars.common.operand.ElementwiseFn;
import io.mars.common.operand.Operand;
import io.mars.common.operand.ReduceFn;
import io.mars.common.operand.Scalar;
import io.mars.common.operand.WireName;
import io.mars.common.operand.tensor.TensorElementwise;
import io.mars.common.operand.tensor.TensorReduce;
import io.mars.common.rpc.ChunkMeta;
import io.mars.common.rpc.ResultLayout;
import io.mars.common.rpc.TaskInfo;
import io.mars.common.rpc.TaskState;
import io.mars.common.tiling.TilerRegistry;
import io.mars.container.kernels.KernelRegistry;
import io.mars.submit.local.LocalCluster;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import io.mars.types.ChunkData;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import io.mars.types.Shapes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Tiling in stages: an operand whose chunk lengths are known only once computed (here a test operand that keeps the
 * even values of a 1-d int64 tensor) is computed first, and the operands after it are tiled with the real lengths.
 */
class StagedTilingTest {
    /** Keeps the even values. */
    @WireName("test.keep-even")
    record KeepEven() implements Operand {
    }

    @WireName("test.chunk.keep-even")
    record ChunkKeepEven() implements Operand {
    }

    private LocalCluster cluster;
    private String session;

    @BeforeEach
    void start() {
        TilerRegistry tilers = TilerRegistry.standard();
        tilers.register(KeepEven.class, UnknownLengthTiler.perChunk(new ChunkKeepEven()));
        KernelRegistry kernels = KernelRegistry.standard().with(ChunkKeepEven.class, (node, op, inputs) -> {
            long[] values = ((NDArray) inputs.get(0)).longs();
            long[] kept = java.util.Arrays.stream(values).filter(v -> v % 2 == 0).toArray();
            return NDArray.of(kept);
        });
        cluster = new LocalCluster(2, Map.of(), kernels, tilers);
        session = cluster.supervisor().createSession(Map.of()).join();
    }

    @AfterEach
    void stop() {
        cluster.supervisor().closeSession(session).join();
        cluster.close();
    }

    private NDArray fetch(String key) {
        ResultLayout layout = cluster.supervisor().resultLayout(session, key).join();
        List<Long> values = new ArrayList<>();
        for (ChunkMeta m : layout.chunks()) {
            ChunkData d = cluster.supervisor().worker(m.workers().iterator().next()).fetchChunk(session, m.key()).join();
            for (long v : ((NDArray) d).longs()) {
                values.add(v);
            }
        }
        return NDArray.of(values.stream().mapToLong(Long::longValue).toArray());
    }

    @Test
    void operandsAfterAnUnknownLengthAreTiledWithTheComputedLengths() {
        Tensor x = Tensors.arange(20, chunks(6));
        TileableNode kept = new TileableNode("kept", new KeepEven(), List.of(x.key()), DataType.INT64,
                new long[] {Shapes.UNKNOWN});
        TileableNode plusOne = new TileableNode("plus", new TensorElementwise(ElementwiseFn.ADD,
                List.of(Arg.input(0), Arg.constant(Scalar.of(1L)))), List.of("kept"), DataType.INT64,
                new long[] {Shapes.UNKNOWN});
        TileableNode total = new TileableNode("total", new TensorReduce(ReduceFn.SUM, new int[] {0}, false, 0),
                List.of("plus"), DataType.INT64, new long[0]);
        TileableGraph graph = new TileableGraph(List.of(x.toNode(), kept, plusOne, total), List.of("plus", "total"));

        String task = cluster.supervisor().tasks().submit(session, graph).join();
        TaskInfo info = cluster.supervisor().waitTask(session, task).join();

        assertThat(info.state()).as(String.valueOf(info.errorMessage())).isEqualTo(TaskState.SUCCEEDED);
        // 0, 2, ..., 18 plus one
        assertThat(fetch("plus").longs()).containsExactly(1, 3, 5, 7, 9, 11, 13, 15, 17, 19);
        assertThat(fetch("total").getLong()).isEqualTo(100);
        // chunks of 6 keep 3, 3, 3 and 1 values
        assertThat(cluster.supervisor().resultLayout(session, "plus").join().nsplits()[0]).containsExactly(3, 3, 3, 1);
        // the stage's intermediate results are released: only the two outputs stay
        assertThat(cluster.supervisor().meta().count(session).join()).isEqualTo(4 + 1);
        cluster.supervisor().releaseTileables(session, List.of("plus", "total")).join();
        assertThat(eventuallyZero()).isZero();
    }

    @Test
    void anUnknownLengthOutputIsStoredWithItsRealLengths() {
        Tensor x = Tensors.arange(7, chunks(3));
        TileableNode kept = new TileableNode("kept", new KeepEven(), List.of(x.key()), DataType.INT64,
                new long[] {Shapes.UNKNOWN});
        String task = cluster.supervisor().tasks().submit(session, new TileableGraph(List.of(x.toNode(), kept),
                List.of("kept"))).join();
        TaskInfo info = cluster.supervisor().waitTask(session, task).join();
        assertThat(info.state()).isEqualTo(TaskState.SUCCEEDED);
        assertThat(cluster.supervisor().resultLayout(session, "kept").join().nsplits()[0]).containsExactly(2, 1, 1);
        assertThat(fetch("kept").longs()).containsExactly(0, 2, 4, 6);
    }

    private long eventuallyZero() {
        long bytes = cluster.storedBytes();
        for (int i = 0; i < 100 && bytes != 0; i++) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            bytes = cluster.storedBytes();
        }
        return bytes;
    }
}
