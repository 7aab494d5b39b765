package io.mars.common.tiling;

import static io.mars.tensor.Tensors.chunks;
import static io.mars.tensor.Tensors.shape;
import static org.assertj.core.api.Assertions.assertThat;

import io.mars.common.graph.ChunkNode;
import io.mars.common.graph.TileableNode;
import io.mars.common.graph.TiledTileable;
import io.mars.common.operand.chunk.ChunkAssemble;
import io.mars.common.operand.chunk.ChunkReduceAgg;
import io.mars.common.operand.chunk.ChunkReduceCombine;
import io.mars.common.operand.chunk.ChunkReduceMap;
import io.mars.common.operand.chunk.ChunkSum;
import io.mars.common.operand.chunk.ChunkTensorDot;
import io.mars.common.operand.chunk.ChunkTranspose;
import io.mars.tensor.Tensor;
import io.mars.tensor.TensorGraphs;
import io.mars.tensor.TensorRandom;
import io.mars.tensor.Tensors;
import io.mars.types.DataType;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TilingTest {
    private final Tiling tiling = new Tiling(TilerRegistry.standard(), new TilingConfig(1 << 20, 4));

    private static long count(List<ChunkNode> nodes, Class<?> op) {
        return nodes.stream().filter(n -> op.isInstance(n.op())).count();
    }

    @Test
    void unevenChunksLeaveAShorterLastChunk() {
        Tensor a = Tensors.ones(shape(10, 7), chunks(3));
        TiledTileable t = tiling.tile(TensorGraphs.of(a), Map.of()).outputs().get(a.key());
        assertThat(t.nsplits()[0]).containsExactly(3, 3, 3, 1);
        assertThat(t.nsplits()[1]).containsExactly(3, 3, 1);
        assertThat(t.chunks()).hasSize(12);
        assertThat(t.chunk(3, 2).shape()).containsExactly(1, 1);
    }

    @Test
    void aResultWiderThanItsInputsIsCutToTheChunkLimitWhenItsInputsAreMadeInPlace() {
        // 2^17 float64 draws in the default cut: 1 MB chunks of 2^17 values; complex128 of them would be 2 MB
        TensorRandom rng = Tensors.random(1);
        Tensor re = rng.rand(shape(1 << 18));
        Tensor z = Tensors.complex(re, rng.rand(shape(1 << 18)));
        TiledTileable drawn = tiling.tile(TensorGraphs.of(z), Map.of()).outputs().get(z.key());
        assertThat(drawn.nsplits()[0]).containsOnly(1L << 16).hasSize(4);
        for (ChunkNode c : drawn.chunks()) {
            assertThat(c.shape()[0] * DataType.COMPLEX128.itemSize()).isLessThanOrEqualTo(1 << 20);
            assertThat(c.inputs()).allSatisfy(in -> assertThat(in.shape()).containsExactly(1L << 16));
        }
        // computed inputs keep their cut: re-cutting them would copy them
        Tensor computed = Tensors.complex(re.add(1), re.multiply(2));
        TiledTileable kept = tiling.tile(TensorGraphs.of(computed), Map.of()).outputs().get(computed.key());
        assertThat(kept.nsplits()[0]).containsOnly(1L << 17).hasSize(2);
    }

    @Test
    void reductionBuildsATreeWithTheConfiguredFanIn() {
        Tensor s = Tensors.ones(shape(100), chunks(10)).sum();
        Tiling.Result r = tiling.tile(TensorGraphs.of(s), Map.of());
        List<ChunkNode> nodes = r.graph().nodes();
        assertThat(count(nodes, ChunkReduceMap.class)).isEqualTo(10);
        // 10 maps -> 3 combines (4, 4, 2) -> 1 agg over 3 states
        assertThat(count(nodes, ChunkReduceCombine.class)).isEqualTo(3);
        assertThat(count(nodes, ChunkReduceAgg.class)).isEqualTo(1);
        for (ChunkNode n : nodes) {
            assertThat(n.inputs().size()).isLessThanOrEqualTo(4);
        }
    }

    @Test
    void reductionOverOneAxisKeepsTheOtherAxisChunks() {
        Tensor s = Tensors.ones(shape(9, 8), chunks(3, 4)).sum(new int[] {0}, true);
        TiledTileable t = tiling.tile(TensorGraphs.of(s), Map.of()).outputs().get(s.key());
        assertThat(t.nsplits()[0]).containsExactly(1);
        assertThat(t.nsplits()[1]).containsExactly(4, 4);
    }

    @Test
    void matmulAccumulatesUpToCombineSizeBlocksPerProductThenSums() {
        Tensor a = Tensors.ones(shape(20, 50), chunks(10));
        Tensor b = Tensors.ones(shape(50, 20), chunks(10));
        Tensor c = a.dot(b);
        Tiling.Result r = tiling.tile(TensorGraphs.of(c), Map.of());
        TiledTileable t = r.outputs().get(c.key());
        assertThat(t.nsplits()[0]).containsExactly(10, 10);
        assertThat(t.nsplits()[1]).containsExactly(10, 10);
        // per output block: 5 contraction blocks -> a product of 4 pairs and one of 1 pair, then one sum
        List<ChunkNode> dots = r.graph().nodes().stream().filter(n -> n.op() instanceof ChunkTensorDot).toList();
        assertThat(dots).hasSize(8);
        assertThat(dots.stream().map(n -> n.inputs().size())).containsOnly(8, 2);
        assertThat(count(r.graph().nodes(), ChunkSum.class)).isEqualTo(4);
    }

    @Test
    void productReadsThroughATransposeInsteadOfCopyingIt() {
        Tensor a = Tensors.ones(shape(20, 30), chunks(10));
        Tensor b = Tensors.ones(shape(20, 30), chunks(10));
        Tensor c = a.dot(b.T());
        Tiling.Result r = tiling.tile(TensorGraphs.of(c), Map.of());
        assertThat(count(r.graph().nodes(), ChunkTranspose.class)).isZero();
        for (ChunkNode n : r.graph().nodes()) {
            if (n.op() instanceof ChunkTensorDot dot) {
                assertThat(dot.axesA()).containsExactly(1);
                assertThat(dot.axesB()).containsExactly(1);
                assertThat(n.inputs().get(1).shape()).containsExactly(10, 10);
            }
        }
        assertThat(r.outputs().get(c.key()).nsplits()[1]).containsExactly(10, 10);
    }

    @Test
    void gramProductComputesTheBlocksOnAndAboveTheDiagonalAndMirrorsTheRest() {
        Tensor a = Tensors.ones(shape(30, 20), chunks(10));
        Tensor c = a.dot(a.T());
        Tiling.Result r = tiling.tile(TensorGraphs.of(c), Map.of());
        TiledTileable t = r.outputs().get(c.key());
        assertThat(t.chunks()).hasSize(9);
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                ChunkNode block = t.chunk(i, j);
                if (i > j) {
                    assertThat(block.op()).isInstanceOf(ChunkTranspose.class);
                    assertThat(block.inputs()).containsExactly(t.chunk(j, i));
                } else {
                    ChunkTensorDot dot = (ChunkTensorDot) block.op();
                    assertThat(dot.self()).isEqualTo(i == j);
                    // two contraction blocks: a diagonal block reads each chunk once, an off-diagonal one in pairs
                    assertThat(block.inputs()).hasSize(i == j ? 2 : 4);
                }
            }
        }
        // 6 products, 3 mirrors, and no transposed copy of a
        assertThat(count(r.graph().nodes(), ChunkTensorDot.class)).isEqualTo(6);
        assertThat(count(r.graph().nodes(), ChunkTranspose.class)).isEqualTo(3);
    }

    @Test
    void differentChunkingsAreRechunkedToACommonRefinement() {
        Tensor a = Tensors.ones(shape(10), chunks(5)).multiply(2);
        Tensor b = Tensors.ones(shape(10), chunks(4)).multiply(3);
        Tensor c = a.add(b);
        Tiling.Result r = tiling.tile(TensorGraphs.of(c), Map.of());
        assertThat(r.outputs().get(c.key()).nsplits()[0]).containsExactly(4, 1, 3, 2);
        assertThat(count(r.graph().nodes(), ChunkAssemble.class)).isGreaterThan(0);
    }

    @Test
    void createdTensorsAreMadeAtTheNewChunkingNotAssembled() {
        TensorRandom rng = Tensors.random(3);
        for (Tensor src : List.of(Tensors.ones(shape(12, 12), chunks(2)), Tensors.arange(0, 144, 1, chunks(5)),
                rng.rand(shape(12, 12), chunks(5)), rng.normal(0, 1, shape(12, 12), chunks(5)),
                Tensors.eye(12, 12, 1, DataType.FLOAT64, chunks(5)), Tensors.linspace(0, 1, 144, true, chunks(5)))) {
            Tensor re = src.rechunk(chunks(src.ndim() == 1 ? 48 : 6));
            Tiling.Result r = tiling.tile(TensorGraphs.of(re), Map.of());
            List<ChunkNode> out = r.outputs().get(re.key()).chunks();
            assertThat(count(r.graph().nodes(), ChunkAssemble.class)).as(src.toString()).isZero();
            assertThat(out).as(src.toString()).allSatisfy(n -> assertThat(n.inputs()).isEmpty());
            // only the new chunks are left: the old ones nothing reads are pruned
            assertThat(r.graph().nodes()).as(src.toString()).hasSameSizeAs(out);
        }
    }

    @Test
    void chunkNodesAreCreatedInTopologicalOrder() {
        Tensor a = Tensors.random(1).rand(shape(30, 30), chunks(7));
        Tensor c = a.dot(a.T()).subtract(a).std();
        List<ChunkNode> nodes = tiling.tile(TensorGraphs.of(c), Map.of()).graph().nodes();
        Set<ChunkNode> seen = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        for (ChunkNode n : nodes) {
            assertThat(seen).containsAll(n.inputs());
            seen.add(n);
        }
    }

    @Test
    void tilesOneHundredThousandChunksQuickly() {
        Tensor s = Tensors.ones(shape(100_000), chunks(1)).add(1).sum();
        long t0 = System.nanoTime();
        Tiling.Result r = tiling.tile(TensorGraphs.of(s), Map.of());
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertThat(r.graph().nodes().size()).isGreaterThan(300_000);
        // generous bound: catches quadratic behaviour, not a timing benchmark
        assertThat(ms).isLessThan(20_000);
    }
}
