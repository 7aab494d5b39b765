package io.mars.common.optimize;

import static io.mars.tensor.Tensors.chunks;
import static io.mars.tensor.Tensors.shape;
import static org.assertj.core.api.Assertions.assertThat;

import io.mars.common.graph.ChunkGraph;
import io.mars.common.graph.ChunkNode;
import io.mars.common.graph.MemoryEstimate;
import io.mars.common.graph.Subtask;
import io.mars.common.graph.SubtaskGraph;
import io.mars.common.operand.chunk.ChunkSum;
import io.mars.common.operand.chunk.ChunkTensorDot;
import io.mars.common.tiling.TilerRegistry;
import io.mars.common.tiling.Tiling;
import io.mars.common.tiling.TilingConfig;
import io.mars.tensor.Tensor;
import io.mars.tensor.TensorGraphs;
import io.mars.tensor.Tensors;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Subtask memory known before running, and tiling and fusion that keep each subtask within a worker's budget. */
class MemoryBudgetTest {
    private static final TilingConfig CONFIG = new TilingConfig(1 << 20, 4);

    private static ChunkGraph tile(Tensor out, long budget) {
        return new Tiling(TilerRegistry.standard(), CONFIG, budget).tile(TensorGraphs.of(out), Map.of()).graph();
    }

    /** randint -> add -> multiply, one chunk of 1000 int64: not a chain the worker streams. */
    private static Tensor intChain() {
        return Tensors.random(1).randint(0, 10, shape(1000), io.mars.types.DataType.INT64, chunks(1000)).add(1)
                .multiply(2);
    }

    @Test
    void aFusedChainHoldsItsInputsAndAtMostTwoOfItsChunksAtOnce() {
        // each step holds its input and its output
        SubtaskGraph g = Fusion.fuse(tile(intChain(), Long.MAX_VALUE));
        assertThat(g.subtasks()).hasSize(1);
        MemoryEstimate m = g.subtasks().get(0).memory();
        assertThat(m.inputBytes()).isZero();
        assertThat(m.computeBytes()).isEqualTo(16_000);
        assertThat(m.exact()).isTrue();
        // the same chain in float64 is evaluated a block at a time: only its output is whole
        Tensor floats = Tensors.random(1).rand(shape(1000), chunks(1000)).add(1).multiply(2);
        assertThat(Fusion.fuse(tile(floats, Long.MAX_VALUE)).subtasks().get(0).memory().computeBytes())
                .isEqualTo(8000);
        // one chunk read by its sum and by the add of that sum: all in one subtask, a held until the add has run
        Tensor a = Tensors.random(1).rand(shape(1000), chunks(1000));
        SubtaskGraph one = Fusion.fuse(tile(a.add(a.sum()), Long.MAX_VALUE));
        assertThat(one.subtasks()).hasSize(1);
        assertThat(one.subtasks().get(0).memory().inputBytes()).isZero();
        assertThat(one.subtasks().get(0).memory().computeBytes()).isBetween(16_000L, 16_100L);
        // a subtask holds its stored inputs for the whole run: in two chunks, the partial sums gather elsewhere, so
        // each chunk of a is stored and its add reads it and the sum
        Tensor halves = Tensors.random(1).rand(shape(1000), chunks(500));
        SubtaskGraph split = Fusion.fuse(tile(halves.add(halves.sum()), Long.MAX_VALUE));
        Subtask add = split.subtasks().get(split.size() - 1);
        assertThat(add.inputs()).hasSize(2);
        assertThat(add.memory().inputBytes()).isEqualTo(4008);
        assertThat(add.memory().computeBytes()).isBetween(4000L, 4100L);
    }

    @Test
    void aChainOverTheBudgetRunsAsOneSubtaskPerChunk() {
        Tensor y = intChain();
        ChunkGraph graph = tile(y, 12_000);
        assertThat(Fusion.fuse(graph, 16_000).subtasks()).hasSize(1);
        SubtaskGraph split = Fusion.fuse(graph, 12_000);
        assertThat(split.subtasks()).hasSize(3);
        for (Subtask st : split.subtasks()) {
            assertThat(st.memory().total()).isLessThanOrEqualTo(16_000);
        }
    }

    @Test
    void aProductAccumulatesOnlyAsManyBlocksAsFitTheBudget() {
        // 4 x 4 blocks of 100 x 100 doubles (80 000 bytes each)
        Tensor a = Tensors.random(1).rand(shape(400, 400), chunks(100));
        Tensor b = Tensors.random(2).rand(shape(400, 400), chunks(100));
        long block = 80_000;
        ChunkGraph ample = tile(a.dot(b), Long.MAX_VALUE);
        assertThat(products(ample)).allSatisfy(p -> assertThat(p.inputs()).hasSize(8));
        assertThat(ample.nodes()).noneMatch(c -> c.op() instanceof ChunkSum);
        // room for one pair and the output: one block per product, a summation tree of fan-in 2
        long budget = 3 * block + 1000;
        ChunkGraph tight = tile(a.dot(b), budget);
        assertThat(products(tight)).hasSize(64).allSatisfy(p -> assertThat(p.inputs()).hasSize(2));
        assertThat(tight.nodes()).filteredOn(c -> c.op() instanceof ChunkSum)
                .allSatisfy(s -> assertThat(s.inputs()).hasSize(2));
        for (Subtask st : Fusion.fuse(tight, budget).subtasks()) {
            assertThat(st.memory().total()).as("subtask %s", st.chunks()).isLessThanOrEqualTo(budget);
        }
        // room for two pairs
        ChunkGraph middle = tile(a.dot(b), 5 * block);
        assertThat(products(middle)).hasSize(32).allSatisfy(p -> assertThat(p.inputs()).hasSize(4));
    }

    private static java.util.List<ChunkNode> products(ChunkGraph g) {
        return g.nodes().stream().filter(c -> c.op() instanceof ChunkTensorDot).toList();
    }
}
