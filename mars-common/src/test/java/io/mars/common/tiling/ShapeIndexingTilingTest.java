package io.mars.common.tiling;

import static io.mars.tensor.Tensors.chunks;
import static io.mars.tensor.Tensors.shape;
import static org.assertj.core.api.Assertions.assertThat;

import io.mars.common.graph.ChunkNode;
import io.mars.common.graph.TileableNode;
import io.mars.common.graph.TiledTensor;
import io.mars.common.operand.chunk.ChunkAssemble;
import io.mars.common.operand.chunk.ChunkMaskSelect;
import io.mars.common.operand.chunk.ChunkSlice;
import io.mars.common.operand.chunk.ChunkTake;
import io.mars.common.operand.tensor.TensorMaskSelect;
import io.mars.tensor.Index;
import io.mars.tensor.Tensor;
import io.mars.tensor.TensorGraphs;
import io.mars.tensor.Tensors;
import io.mars.types.DataType;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The shape and indexing tilers stay chunk-local: what each output chunk reads, and the chunks they produce. */
class ShapeIndexingTilingTest {
    private final Tiling tiling = new Tiling(TilerRegistry.standard(), new TilingConfig(1 << 20, 4));

    private TiledTensor tile(Tensor t) {
        return tiling.tile(TensorGraphs.of(t), Map.of()).outputs().get(t.key());
    }

    @Test
    void slicingReadsOnlyTheChunksItTouches() {
        Tensor a = Tensors.arange(30, chunks(5));
        TiledTensor t = tile(a.get(Index.slice(3, 12, 2)));   // 3 | 5 7 9 | 11 of chunks of 5
        assertThat(t.nsplits()[0]).containsExactly(1, 3, 1);
        assertThat(t.chunks()).allSatisfy(c -> assertThat(c.op()).isInstanceOf(ChunkSlice.class));
        assertThat(t.chunks()).allSatisfy(c -> assertThat(c.inputs()).hasSize(1));
    }

    @Test
    void flipReversesTheChunkOrder() {
        Tensor a = Tensors.arange(10, chunks(4));
        TiledTensor t = tile(a.flip());
        assertThat(t.nsplits()[0]).containsExactly(2, 4, 4);
        ChunkSlice first = (ChunkSlice) t.chunks().get(0).op();
        assertThat(first.starts()).containsExactly(1);
        assertThat(first.steps()).containsExactly(-1);
    }

    @Test
    void squeezeAndExpandDimsOnlyChangeChunkShapes() {
        Tensor a = Tensors.ones(shape(4, 1, 6), chunks(2, 1, 3));
        TiledTensor s = tile(a.squeeze().expandDims(0));
        assertThat(s.nsplits()).isDeepEqualTo(new long[][] {{1}, {2, 2}, {3, 3}});
        assertThat(s.chunks()).hasSize(4);
    }

    @Test
    void concatenateKeepsTheInputsChunksAlongTheAxis() {
        Tensor a = Tensors.ones(shape(5, 4), chunks(2));
        Tensor b = Tensors.zeros(shape(3, 4), chunks(3, 4)).add(1); // computed: a drawn fill would be re-made
        Tiling.Result r = tiling.tile(TensorGraphs.of(Tensors.concatenate(List.of(a, b), 0)), Map.of());
        TiledTensor t = r.outputs().values().iterator().next();
        assertThat(t.nsplits()).isDeepEqualTo(new long[][] {{2, 2, 1, 3}, {2, 2}});
        // only b is rechunked (its 4 columns into 2 + 2); a's chunks are the output's own
        assertThat(r.graph().nodes().stream().filter(n -> n.op() instanceof ChunkAssemble).count()).isEqualTo(2);
        assertThat(r.graph().nodes().stream().filter(n -> n.op() instanceof ChunkSlice).count()).isZero();
    }

    @Test
    void takeReadsItsIndexChunkAndEveryChunkAlongTheAxis() {
        Tensor a = Tensors.ones(shape(10, 4), chunks(3, 2));
        Tensor idx = Tensors.arange(5, chunks(2));
        TiledTensor t = tile(a.take(idx, 0));
        assertThat(t.nsplits()).isDeepEqualTo(new long[][] {{2, 2, 1}, {2, 2}});
        for (ChunkNode c : t.chunks()) {
            assertThat(c.op()).isInstanceOf(ChunkTake.class);
            assertThat(c.inputs()).hasSize(1 + 4);
            assertThat(((ChunkTake) c.op()).offsets()).containsExactly(0, 3, 6, 9);
        }
    }

    @Test
    void maskSelectionGivesChunksOfUnknownLength() {
        Tensor a = Tensors.ones(shape(6, 4), chunks(4, 3));
        Tensor mask = Tensors.full(shape(6), true, chunks(5));
        TileContext ctx = new TileContext(new TilingConfig(1 << 20, 4));
        TiledTensor ta = TilerRegistry.standard().tile(a.toNode(), List.of(), ctx);
        TiledTensor tm = TilerRegistry.standard().tile(mask.toNode(), List.of(), ctx);
        TileableNode node = new TileableNode("sel", new TensorMaskSelect(1), List.of(a.key(), mask.key()),
                DataType.FLOAT64, new long[] {IndexTilers.UNKNOWN, 4});
        TiledTensor t = IndexTilers.maskSelect(node, new TensorMaskSelect(1), List.of(ta, tm), ctx);
        assertThat(t.nsplits()).isDeepEqualTo(new long[][] {{-1, -1}, {3, 1}});
        assertThat(t.chunks()).allSatisfy(c -> {
            assertThat(c.op()).isInstanceOf(ChunkMaskSelect.class);
            assertThat(c.shape()[0]).isEqualTo(-1);
            assertThat(c.inputs().get(1).shape()).containsExactly(c.inputs().get(0).shape()[0]);
        });
    }

    @Test
    void aMaskOverSeveralAxesSelectsFromWholeRowsToKeepNumpysOrder() {
        Tensor a = Tensors.ones(shape(6, 4), chunks(4, 3));
        Tensor mask = Tensors.full(shape(6, 4), true, chunks(2));
        TileContext ctx = new TileContext(new TilingConfig(1 << 20, 4));
        TiledTensor ta = TilerRegistry.standard().tile(a.toNode(), List.of(), ctx);
        TiledTensor tm = TilerRegistry.standard().tile(mask.toNode(), List.of(), ctx);
        TileableNode node = new TileableNode("sel", new TensorMaskSelect(2), List.of(a.key(), mask.key()),
                DataType.FLOAT64, new long[] {IndexTilers.UNKNOWN});
        TiledTensor t = IndexTilers.maskSelect(node, new TensorMaskSelect(2), List.of(ta, tm), ctx);
        assertThat(t.nsplits()).isDeepEqualTo(new long[][] {{-1, -1}});
        assertThat(t.chunks()).allSatisfy(c -> assertThat(c.inputs().get(0).shape()[1]).isEqualTo(4));
    }

    @Test
    void axisPiecesFollowNumpysSliceWithNegativeSteps() {
        // positions 8, 6, 4, 2 over chunks [0,3) [3,6) [6,10): chunk 2 gives 8, 6; chunk 1 gives 4; chunk 0 gives 2
        List<ShapeTilers.AxisPiece> ps = ShapeTilers.axisPieces(new long[] {3, 3, 4}, 8, -2, 4);
        assertThat(ps).containsExactly(new ShapeTilers.AxisPiece(2, 2, 2), new ShapeTilers.AxisPiece(1, 1, 1),
                new ShapeTilers.AxisPiece(0, 2, 1));
    }
}
