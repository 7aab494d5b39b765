package io.mars.common.tiling;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.graph.ChunkGraph;
import io.mars.common.graph.ChunkNode;
import io.mars.common.graph.ChunkPositions;
import io.mars.common.graph.TileableGraph;
import io.mars.common.graph.TileableNode;
import io.mars.common.graph.TiledTileable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns a tileable graph into a chunk graph. Tileables already computed by earlier tasks or stages
 * ({@code stored}, whose chunks are {@code ChunkFetch} nodes) are reused instead of tiled again.
 *
 * <p>Tiling runs in stages when some chunk lengths are known only once computed (a boolean-mask filter, unique):
 * a tiler never sees an input with unknown lengths. Tiling stops in front of such a tileable and returns an
 * incomplete result whose graph computes the unknown inputs (and the requested outputs tiled so far); the caller
 * runs it, stores those tileables with their real lengths and tiles again.
 */
public final class Tiling {
    private final TilerRegistry registry;
    private final TilingConfig config;

    private final long memoryBudget;

    public Tiling(TilerRegistry registry, TilingConfig config) {
        this(registry, config, Long.MAX_VALUE);
    }

    /** Tiling for workers whose smallest memory budget is {@code memoryBudget} bytes (see {@link TileContext#memoryBudget}). */
    public Tiling(TilerRegistry registry, TilingConfig config, long memoryBudget) {
        this.registry = registry;
        this.config = config;
        this.memoryBudget = memoryBudget;
    }

    /**
     * The chunk graph and, for each tileable it computes, its tiled form. When {@code complete}, those are the
     * requested outputs; otherwise they are what this stage must compute before tiling can go on.
     */
    /** @param origins which tileable each chunk made by this tiling was made for (by serial) */
    public record Result(ChunkGraph graph, Map<String, TiledTileable> outputs, boolean complete, ChunkOrigins origins) {
        public Result {
            java.util.Objects.requireNonNull(origins, "origins");
        }

        public Result(ChunkGraph graph, Map<String, TiledTileable> outputs, boolean complete) {
            this(graph, outputs, complete, ChunkOrigins.NONE);
        }
    }

    public Result tile(TileableGraph graph, Map<String, TiledTileable> stored) {
        Map<String, TileableNode> byKey = new HashMap<>();
        for (TileableNode n : graph.nodes()) {
            byKey.put(n.key(), n);
        }
        Set<String> needed = neededKeys(graph, byKey, stored);
        TileContext ctx = new TileContext(config, memoryBudget);
        Map<String, TiledTileable> tiled = new HashMap<>();
        Set<String> blocked = new HashSet<>();
        Map<String, TiledTileable> unknownInputs = new LinkedHashMap<>();
        Set<ChunkNode> existingAdded = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        ChunkOrigins.Builder origins = new ChunkOrigins.Builder();
        for (TileableNode n : graph.nodes()) {
            if (!needed.contains(n.key())) {
                continue;
            }
            TiledTileable done = stored.get(n.key());
            if (done != null) {
                for (ChunkNode c : done.chunks()) {
                    if (existingAdded.add(c)) {
                        ctx.addExisting(c);
                    }
                }
                tiled.put(n.key(), done);
                continue;
            }
            List<TiledTileable> inputs = new ArrayList<>(n.inputs().size());
            boolean ready = true;
            for (String in : n.inputs()) {
                TiledTileable t = tiled.get(in);
                if (t == null && !blocked.contains(in)) {
                    throw new MarsException(ErrorCode.UNKNOWN_TILEABLE, "tileable " + n.key() + " reads " + in
                            + ", which is neither earlier in the graph nor stored in the session");
                }
                if (t == null) {
                    ready = false;
                } else {
                    inputs.add(t);
                }
            }
            if (ready) {
                // this stage computes the inputs whose row counts the node must know; tiling goes on once they are
                for (int i : registry.mustKnowRows(n, inputs, ctx)) {
                    unknownInputs.put(n.inputs().get(i), inputs.get(i));
                    ready = false;
                }
            }
            if (!ready) {
                blocked.add(n.key());
                continue;
            }
            int firstSerial = ctx.created().size();
            TiledTileable out = registry.tile(n, inputs, ctx);
            origins.add(n.key(), firstSerial, ctx.created().size());
            if (!out.isKnown() && !inputs.isEmpty() && registry.isRowWise(n.op().getClass())) {
                ctx.boundRows(out, ctx.rowsAtMost(inputs.get(0)));
            }
            tiled.put(n.key(), out);
        }
        if (blocked.isEmpty()) {
            // only what the outputs read: a select of a few columns of a frame cut by columns leaves the chunks of
            // the other column groups unread, a product reads through a transpose and leaves the transposed copy
            List<ChunkNode> outputs = chunksOf(graph.outputs(), tiled);
            return new Result(new ChunkGraph(needed(ctx, outputs), outputs), pick(graph.outputs(), tiled), true,
                    origins.build());
        }
        // this stage computes the unknown inputs and the requested outputs that are tiled already
        Map<String, TiledTileable> stage = new LinkedHashMap<>(unknownInputs);
        for (String key : graph.outputs()) {
            if (tiled.containsKey(key) && !stage.containsKey(key)) {
                stage.put(key, tiled.get(key));
            }
        }
        List<ChunkNode> stageChunks = chunksOf(List.copyOf(stage.keySet()), tiled);
        return new Result(new ChunkGraph(needed(ctx, stageChunks), stageChunks), stage, false, origins.build());
    }

    /**
     * Before a task runs anything: the check of every output its graph writes and has not written yet (a write's
     * target must be usable, see {@link TilerRegistry.OutputRule}). Tiling may run in stages, so a check in a tiler
     * could come after earlier stages ran; this one comes first.
     */
    public void checkOutputs(TileableGraph graph, Map<String, TiledTileable> stored) {
        for (TileableNode n : toCompute(graph, stored)) {
            registry.checkOutput(n);
        }
    }

    /** After a task failed or was cancelled: the clean-up of every output its graph was to write. Never throws. */
    public void abortOutputs(TileableGraph graph, Map<String, TiledTileable> stored) {
        List<TileableNode> nodes;
        try {
            nodes = toCompute(graph, stored);
        } catch (RuntimeException e) {
            return; // a graph that does not tile never ran
        }
        for (TileableNode n : nodes) {
            registry.abortOutput(n);
        }
    }

    /** The nodes of {@code graph} the outputs need that are not stored, in graph order. */
    private static List<TileableNode> toCompute(TileableGraph graph, Map<String, TiledTileable> stored) {
        Map<String, TileableNode> byKey = new HashMap<>();
        for (TileableNode n : graph.nodes()) {
            byKey.put(n.key(), n);
        }
        Set<String> needed = neededKeys(graph, byKey, stored);
        List<TileableNode> out = new ArrayList<>();
        for (TileableNode n : graph.nodes()) {
            if (needed.contains(n.key()) && !stored.containsKey(n.key())) {
                out.add(n);
            }
        }
        return out;
    }

    private static List<ChunkNode> chunksOf(List<String> keys, Map<String, TiledTileable> tiled) {
        List<ChunkNode> out = new ArrayList<>();
        for (String key : keys) {
            out.addAll(tiled.get(key).chunks());
        }
        return out;
    }

    private static Map<String, TiledTileable> pick(List<String> keys, Map<String, TiledTileable> tiled) {
        Map<String, TiledTileable> out = new HashMap<>();
        for (String key : keys) {
            out.put(key, tiled.get(key));
        }
        return out;
    }

    /** The chunks made or recorded in {@code ctx} that {@code roots} depend on, in the order made (topological). */
    private static List<ChunkNode> needed(TileContext ctx, List<ChunkNode> roots) {
        // most graphs need every chunk made: that is known from what each chunk read, without a walk of the graph
        return ctx.allNeededFor(roots) ? ctx.created() : ancestors(ctx.created(), roots);
    }

    /** The nodes of {@code topo} that {@code roots} depend on, in the same (topological) order. */
    private static List<ChunkNode> ancestors(List<ChunkNode> topo, List<ChunkNode> roots) {
        ChunkPositions keep = new ChunkPositions(topo.size());
        ChunkNode[] stack = new ChunkNode[Math.max(16, roots.size())];
        int sp = 0;
        for (ChunkNode r : roots) {
            stack[sp++] = r;
        }
        while (sp > 0) {
            ChunkNode c = stack[--sp];
            if (keep.add(c)) {
                int n = c.inputCount();
                if (sp + n > stack.length) {
                    stack = java.util.Arrays.copyOf(stack, Math.max(stack.length * 2, sp + n));
                }
                for (int i = 0; i < n; i++) {
                    stack[sp++] = c.input(i);
                }
            }
        }
        List<ChunkNode> out = new ArrayList<>(keep.size());
        for (ChunkNode c : topo) {
            if (keep.contains(c)) {
                out.add(c);
            }
        }
        return out;
    }

    /** The tileables the outputs depend on, not looking behind stored ones. */
    private static Set<String> neededKeys(TileableGraph graph, Map<String, TileableNode> byKey,
                                          Map<String, TiledTileable> stored) {
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
