package io.mars.common.tiling;

import static io.mars.tensor.Tensors.chunks;
import static io.mars.tensor.Tensors.shape;
import static org.assertj.core.api.Assertions.assertThat;

import io.mars.common.graph.ChunkNode;
import io.mars.common.graph.TiledTileable;
import io.mars.common.operand.chunk.ChunkCentreStats;
import io.mars.common.operand.chunk.ChunkLogisticTerms;
import io.mars.common.operand.chunk.ChunkSum;
import io.mars.tensor.Centres;
import io.mars.tensor.LinearModels;
import io.mars.tensor.Tensor;
import io.mars.tensor.TensorGraphs;
import io.mars.tensor.Tensors;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RowPassTilersTest {
    /** The default fan-in of trees (mars.task.combine-size): 4. */
    private final Tiling tiling = new Tiling(TilerRegistry.standard(), new TilingConfig(1 << 20, 4));

    private static List<ChunkNode> of(List<ChunkNode> nodes, Class<?> op) {
        return nodes.stream().filter(n -> op.isInstance(n.op())).toList();
    }

    @Test
    void aLloydPassAddsUpItsBlocksTablesInOneSumOf64() {
        // 100 blocks of rows: one sum of 64 tables and one of the other 36, then one of those two
        Tensor x = Tensors.ones(shape(1000, 3), chunks(10, 3));
        Tensor stats = Centres.statistics(x, Tensors.ones(shape(2, 3), chunks(2, 3)), Tensors.ones(shape(3)));
        List<ChunkNode> nodes = tiling.tile(TensorGraphs.of(stats), Map.of()).graph().nodes();
        assertThat(of(nodes, ChunkCentreStats.class)).hasSize(100);
        List<ChunkNode> sums = of(nodes, ChunkSum.class);
        assertThat(sums.stream().map(n -> n.inputs().size())).containsExactlyInAnyOrder(64, 36, 2);
    }

    @Test
    void alignRowsCutsATensorIntoTheBlocksOfAnothersRows() {
        Tensor x = Tensors.ones(shape(100, 4), chunks(30, 2));
        Tensor targets = Tensors.ones(shape(100, 3), chunks(45, 1));
        Tensor aligned = LinearModels.alignRows(targets, x);
        TiledTileable t = tiling.tile(TensorGraphs.of(aligned), Map.of()).outputs().get(aligned.key());
        assertThat(t.nsplits()[0]).containsExactly(30, 30, 30, 10);
        assertThat(t.nsplits()[1]).containsExactly(3);
        // a pass over x reading the aligned targets cuts neither of them again: its blocks read the chunks as they are
        Tensor terms = LinearModels.logisticTerms(x.rechunk(io.mars.types.ChunkSpec.of(30, 4)), aligned,
                Tensors.ones(shape(3, 5), chunks(3, 5)), true, false);
        List<ChunkNode> nodes = tiling.tile(TensorGraphs.of(terms), Map.of()).graph().nodes();
        List<String> alignedKeys = t.chunks().stream().map(ChunkNode::key).toList();
        assertThat(of(nodes, ChunkLogisticTerms.class)).hasSize(4)
                .allSatisfy(pass -> assertThat(alignedKeys).as("the aligned chunks")
                        .contains(pass.inputs().get(1).key()));
    }

    @Test
    void aLogisticPassOfFewBlocksHasASingleSum() {
        Tensor x = Tensors.ones(shape(160, 4), chunks(10, 4));
        Tensor targets = Tensors.ones(shape(160, 1), chunks(10, 1));
        Tensor terms = LinearModels.logisticTerms(x, targets, Tensors.ones(shape(1, 5), chunks(1, 5)), true, false);
        List<ChunkNode> nodes = tiling.tile(TensorGraphs.of(terms), Map.of()).graph().nodes();
        assertThat(of(nodes, ChunkLogisticTerms.class)).hasSize(16);
        assertThat(of(nodes, ChunkSum.class)).singleElement().satisfies(n -> assertThat(n.inputs()).hasSize(16));
    }
}
