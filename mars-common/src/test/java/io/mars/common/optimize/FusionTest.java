package io.mars.common.optimize;

import static io.mars.tensor.Tensors.chunks;
import static io.mars.tensor.Tensors.shape;
import static org.assertj.core.api.Assertions.assertThat;

import io.mars.common.graph.ChunkNode;
import io.mars.common.graph.Subtask;
import io.mars.common.graph.SubtaskGraph;
import io.mars.common.operand.chunk.ChunkRand;
import io.mars.common.operand.chunk.ChunkReduceMap;
import io.mars.common.operand.dataframe.ChunkTablePartition;
import io.mars.common.tiling.TilerRegistry;
import io.mars.common.tiling.Tiling;
import io.mars.common.tiling.TilingConfig;
import io.mars.tensor.Tensor;
import io.mars.tensor.TensorRandom;
import io.mars.tensor.Tensors;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FusionTest {
    private final Tiling tiling = new Tiling(TilerRegistry.standard(), new TilingConfig(1 << 20, 4));

    private SubtaskGraph fuse(Tensor out) {
        return Fusion.fuse(tiling.tile(io.mars.tensor.TensorGraphs.of(out), Map.of()).graph());
    }

    @Test
    void monteCarloChainFusesIntoOneSubtaskPerChunk() {
        TensorRandom rng = Tensors.random(7);
        Tensor x = rng.rand(shape(80), chunks(10));
        Tensor y = rng.rand(shape(80), chunks(10));
        Tensor inside = x.multiply(x).add(y.multiply(y)).lt(1.0).sum();
        SubtaskGraph g = fuse(inside);
        // 8 fused map subtasks (2 rand, 2 mul, add, lt, reduce map each), 2 combines, 1 agg
        long maps = g.subtasks().stream().filter(s -> s.chunks().stream().anyMatch(c -> c.op() instanceof ChunkRand)).count();
        assertThat(maps).isEqualTo(8);
        for (Subtask s : g.subtasks()) {
            if (s.chunks().stream().anyMatch(c -> c.op() instanceof ChunkRand)) {
                assertThat(s.chunks()).hasSize(7);
                assertThat(s.inputs()).isEmpty();
                assertThat(s.chunks().get(s.chunks().size() - 1).op()).isInstanceOf(ChunkReduceMap.class);
            }
        }
        assertThat(g.size()).isEqualTo(11);
    }

    @Test
    void aShuffleIsOneSubtaskPerMapStoringItsOutputOnceAndOnePerReduceReadingEveryMapOutput() {
        long[] v = new long[400];
        for (int i = 0; i < v.length; i++) {
            v[i] = (i * 7919L) % 1000;
        }
        io.mars.dataframe.DataFrame df = io.mars.dataframe.DataFrames.fromTable(io.mars.types.LocalTable.of(
                new io.mars.types.Column("v", io.mars.types.DType.INT64, v, null, null, null)), 100);
        io.mars.dataframe.DataFrame sorted = df.sortValues("v");
        SubtaskGraph g = Fusion.fuse(tiling.tile(io.mars.common.graph.TileableGraphs.of(sorted), Map.of()).graph());
        java.util.Set<String> mapKeys = new java.util.HashSet<>();
        for (Subtask st : g.subtasks()) {
            ChunkNode last = st.chunks().get(st.chunks().size() - 1);
            if (last.op() instanceof ChunkTablePartition) {
                // a map stores its partitioned batch once, as its only output
                mapKeys.add(last.key());
                assertThat(st.outputs()).containsExactly(last.key());
            }
        }
        assertThat(mapKeys).hasSize(4);
        int reducers = 0;
        for (Subtask st : g.subtasks()) {
            if (st.inputs().stream().anyMatch(mapKeys::contains)) {
                reducers++;
                assertThat(st.inputs()).as("a reduce reads every map output").containsExactlyInAnyOrderElementsOf(
                        mapKeys);
                assertThat(st.chunks()).hasSize(1);
            }
        }
        assertThat(reducers).isEqualTo(4);
        // every subtask's inputs are outputs of its predecessors
        for (Subtask st : g.subtasks()) {
            java.util.Set<String> made = new java.util.HashSet<>();
            for (int p : g.predecessors()[st.id()]) {
                made.addAll(g.subtasks().get(p).outputs());
            }
            assertThat(made).containsAll(st.inputs());
        }
    }

    @Test
    void prioritiesAreDepthFirst() {
        Tensor s = Tensors.ones(shape(16), chunks(1)).add(1).sum();
        SubtaskGraph g = fuse(s);
        // every subtask's inputs have smaller priorities, and a combine comes right after its own maps
        for (Subtask st : g.subtasks()) {
            for (int p : g.predecessors()[st.id()]) {
                assertThat(g.subtasks().get(p).priority()).isLessThan(st.priority());
            }
        }
        Subtask firstCombine = g.subtasks().stream().filter(st -> g.predecessors()[st.id()].length > 0)
                .min(java.util.Comparator.comparingInt(Subtask::priority)).orElseThrow();
        assertThat(firstCombine.priority()).isEqualTo(4);
    }

    @Test
    void aChunkReadTwiceInOneSubtaskJoinsItAndOneReadAcrossSubtasksStaysApart() {
        Tensor a = Tensors.ones(shape(4), chunks(2));
        Tensor b = a.add(1);
        Tensor c = a.multiply(2);
        // a's chunks have two consumers each, both in the subtask of b+c at their position: a diamond, fused
        SubtaskGraph g = fuse(b.add(c));
        assertThat(g.size()).isEqualTo(2);
        for (Subtask st : g.subtasks()) {
            assertThat(st.chunks()).hasSize(4);
            assertThat(st.inputs()).isEmpty();
        }
        // read also by a sum, whose partial sums gather in another subtask: a's chunks are stored for both
        SubtaskGraph shared = fuse(b.add(c).add(a.sum()));
        assertThat(shared.subtasks()).filteredOn(st -> st.chunks().get(st.chunks().size() - 1).op()
                instanceof io.mars.common.operand.chunk.ChunkFull).hasSize(2);
    }

    @Test
    void aResultJoinsTheSubtaskOfItsConsumerWhichStoresBoth() {
        Tensor a = Tensors.ones(shape(4), chunks(2));
        Tensor b = a.add(1);
        // a is wanted too (as a persisted table that the next step reads): each of its chunks is made in the subtask
        // of b's chunk at its position and stored from there, not in a subtask of its own
        SubtaskGraph g = Fusion.fuse(tiling.tile(io.mars.tensor.TensorGraphs.of(a, b), Map.of()).graph());
        assertThat(g.size()).isEqualTo(2);
        for (Subtask st : g.subtasks()) {
            assertThat(st.chunks()).hasSize(2);
            assertThat(st.outputs()).hasSize(2);
            assertThat(st.inputs()).isEmpty();
        }
    }
    @Test
    void thePiecesOfATransposeAreCutInTheSubtaskThatMakesTheirChunkWhichIsNotStored() {
        // 8 row blocks of 128 x 1024; the fft down the columns wants column blocks of 1024 x 64 (1 MB of complex128
        // a chunk), each overlapping all 8 row blocks: 128 pieces cut from the row blocks
        Tensor rows = Tensors.random(3).rand(shape(1024, 1024), chunks(128, 1024)).add(1);
        SubtaskGraph g = fuse(io.mars.tensor.Fft.fft(rows, null, 0, null));
        int pieces = 0;
        for (Subtask st : g.subtasks()) {
            List<ChunkNode> cuts = st.chunks().stream()
                    .filter(c -> c.op() instanceof io.mars.common.operand.chunk.ChunkAssemble).toList();
            if (cuts.isEmpty()) {
                continue;
            }
            pieces += cuts.size();
            // the row block's subtask: draws, the add and its 16 pieces, storing the pieces and not the row block
            assertThat(st.chunks()).hasSize(2 + 16);
            assertThat(st.inputs()).isEmpty();
            assertThat(st.outputs()).containsExactlyInAnyOrderElementsOf(cuts.stream().map(ChunkNode::key).toList());
            for (ChunkNode cut : cuts) {
                assertThat(st.chunks()).contains(cut.input(0));
            }
        }
        assertThat(pieces).isEqualTo(128);
        // 8 row blocks and 16 transforms, where each piece was a subtask of its own
        assertThat(g.size()).isEqualTo(8 + 16);
        for (Subtask st : g.subtasks()) {
            java.util.Set<String> made = new java.util.HashSet<>();
            for (int p : g.predecessors()[st.id()]) {
                made.addAll(g.subtasks().get(p).outputs());
            }
            assertThat(made).containsAll(st.inputs());
            for (int p : g.predecessors()[st.id()]) {
                assertThat(g.subtasks().get(p).priority()).isLessThan(st.priority());
            }
        }
    }

    @Test
    void piecesWhoseSubtaskWouldHoldMoreThanTheBudgetAreCutInSubtasksOfTheirOwn() {
        Tensor rows = Tensors.random(3).rand(shape(1024, 1024), chunks(128, 1024)).add(1);
        Tensor out = io.mars.tensor.Fft.fft(rows, null, 0, null);
        SubtaskGraph whole = fuse(out);
        long cutting = whole.subtasks().stream().filter(st -> st.chunks().size() > 1)
                .mapToLong(st -> st.memory().total()).max().orElseThrow();
        // a budget below the row blocks' subtasks (draws, add, 16 pieces): those run chunk by chunk, as before
        SubtaskGraph split = Fusion.fuse(tiling.tile(io.mars.tensor.TensorGraphs.of(out), Map.of()).graph(),
                cutting - 1);
        assertThat(split.size()).isEqualTo(8 + 8 + 128 + 16);
        for (Subtask st : split.subtasks()) {
            if (st.chunks().size() > 1) {
                assertThat(st.memory().total()).isLessThan(cutting);
            }
        }
    }

    @Test
    void aRechunkThatSplitsAChunkCutsItsPartsWhereTheChunkIsMadeAndAMergeReadsThemApart() {
        Tensor a = Tensors.random(4).rand(shape(80), chunks(40)).add(1);
        // each part of 10 lies in one chunk of 40: made in that chunk's subtask, which stores the 4 parts only
        SubtaskGraph split = fuse(a.rechunk(chunks(10)));
        assertThat(split.size()).isEqualTo(2);
        for (Subtask st : split.subtasks()) {
            assertThat(st.chunks()).hasSize(2 + 4);
            assertThat(st.outputs()).hasSize(4);
        }
        // parts that an element-wise consumer takes in are made with it, reading their chunk of 40 from storage
        assertThat(fuse(a.rechunk(chunks(10)).multiply(2)).size()).isEqualTo(2 + 8);
        // a part of 80 reads both chunks of 40: a subtask of its own, reading both
        SubtaskGraph merged = fuse(a.rechunk(chunks(80)).multiply(2));
        assertThat(merged.size()).isEqualTo(3);
    }
}
