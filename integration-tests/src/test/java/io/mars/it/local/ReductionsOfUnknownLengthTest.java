package io.mars.it.local;

import static io.mars.tensor.Tensors.chunks;
import static org.assertj.core.api.Assertions.assertThat;

import io.mars.common.graph.TileableGraph;
import io.mars.common.graph.TileableNode;
import io.mars.common.operand.Operand;
import io.mars.common.operand.QuantileMethod;
import io.mars.common.operand.ReduceFn;
import io.mars.common.operand.ScanFn;
import io.mars.common.operand.WireName;
import io.mars.common.operand.tensor.TensorQuantile;
import io.mars.common.operand.tensor.TensorReduce;
import io.mars.common.operand.tensor.TensorScan;
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
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Reductions, quantiles and scans of a tensor whose chunk lengths are known only once computed, some of them empty
 * (a filter keeping the values below 6 of 1..20 in chunks of 4 keeps 4, 1, 0, 0 and 0 values), give what they give
 * on a tensor of the same values built with known lengths.
 */
class ReductionsOfUnknownLengthTest {
    @WireName("test.keep-below-six")
    record KeepBelowSix() implements Operand {
    }

    @WireName("test.chunk.keep-below-six")
    record ChunkKeepBelowSix() implements Operand {
    }

    private LocalCluster cluster;
    private String session;

    @BeforeEach
    void start() {
        TilerRegistry tilers = TilerRegistry.standard();
        tilers.register(KeepBelowSix.class, UnknownLengthTiler.perChunk(new ChunkKeepBelowSix()));
        KernelRegistry kernels = KernelRegistry.standard().with(ChunkKeepBelowSix.class, (node, op, inputs) ->
                NDArray.of(java.util.Arrays.stream(((NDArray) inputs.get(0)).doubles()).filter(v -> v < 6).toArray()));
        cluster = new LocalCluster(2, Map.of(), kernels, tilers);
        session = cluster.supervisor().createSession(Map.of()).join();
    }

    @AfterEach
    void stop() {
        cluster.supervisor().closeSession(session).join();
        cluster.close();
    }

    @Test
    void treeReductionsSkipEmptyChunks() {
        for (ReduceFn fn : new ReduceFn[] {ReduceFn.MIN, ReduceFn.MAX, ReduceFn.PTP, ReduceFn.NANMIN, ReduceFn.ARGMAX,
                ReduceFn.NANARGMIN, ReduceFn.PROD, ReduceFn.NANMEAN, ReduceFn.VAR, ReduceFn.COUNT_NONZERO}) {
            assertSameAsKnown(fn.name(), in -> new TensorReduce(fn, new int[] {0}, false, 0), fn.resultType(
                    DataType.FLOAT64), new long[0]);
        }
    }

    @Test
    void quantilesGatherTheUnknownAxis() {
        assertSameAsKnown("median", in -> new TensorQuantile(new double[] {0.5}, true, new int[] {0}, false,
                QuantileMethod.LINEAR, false), DataType.FLOAT64, new long[0]);
        assertSameAsKnown("quantiles", in -> new TensorQuantile(new double[] {0.1, 0.75}, false, new int[] {0}, true,
                QuantileMethod.NEAREST, true), DataType.FLOAT64, new long[] {2, 1});
    }

    @Test
    void scansCarryTotalsPastEmptyChunks() {
        assertSameAsKnown("cumsum", in -> new TensorScan(ScanFn.CUMSUM, 0), DataType.FLOAT64,
                new long[] {Shapes.UNKNOWN});
        assertSameAsKnown("cumprod", in -> new TensorScan(ScanFn.NANCUMPROD, 0), DataType.FLOAT64,
                new long[] {Shapes.UNKNOWN});
    }

    /** Runs {@code op} on the filtered tensor and on the same values with known lengths; the results must agree. */
    private void assertSameAsKnown(String what, Function<String, Operand> op, DataType dtype, long[] shape) {
        Tensor x = Tensors.arange(1.0, 21.0, 1.0, chunks(4));
        TileableNode kept = new TileableNode("kept-" + what, new KeepBelowSix(), List.of(x.key()), DataType.FLOAT64,
                new long[] {Shapes.UNKNOWN});
        TileableNode result = new TileableNode("result-" + what, op.apply(kept.key()), List.of(kept.key()), dtype,
                shape);
        NDArray unknown = run(new TileableGraph(List.of(x.toNode(), kept, result), List.of(result.key())),
                result.key());

        Tensor known = Tensors.arange(1.0, 6.0, 1.0, chunks(4));
        long[] knownShape = shape.length == 1 && shape[0] == Shapes.UNKNOWN ? new long[] {5} : shape;
        TileableNode direct = new TileableNode("direct-" + what, op.apply(known.key()), List.of(known.key()), dtype,
                knownShape);
        NDArray expected = run(new TileableGraph(List.of(known.toNode(), direct), List.of(direct.key())), direct.key());

        assertThat(unknown.toDoubleArray()).as(what).containsExactly(expected.toDoubleArray());
        assertThat(unknown.dtype()).as(what).isEqualTo(expected.dtype());
    }

    private NDArray run(TileableGraph graph, String key) {
        String task = cluster.supervisor().tasks().submit(session, graph).join();
        TaskInfo info = cluster.supervisor().waitTask(session, task).join();
        assertThat(info.state()).as(String.valueOf(info.errorMessage())).isEqualTo(TaskState.SUCCEEDED);
        ResultLayout layout = cluster.supervisor().resultLayout(session, key).join();
        List<Double> values = new ArrayList<>();
        DataType dtype = DataType.FLOAT64;
        for (ChunkMeta m : layout.chunks()) {
            ChunkData d = cluster.supervisor().worker(m.workers().iterator().next()).fetchChunk(session, m.key()).join();
            NDArray a = (NDArray) d;
            dtype = a.dtype();
            for (double v : a.doubles()) {
                values.add(v);
            }
        }
        return NDArray.of(values.stream().mapToDouble(Double::doubleValue).toArray()).astype(dtype);
    }
}
