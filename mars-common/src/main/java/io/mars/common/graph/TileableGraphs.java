package io.mars.common.graph;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/** Builds the tileable graph a client submits from the tileables (tensors, dataframes, series) it wants. */
public final class TileableGraphs {
    private TileableGraphs() {
    }

    /** The ancestry of {@code outputs} in topological order (inputs first), with the outputs' keys deduplicated. */
    public static TileableGraph of(Tileable... outputs) {
        List<TileableNode> nodes = new ArrayList<>();
        Map<Tileable, Boolean> seen = new IdentityHashMap<>();
        List<Tileable> stack = new ArrayList<>();
        List<Integer> cursor = new ArrayList<>();
        for (Tileable out : outputs) {
            if (seen.put(out, Boolean.TRUE) != null) {
                continue;
            }
            stack.add(out);
            cursor.add(0);
            while (!stack.isEmpty()) {
                int top = stack.size() - 1;
                Tileable t = stack.get(top);
                int c = cursor.get(top);
                if (c < t.tileableInputs().size()) {
                    cursor.set(top, c + 1);
                    Tileable in = t.tileableInputs().get(c);
                    if (seen.put(in, Boolean.TRUE) == null) {
                        stack.add(in);
                        cursor.add(0);
                    }
                } else {
                    nodes.add(t.toNode());
                    stack.remove(top);
                    cursor.remove(top);
                }
            }
        }
        List<String> keys = new ArrayList<>();
        for (Tileable t : outputs) {
            if (!keys.contains(t.key())) {
                keys.add(t.key());
            }
        }
        return new TileableGraph(nodes, keys);
    }
}
