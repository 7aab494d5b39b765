package io.mars.tensor;

import io.mars.common.graph.TileableGraph;
import io.mars.common.graph.TileableNode;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/** Builds the tileable graph a client submits from the tensors it wants. */
public final class TensorGraphs {
    private TensorGraphs() {
    }

    /** The ancestry of {@code outputs} in topological order (inputs first), with the outputs' keys deduplicated. */
    public static TileableGraph of(Tensor... outputs) {
        List<TileableNode> nodes = new ArrayList<>();
        Map<Tensor, Boolean> seen = new IdentityHashMap<>();
        List<Tensor> stack = new ArrayList<>();
        List<Integer> cursor = new ArrayList<>();
        for (Tensor out : outputs) {
            if (seen.put(out, Boolean.TRUE) != null) {
                continue;
            }
            stack.add(out);
            cursor.add(0);
            while (!stack.isEmpty()) {
                int top = stack.size() - 1;
                Tensor t = stack.get(top);
                int c = cursor.get(top);
                if (c < t.inputs().size()) {
                    cursor.set(top, c + 1);
                    Tensor in = t.inputs().get(c);
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
        for (Tensor t : outputs) {
            if (!keys.contains(t.key())) {
                keys.add(t.key());
            }
        }
        return new TileableGraph(nodes, keys);
    }
}
