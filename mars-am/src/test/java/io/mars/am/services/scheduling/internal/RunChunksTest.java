package io.mars.am.services.scheduling.internal;

import static io.mars.tensor.Tensors.chunks;
import static io.mars.tensor.Tensors.shape;
import static org.assertj.core.api.Assertions.assertThat;

import io.mars.common.graph.ChunkGraph;
import io.mars.common.graph.ChunkNode;
import io.mars.common.graph.Subtask;
import io.mars.common.graph.SubtaskGraph;
import io.mars.common.graph.SubtaskList;
import io.mars.common.graph.TiledTileable;
import io.mars.common.graph.TiledTileables;
import io.mars.common.optimize.Fusion;
import io.mars.common.tiling.TilerRegistry;
import io.mars.common.tiling.Tiling;
import io.mars.common.tiling.TilingConfig;
import io.mars.tensor.Tensor;
import io.mars.tensor.TensorGraphs;
import io.mars.tensor.Tensors;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RunChunksTest {
    @Test
    void aFusedGraphsOwnNumberingIndexesChunksAsTheKeysWould() {
        Tiling tiling = new Tiling(TilerRegistry.standard(), new TilingConfig(1 << 20, 4));
        // a tensor stored by an earlier task, read again: its chunks are inputs with no producer here
        Tensor a = Tensors.ones(shape(12), chunks(2));
        TiledTileable tiledA = tiling.tile(TensorGraphs.of(a), Map.of()).outputs().get(a.key());
        Map<String, long[]> shapes = new HashMap<>();
        tiledA.chunks().forEach(c -> shapes.put(c.key(), c.shape()));
        Map<String, TiledTileable> stored = Map.of(a.key(), TiledTileables.asFetch(tiledA, shapes));
        Tensor b = a.add(1.0);
        Tensor total = b.sum();
        ChunkGraph chunks = tiling.tile(TensorGraphs.of(b, total), stored).graph();
        SubtaskGraph fused = Fusion.fuse(chunks);
        assertThat(fused.subtasks()).isInstanceOf(SubtaskList.class);
        SubtaskGraph plain = new SubtaskGraph(new ArrayList<>(fused.subtasks()), fused.predecessors(),
                fused.successors(), fused.leafWorkerHint());
        assertThat(plain.subtasks()).isNotInstanceOf(SubtaskList.class);

        Map<String, String> locations = new HashMap<>();
        locations.put(tiledA.chunks().get(1).key(), "w1");
        Set<String> results = new HashSet<>();
        chunks.outputs().forEach(c -> results.add(c.key()));
        WorkerIds ids = new WorkerIds();
        ids.index("w0");
        ids.index("w1");
        RunChunks fast = new RunChunks(fused, locations, results, ids);
        RunChunks keyed = new RunChunks(plain, locations, results, ids);
        assertThat(fast.size()).isEqualTo(keyed.size());
        assertThat(fast.producer).containsExactly(keyed.producer);
        assertThat(fast.location).containsExactly(keyed.location);
        assertThat(fast.results).isEqualTo(keyed.results);
        assertThat(keyed.results.cardinality()).isEqualTo(results.size());
        assertThat(fast.location).contains(1); // the stored chunk on w1
        for (Subtask st : plain.subtasks()) {
            int s = st.id();
            assertThat(fast.inputCount(s)).isEqualTo(keyed.inputCount(s));
            assertThat(fast.outputCount(s)).isEqualTo(keyed.outputCount(s));
            for (int j = 0; j < st.inputs().size(); j++) {
                assertThat(fast.input(s, j)).isEqualTo(keyed.input(s, j));
                assertThat(fast.inputOf(st, st.inputs().get(j))).isEqualTo(keyed.input(s, j));
            }
            for (int j = 0; j < st.outputs().size(); j++) {
                assertThat(fast.output(s, j)).isEqualTo(keyed.output(s, j));
                assertThat(fast.outputOf(st, st.outputs().get(j), j)).isEqualTo(keyed.output(s, j));
            }
        }
        List<ChunkNode> keyedChunks = new ArrayList<>();
        SubtaskList list = (SubtaskList) fused.subtasks();
        for (int c = 0; c < list.keyedCount(); c++) {
            keyedChunks.add(list.keyed(c));
        }
        assertThat(keyedChunks).doesNotHaveDuplicates();
    }
}
