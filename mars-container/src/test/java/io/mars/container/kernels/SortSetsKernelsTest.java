package io.mars.container.kernels;

import static io.mars.tensor.Tensors.chunks;
import static org.assertj.core.api.Assertions.assertThat;

import io.mars.common.graph.ChunkNode;
import io.mars.common.graph.TileableGraph;
import io.mars.common.graph.TileableNode;
import io.mars.common.graph.TiledTensor;
import io.mars.common.tiling.TilerRegistry;
import io.mars.common.tiling.Tiling;
import io.mars.common.tiling.TilingConfig;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import io.mars.tensor.Unique;
import io.mars.types.ChunkData;
import io.mars.types.ChunkSpec;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The chunk graphs of sorting and counting whose lengths are data-dependent (PSRS across chunks, unique, bincount),
 * tiled by the standard rules and run kernel by kernel, on larger random inputs than the golden files hold, against
 * straightforward references.
 */
class SortSetsKernelsTest {
    private static final TilingConfig CONFIG = new TilingConfig(1 << 20, 3);

    @Test
    void parallelSortByRegularSamplingSortsFloatsWithNanLast() {
        Random random = new Random(7);
        double[] data = new double[300];
        for (int i = 0; i < data.length; i++) {
            data[i] = i % 17 == 0 ? Double.NaN : Math.round(random.nextGaussian() * 4) / 2.0;
        }
        for (ChunkSpec spec : List.of(chunks(50), chunks(7), ChunkSpec.explicit(new long[] {100, 0, 150, 1, 49}))) {
            Tensor t = Tensors.array(NDArray.of(data), spec);
            double[] expected = data.clone();
            Arrays.sort(expected);

            NDArray sorted = concat(tileAndRun(psrsGraph(t, false), TilerRegistry.standard()));

            assertThat(sorted.dtype()).isEqualTo(DataType.FLOAT64);
            assertThat(sorted.toDoubleArray()).as("PSRS sort with %s", spec).containsExactly(expected);
        }
    }

    @Test
    void parallelArgsortIsStableAcrossChunks() {
        Random random = new Random(11);
        double[] data = new double[400];
        for (int i = 0; i < data.length; i++) {
            data[i] = i % 23 == 0 ? Double.NaN : i % 31 == 0 ? -0.0 : random.nextInt(9) - 4;
        }
        for (ChunkSpec spec : List.of(chunks(100), chunks(13), ChunkSpec.explicit(new long[] {1, 0, 398, 1}))) {
            Tensor t = Tensors.array(NDArray.of(data), spec);

            NDArray order = concat(tileAndRun(psrsGraph(t, true), TilerRegistry.standard()));

            assertThat(order.dtype()).isEqualTo(DataType.INT64);
            assertThat(order.toLongArray()).as("PSRS argsort with %s", spec).containsExactly(stableArgsort(data));
        }
    }

    @Test
    void parallelSortKeepsIntegerDtypes() {
        int[] data = new Random(3).ints(250, -20, 20).toArray();
        Tensor t = Tensors.array(NDArray.of(data), chunks(40));
        int[] expected = data.clone();
        Arrays.sort(expected);

        NDArray sorted = concat(tileAndRun(psrsGraph(t, false), TilerRegistry.standard()));

        assertThat(sorted.dtype()).isEqualTo(DataType.INT32);
        assertThat(sorted.toIntArray()).containsExactly(expected);
    }

    @Test
    void chunkSortArgsortIsStableBeyondInsertionRuns() {
        double[] data = new Random(5).doubles(1000).map(d -> Math.floor(d * 10)).toArray();
        Tensor t = Tensors.array(NDArray.of(data), chunks(1000)).argsort();

        NDArray order = concat(tileAndRun(graph(t.toNode(), t.inputs().get(0)), TilerRegistry.standard()));

        assertThat(order.toLongArray()).containsExactly(stableArgsort(data));
    }

    @Test
    void uniqueMergesChunkStatesIntoSortedValuesAndCounts() {
        double[] data = {3, Double.NaN, 1, 3, -2, Double.NaN, 1, 1, 0, -0.0, 7, 3};
        Tensor t = Tensors.array(NDArray.of(data), chunks(2));
        TreeMap<Double, Long> reference = new TreeMap<>();
        for (double d : data) {
            reference.merge(d + 0.0, 1L, Long::sum);
        }

        Unique unique = Tensors.unique(t, true);
        NDArray values = concat(tileAndRun(graph(unique.values().toNode(), t), TilerRegistry.standard()));
        NDArray counts = concat(tileAndRun(graph(unique.counts().toNode(), t), TilerRegistry.standard()));

        assertThat(values.toDoubleArray()).containsExactly(
                reference.keySet().stream().mapToDouble(Double::doubleValue).toArray());
        assertThat(counts.toLongArray()).containsExactly(
                reference.values().stream().mapToLong(Long::longValue).toArray());
    }

    @Test
    void bincountWithoutMinlengthIsAsLongAsTheLargestValuePlusOne() {
        long[] data = {3, 0, 9, 3, 3, 1, 0, 2};
        Tensor t = Tensors.array(NDArray.of(data), chunks(3));

        NDArray counts = concat(tileAndRun(graph(Tensors.bincount(t).toNode(), t), TilerRegistry.standard()));

        assertThat(counts.toLongArray()).containsExactly(2, 1, 1, 3, 0, 0, 0, 0, 0, 1);
    }

    // ----- helpers -----

    private static TileableGraph psrsGraph(Tensor t, boolean indices) {
        Tensor sorted = indices ? t.argsort() : t.sort();
        return graph(sorted.toNode(), t);
    }

    private static TileableGraph graph(TileableNode output, Tensor input) {
        return new TileableGraph(List.of(input.toNode(), output), List.of(output.key()));
    }

    private static List<NDArray> tileAndRun(TileableGraph graph, TilerRegistry registry) {
        Tiling.Result result = new Tiling(registry, CONFIG).tile(graph, Map.of());
        TiledTensor out = result.outputs().get(graph.outputs().get(0));
        Map<ChunkNode, ChunkData> done = new IdentityHashMap<>();
        List<NDArray> chunks = new ArrayList<>();
        for (ChunkNode c : out.chunks()) {
            chunks.add((NDArray) eval(c, done));
        }
        return chunks;
    }

    /** Runs a node and its inputs through the standard kernels. */
    private static ChunkData eval(ChunkNode node, Map<ChunkNode, ChunkData> done) {
        ChunkData known = done.get(node);
        if (known != null) {
            return known;
        }
        List<ChunkData> inputs = new ArrayList<>();
        for (ChunkNode in : node.inputs()) {
            inputs.add(eval(in, done));
        }
        ChunkData out = KernelTesting.REGISTRY.execute(node, inputs);
        done.put(node, out);
        return out;
    }

    private static NDArray concat(List<NDArray> parts) {
        DataType dtype = parts.get(0).dtype();
        int n = parts.stream().mapToInt(NDArray::size).sum();
        NDArray out = NDArray.allocate(dtype, n);
        int at = 0;
        for (NDArray p : parts) {
            System.arraycopy(p.data(), 0, out.data(), at, p.size());
            at += p.size();
        }
        return out;
    }

    private static long[] stableArgsort(double[] data) {
        List<Integer> idx = new ArrayList<>();
        for (int i = 0; i < data.length; i++) {
            idx.add(i);
        }
        idx.sort(Comparator.comparing(i -> data[i] + 0.0, Double::compare));
        return idx.stream().mapToLong(Integer::longValue).toArray();
    }
}
