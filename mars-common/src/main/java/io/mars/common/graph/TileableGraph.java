package io.mars.common.graph;

import java.util.List;

/**
 * The graph a client submits: tileable nodes in topological order (inputs first) and the keys of the tileables whose
 * results are wanted.
 */
public record TileableGraph(List<TileableNode> nodes, List<String> outputs) {
    public TileableGraph {
        nodes = List.copyOf(nodes);
        outputs = List.copyOf(outputs);
    }
}
