package io.mars.common.tiling;

import static io.mars.tensor.Tensors.chunks;
import static io.mars.tensor.Tensors.shape;
import static org.assertj.core.api.Assertions.assertThat;

import io.mars.common.graph.ChunkNode;
import io.mars.common.graph.TiledTileable;
import io.mars.common.operand.QuantileMethod;
import io.mars.common.operand.chunk.ChunkArgReduceMap;
import io.mars.common.operand.chunk.ChunkAverageMap;
import io.mars.common.operand.chunk.ChunkQuantile;
import io.mars.common.operand.chunk.ChunkReduceCombine;
import io.mars.common.operand.chunk.ChunkReduceMap;
import io.mars.common.operand.chunk.ChunkScan;
import io.mars.tensor.Tensor;
import io.mars.tensor.TensorGraphs;
import io.mars.tensor.Tensors;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReduceTilersTest {
    private final Tiling tiling = new Tiling(TilerRegistry.standard(), new TilingConfig(1 << 20, 4));

    private static List<ChunkNode> of(List<ChunkNode> nodes, Class<?> op) {
        return nodes.stream().filter(n -> op.isInstance(n.op())).toList();
    }

    @Test
    void scanKeepsTheChunksAndCarriesTotalsAlongAChain() {
        Tensor c = Tensors.ones(shape(10, 6), chunks(3, 4)).cumsum(0);
        Tiling.Result r = tiling.tile(TensorGraphs.of(c), Map.of());
        TiledTileable t = r.outputs().get(c.key());
        assertThat(t.nsplits()[0]).containsExactly(3, 3, 3, 1);
        assertThat(t.nsplits()[1]).containsExactly(4, 2);
        List<ChunkNode> nodes = r.graph().nodes();
        // per column of chunks: a total of each chunk but the last, and a combine from the third chunk on
        assertThat(of(nodes, ChunkReduceMap.class)).hasSize(2 * 3);
        assertThat(of(nodes, ChunkReduceCombine.class)).hasSize(2 * 2);
        assertThat(of(nodes, ChunkScan.class)).hasSize(8);
        assertThat(t.chunk(0, 1).inputs()).hasSize(1);
        assertThat(t.chunk(3, 1).inputs()).hasSize(2);
        assertThat(t.chunk(3, 1).inputs().get(1).shape()).containsExactly(1, 2);
    }

    @Test
    void quantileGathersTheReducedAxesIntoOneChunkAndKeepsTheOthers() {
        Tensor q = Tensors.ones(shape(9, 8), chunks(3, 4)).percentile(new double[] {10, 90}, new int[] {0}, false,
                QuantileMethod.LINEAR);
        Tiling.Result r = tiling.tile(TensorGraphs.of(q), Map.of());
        TiledTileable t = r.outputs().get(q.key());
        assertThat(t.nsplits()).isDeepEqualTo(new long[][] {{2}, {4, 4}});
        List<ChunkNode> quantiles = of(r.graph().nodes(), ChunkQuantile.class);
        assertThat(quantiles).hasSize(2);
        for (ChunkNode n : quantiles) {
            assertThat(n.inputs().get(0).shape()).containsExactly(9, 4);
            assertThat(n.shape()).containsExactly(2, 4);
        }
    }

    @Test
    void argReductionMapsKnowWhereTheirChunkStarts() {
        Tensor a = Tensors.ones(shape(5, 7), chunks(2, 3)).argmax();
        List<ChunkNode> maps = of(tiling.tile(TensorGraphs.of(a), Map.of()).graph().nodes(), ChunkArgReduceMap.class);
        assertThat(maps).hasSize(9);
        ChunkArgReduceMap last = (ChunkArgReduceMap) maps.get(8).op();
        assertThat(last.offset()).containsExactly(4, 6);
        assertThat(last.fullShape()).containsExactly(5, 7);
    }

    @Test
    void averageCutsBroadcastWeightsLikeTheValues() {
        Tensor a = Tensors.ones(shape(6, 8), chunks(3, 4));
        Tensor avg = a.average(Tensors.ones(shape(8), chunks(5)), 1);
        List<ChunkNode> maps = of(tiling.tile(TensorGraphs.of(avg), Map.of()).graph().nodes(), ChunkAverageMap.class);
        assertThat(maps).hasSize(4);
        for (ChunkNode m : maps) {
            assertThat(m.inputs().get(1).shape()).containsExactly(1, 4);
        }
    }
}
