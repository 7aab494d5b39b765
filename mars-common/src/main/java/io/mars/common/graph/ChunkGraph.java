package io.mars.common.graph;

import java.util.List;

/** Chunk nodes in topological order (inputs first) and the chunks that are the task's results. */
public record ChunkGraph(List<ChunkNode> nodes, List<ChunkNode> outputs) {
    public ChunkGraph {
        nodes = List.copyOf(nodes);
        outputs = List.copyOf(outputs);
    }
}
