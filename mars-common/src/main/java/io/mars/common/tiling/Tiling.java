package io.mars.common.tiling;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.graph.ChunkGraph;
import io.mars.common.graph.ChunkNode;
import io.mars.common.graph.TileableGraph;
import io.mars.common.graph.TileableNode;
import io.mars.common.graph.TiledTensor;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns a tileable graph into a chunk graph. Tileables already computed by earlier tasks of the session
 * ({@code stored}, whose chunks are {@code ChunkFetch} nodes) are reused instead of tiled again.
 */
public final class Tiling {
    private final TilerRegistry registry;
    private final TilingConfig config;

    public Tiling(TilerRegistry registry, TilingConfig config) {
        this.registry = registry;
        this.config = config;
    }

    /** The chunk graph and, for each output key, its tiled form. */
    public record Result(ChunkGraph graph, Map<String, TiledTensor> outputs) {
    }

    public Result tile(TileableGraph graph, Map<String, TiledTensor> stored) {
        Map<String, TileableNode> byKey = new HashMap<>();
        for (TileableNode n : graph.nodes()) {
            byKey.put(n.key(), n);
        }
        Set<String> needed = neededKeys(graph, byKey, stored);
        TileContext ctx = new TileContext(config);
        Map<String, TiledTensor> tiled = new HashMap<>();
        Set<ChunkNode> existingAdded = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        for (TileableNode n : graph.nodes()) {
            if (!needed.contains(n.key())) {
                continue;
            }
            TiledTensor done = stored.get(n.key());
            if (done != null) {
                for (ChunkNode c : done.chunks()) {
                    if (existingAdded.add(c)) {
                        ctx.addExisting(c);
                    }
                }
                tiled.put(n.key(), done);
                continue;
            }
            List<TiledTensor> inputs = new ArrayList<>(n.inputs().size());
            for (String in : n.inputs()) {
                TiledTensor t = tiled.get(in);
                if (t == null) {
                    throw new MarsException(ErrorCode.UNKNOWN_TILEABLE, "tileable " + n.key() + " reads " + in
                            + ", which is neither earlier in the graph nor stored in the session");
                }
                inputs.add(t);
            }
            tiled.put(n.key(), registry.tile(n, inputs, ctx));
        }
        Map<String, TiledTensor> outputs = new HashMap<>();
        List<ChunkNode> outChunks = new ArrayList<>();
        for (String key : graph.outputs()) {
            TiledTensor t = tiled.get(key);
            outputs.put(key, t);
            outChunks.addAll(t.chunks());
        }
        return new Result(new ChunkGraph(ctx.created(), outChunks), outputs);
    }

    /** The tileables the outputs depend on, not looking behind stored ones. */
    private static Set<String> neededKeys(TileableGraph graph, Map<String, TileableNode> byKey,
                                          Map<String, TiledTensor> stored) {
        Set<String> needed = new HashSet<>();
        List<String> stack = new ArrayList<>(graph.outputs());
        while (!stack.isEmpty()) {
            String k = stack.remove(stack.size() - 1);
            if (!needed.add(k) || stored.containsKey(k)) {
                continue;
            }
            TileableNode n = byKey.get(k);
            if (n == null) {
                throw new MarsException(ErrorCode.UNKNOWN_TILEABLE, "the graph names tileable " + k
                        + " but does not contain it, and the session has no stored result for it");
            }
            stack.addAll(n.inputs());
        }
        return needed;
    }
}
