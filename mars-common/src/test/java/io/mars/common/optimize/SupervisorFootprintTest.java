package io.mars.common.optimize;

import static io.mars.tensor.Tensors.chunks;
import static io.mars.tensor.Tensors.shape;
import static org.assertj.core.api.Assertions.assertThat;

import io.mars.common.graph.ChunkGraph;
import io.mars.common.graph.ChunkNode;
import io.mars.common.graph.Subtask;
import io.mars.common.graph.SubtaskGraph;
import io.mars.common.operand.Scalar;
import io.mars.common.operand.chunk.ChunkFull;
import io.mars.common.tiling.TilerRegistry;
import io.mars.common.tiling.Tiling;
import io.mars.common.tiling.TilingConfig;
import io.mars.tensor.TensorGraphs;
import io.mars.tensor.Tensors;
import io.mars.types.DataType;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The supervisor holds a task's chunk and subtask graphs for as long as the task runs; at 10^6 chunks every byte per
 * chunk is a megabyte of heap. These tests pin how much a graph holds per chunk, by a deterministic estimate of the
 * retained bytes ({@link RetainedBytes}), not by measuring a heap.
 */
class SupervisorFootprintTest {
    private static final int ELEMENTS = 200_000;

    @Test
    void aTiledAndFusedReductionOfOneElementChunksHoldsUnder100BytesPerChunk() {
        Tiling tiling = new Tiling(TilerRegistry.standard(), TilingConfig.from(Map.of()), 1L << 30);
        ChunkGraph chunks = tiling.tile(TensorGraphs.of(Tensors.ones(shape(ELEMENTS), chunks(1)).add(1.0).sum()),
                Map.of()).graph();
        SubtaskGraph subtasks = Fusion.fuse(chunks, 1L << 30);
        int n = chunks.nodes().size();
        assertThat(n).isGreaterThan(3 * ELEMENTS); // ones, add and map per element, then the combines and the agg

        // what the supervisor keeps while the task runs: the subtask graph, which holds every chunk node
        double perChunk = (double) RetainedBytes.of(subtasks) / n;
        // the chunk graph adds its list of nodes (4 bytes a chunk) and nothing else
        double withGraph = (double) RetainedBytes.of(subtasks, chunks) / n;
        System.out.printf("ones(%d, chunks=1).add(1).sum(): %d chunks, %d subtasks; %.1f bytes per chunk retained "
                + "by the subtask graph, %.1f with the chunk graph%n", ELEMENTS, n, subtasks.size(), perChunk, withGraph);
        // before compaction: about 240 (a key string per chunk, a list per node, a shape and an index array per chunk,
        // a Subtask and three lists per subtask); now about 80
        assertThat(perChunk).isLessThan(100);
        assertThat(withGraph - perChunk).isLessThan(5);
    }

    @Test
    void chunksOfOneTilingRunShareEqualShapesAndTheirInputsIndexes() {
        Tiling tiling = new Tiling(TilerRegistry.standard(), TilingConfig.from(Map.of()));
        List<ChunkNode> nodes = tiling.tile(TensorGraphs.of(Tensors.ones(shape(1000), chunks(1)).add(1.0)), Map.of())
                .graph().nodes();
        java.util.Set<long[]> shapes = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        java.util.Set<int[]> indexes = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        for (ChunkNode c : nodes) {
            shapes.add(c.shape());
            indexes.add(c.index());
        }
        assertThat(nodes).hasSize(2000);
        assertThat(shapes).hasSize(1);
        assertThat(indexes).hasSize(1000); // an element-wise chunk has its input's index
    }

    @Test
    void fusedSubtasksReadAndStoreTheKeysTheirChunksHave() {
        Tiling tiling = new Tiling(TilerRegistry.standard(), new TilingConfig(1 << 20, 4));
        ChunkGraph chunks = tiling.tile(TensorGraphs.of(Tensors.ones(shape(40), chunks(1)).add(1.0).sum()), Map.of())
                .graph();
        SubtaskGraph g = Fusion.fuse(chunks);
        java.util.Set<String> stored = new java.util.HashSet<>();
        for (Subtask st : g.subtasks()) {
            assertThat(st).isEqualTo(g.subtasks().get(st.id())); // made anew each time, equal
            for (String out : st.outputs()) {
                assertThat(st.chunks().stream().anyMatch(c -> c.key().equals(out))).isTrue();
                assertThat(stored.add(out)).isTrue();
            }
        }
        for (Subtask st : g.subtasks()) {
            assertThat(stored).containsAll(st.inputs());
        }
        ChunkNode c = new ChunkNode("x", new ChunkFull(Scalar.of(1.0)), List.of(), DataType.FLOAT64, new long[] {1},
                new int[] {0});
        assertThat(new Subtask(0, List.of(c), List.of(), List.of("x"), 0).outputs()).containsExactly("x");
    }
}
