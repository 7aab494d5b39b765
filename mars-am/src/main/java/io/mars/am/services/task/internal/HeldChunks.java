package io.mars.am.services.task.internal;

import io.mars.common.graph.ChunkGraph;
import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.chunk.ChunkFetch;
import io.mars.common.rpc.ChunkMeta;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A stage resumed by a new AM attempt: chunks that workers which outlived the last attempt still hold (their meta
 * names a live holder) are read, not computed again. Each such chunk becomes a fetch of itself, and whatever only
 * fed those chunks is left out of the stage.
 */
final class HeldChunks {
    private HeldChunks() {
    }

    /** The keys of the chunks the stage would compute: those a worker may already hold. */
    static List<String> computed(ChunkGraph graph) {
        List<String> keys = new ArrayList<>();
        for (ChunkNode c : graph.nodes()) {
            if (!(c.op() instanceof ChunkFetch)) {
                keys.add(c.key());
            }
        }
        return keys;
    }

    /**
     * {@code graph} with every chunk of {@code held} turned into a fetch (its shape as stored), keeping only the
     * chunks the outputs still need; {@code graph} itself when nothing is held.
     */
    static ChunkGraph resume(ChunkGraph graph, Map<String, ChunkMeta> held) {
        if (held.isEmpty()) {
            return graph;
        }
        Map<ChunkNode, ChunkNode> now = new IdentityHashMap<>();
        ChunkFetch fetch = new ChunkFetch();
        for (ChunkNode c : graph.nodes()) {
            ChunkMeta meta = c.op() instanceof ChunkFetch ? null : held.get(c.key());
            if (meta != null) {
                now.put(c, new ChunkNode(c.key(), -1, fetch, List.of(), c.dtype(), meta.shape(), c.index(),
                        c.serial()));
                continue;
            }
            boolean changed = false;
            List<ChunkNode> inputs = new ArrayList<>(c.inputCount());
            for (int i = 0; i < c.inputCount(); i++) {
                ChunkNode in = c.input(i);
                ChunkNode mapped = now.getOrDefault(in, in);
                changed |= mapped != in;
                inputs.add(mapped);
            }
            now.put(c, changed ? new ChunkNode(c.key(), -1, c.op(), inputs, c.dtype(), c.shape(), c.index(),
                    c.serial()) : c);
        }
        List<ChunkNode> outputs = new ArrayList<>(graph.outputs().size());
        for (ChunkNode o : graph.outputs()) {
            outputs.add(now.getOrDefault(o, o));
        }
        // what the outputs still need, walking back from them
        Set<ChunkNode> needed = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        java.util.ArrayDeque<ChunkNode> stack = new java.util.ArrayDeque<>(outputs);
        while (!stack.isEmpty()) {
            ChunkNode c = stack.pop();
            if (needed.add(c)) {
                for (int i = 0; i < c.inputCount(); i++) {
                    stack.push(c.input(i));
                }
            }
        }
        List<ChunkNode> nodes = new ArrayList<>(needed.size());
        for (ChunkNode c : graph.nodes()) {
            ChunkNode n = now.get(c);
            if (needed.contains(n)) {
                nodes.add(n);
            }
        }
        return new ChunkGraph(nodes, outputs);
    }
}
