package io.mars.common.tiling;

import io.mars.common.graph.ChunkNode;
import io.mars.common.graph.TileableNode;
import io.mars.common.graph.TiledTileable;
import io.mars.common.model.NSplits;
import io.mars.common.operand.chunk.ChunkBroadcastTo;
import io.mars.common.operand.chunk.ChunkRepeat;
import io.mars.common.operand.chunk.ChunkSlice;
import io.mars.common.operand.tensor.TensorBroadcastTo;
import io.mars.common.operand.tensor.TensorConcatenate;
import io.mars.common.operand.tensor.TensorRepeat;
import io.mars.common.operand.tensor.TensorSlice;
import io.mars.types.ChunkSpec;
import io.mars.types.Shapes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * Tiling of the shape operands. All are chunk-local: every output chunk reads one input chunk (slicing, broadcast,
 * repeat) or is an input chunk (concatenate), so nothing is shuffled between workers.
 */
final class ShapeTilers {
    private ShapeTilers() {
    }

    static void registerAll(TilerRegistry r) {
        r.register(TensorSlice.class, ShapeTilers::slice);
        r.register(TensorConcatenate.class, ShapeTilers::concatenate);
        r.register(TensorBroadcastTo.class, ShapeTilers::broadcastTo);
        r.register(TensorRepeat.class, ShapeTilers::repeat);
    }

    /** The part of one input chunk a slice keeps along one axis: {@code count} positions from {@code localStart}. */
    record AxisPiece(int chunk, long localStart, long count) {
    }

    /**
     * The pieces of the positions {@code start + k * step} ({@code k < count}) per input chunk of {@code splits}, in
     * output order (chunks in reverse for a negative step). Chunks holding none of them are skipped; an empty
     * selection is one empty piece of chunk 0.
     */
    static List<AxisPiece> axisPieces(long[] splits, long start, long step, long count) {
        List<AxisPiece> out = new ArrayList<>();
        if (count == 0) {
            out.add(new AxisPiece(0, 0, 0));
            return out;
        }
        long[] off = NSplits.offsets(splits);
        int n = splits.length;
        for (int i = 0; i < n; i++) {
            int c = step > 0 ? i : n - 1 - i;
            long lo;
            long hi;
            if (step > 0) {
                lo = clamp(ceilDiv(off[c] - start, step), count);
                hi = clamp(ceilDiv(off[c + 1] - start, step), count);
            } else {
                lo = clamp(ceilDiv(start - (off[c + 1] - 1), -step), count);
                hi = clamp(ceilDiv(start - off[c] + 1, -step), count);
            }
            if (hi > lo) {
                out.add(new AxisPiece(c, start + lo * step - off[c], hi - lo));
            }
        }
        return out;
    }

    private static long clamp(long k, long count) {
        return Math.max(0, Math.min(count, k));
    }

    private static long ceilDiv(long a, long b) {
        return -Math.floorDiv(-a, b);
    }

    /** Each output chunk is one strided slice of one input chunk, seen with the output's axes. */
    static TiledTileable slice(TileableNode node, TensorSlice op, List<TiledTileable> in, TileContext ctx) {
        TiledTileable src = in.get(0);
        int inNdim = src.ndim();
        List<List<AxisPiece>> pieces = new ArrayList<>(inNdim);
        for (int a = 0; a < inNdim; a++) {
            long[] splits = src.nsplits()[a];
            // a full slice of an axis that was of unknown length when the expression was built
            long count = op.counts()[a] == Shapes.UNKNOWN
                    ? NSplits.offsets(splits)[splits.length] : op.counts()[a];
            pieces.add(axisPieces(splits, op.starts()[a], op.steps()[a], count));
        }
        int[] sources = op.sourceAxes();
        long[][] outNs = new long[sources.length][];
        for (int i = 0; i < sources.length; i++) {
            if (sources[i] < 0) {
                outNs[i] = new long[] {1};
            } else {
                List<AxisPiece> ps = pieces.get(sources[i]);
                outNs[i] = ps.stream().mapToLong(AxisPiece::count).toArray();
            }
        }
        int[] pieceOfInputAxis = new int[inNdim];
        return eachChunk(outNs, (flat, idx, shape) -> {
            Arrays.fill(pieceOfInputAxis, 0);
            for (int i = 0; i < sources.length; i++) {
                if (sources[i] >= 0) {
                    pieceOfInputAxis[sources[i]] = idx[i];
                }
            }
            int[] sidx = new int[inNdim];
            long[] starts = new long[inNdim];
            long[] counts = new long[inNdim];
            for (int a = 0; a < inNdim; a++) {
                AxisPiece p = pieces.get(a).get(pieceOfInputAxis[a]);
                sidx[a] = p.chunk();
                starts[a] = p.localStart();
                counts[a] = p.count();
            }
            return ctx.chunk(node.key() + "." + flat, new ChunkSlice(starts, op.steps(), counts),
                    List.of(src.chunk(sidx)), node.dtype(), shape, idx);
        });
    }

    /**
     * The inputs' chunks become the output's chunks: along {@code axis} their chunk lengths are concatenated, on the
     * other axes the inputs are first rechunked to a common refinement. Chunks of another dtype are cast.
     */
    static TiledTileable concatenate(TileableNode node, TensorConcatenate op, List<TiledTileable> in, TileContext ctx) {
        int axis = op.axis();
        int ndim = node.shape().length;
        List<TiledTileable> parts = new ArrayList<>();
        for (TiledTileable t : in) {
            if (NSplits.shape(t.nsplits())[axis] > 0) {
                parts.add(t);
            }
        }
        if (parts.isEmpty()) {
            parts.add(in.get(0));
        }
        long[][] common = new long[ndim][];
        for (int a = 0; a < ndim; a++) {
            if (a != axis) {
                List<long[]> candidates = new ArrayList<>();
                for (TiledTileable t : parts) {
                    candidates.add(t.nsplits()[a]);
                }
                common[a] = TileContext.refine(candidates);
            }
        }
        List<TiledTileable> aligned = new ArrayList<>(parts.size());
        List<long[]> axisSplits = new ArrayList<>();
        List<int[]> owner = new ArrayList<>(); // per output chunk along the axis: {part, chunk in part}
        for (int p = 0; p < parts.size(); p++) {
            TiledTileable t = parts.get(p);
            long[][] target = common.clone();
            target[axis] = t.nsplits()[axis];
            aligned.add(ctx.rechunk(t, target, node.key() + ".in" + p));
            for (int c = 0; c < target[axis].length; c++) {
                axisSplits.add(new long[] {target[axis][c]});
                owner.add(new int[] {p, c});
            }
        }
        long[][] outNs = common.clone();
        outNs[axis] = axisSplits.stream().mapToLong(s -> s[0]).toArray();
        Set<ChunkNode> used = Collections.newSetFromMap(new IdentityHashMap<>());
        return eachChunk(outNs, (flat, idx, shape) -> {
            int[] o = owner.get(idx[axis]);
            int[] sidx = idx.clone();
            sidx[axis] = o[1];
            ChunkNode c = aligned.get(o[0]).chunk(sidx);
            if (c.dtype() == node.dtype() && used.add(c)) {
                return c;
            }
            // a cast, or a second use of a chunk (the same tensor joined twice): a copy of its own
            return ctx.chunk(node.key() + "." + flat, wholeSlice(shape), List.of(c), node.dtype(), shape, idx);
        });
    }

    /** A slice keeping all of a chunk of {@code shape}: a copy, cast to the node's dtype. */
    static ChunkSlice wholeSlice(long[] shape) {
        long[] steps = new long[shape.length];
        Arrays.fill(steps, 1);
        return new ChunkSlice(new long[shape.length], steps, shape.clone());
    }

    /**
     * Axes the input has keep its chunks; a broadcast axis (missing or of length 1) is cut into blocks so that an
     * output chunk stays under the chunk byte limit. Each output chunk broadcasts one input chunk.
     */
    static TiledTileable broadcastTo(TileableNode node, TensorBroadcastTo op, List<TiledTileable> in, TileContext ctx) {
        TiledTileable src = in.get(0);
        long[] outShape = node.shape();
        int n = outShape.length;
        int lead = n - src.ndim();
        long[][] outNs = new long[n][];
        long elements = 1;
        boolean[] broadcast = new boolean[n];
        for (int a = 0; a < n; a++) {
            int ia = a - lead;
            broadcast[a] = ia < 0 || NSplits.shape(src.nsplits())[ia] != outShape[a];
            if (!broadcast[a]) {
                outNs[a] = src.nsplits()[ia];
                elements *= Arrays.stream(outNs[a]).max().orElse(1);
            }
        }
        long limit = Math.max(1, ctx.autoChunkBytes() / node.dtype().itemSize());
        for (int a = 0; a < n; a++) {
            if (broadcast[a]) {
                long block = Math.max(1, limit / Math.max(1, elements));
                outNs[a] = ChunkSpec.split(outShape[a], block);
                elements *= Math.min(block, Math.max(1, outShape[a]));
            }
        }
        ChunkBroadcastTo chunkOp = new ChunkBroadcastTo();
        return eachChunk(outNs, (flat, idx, shape) -> {
            int[] sidx = new int[src.ndim()];
            for (int ia = 0; ia < sidx.length; ia++) {
                sidx[ia] = broadcast[ia + lead] ? 0 : idx[ia + lead];
            }
            return ctx.chunk(node.key() + "." + flat, chunkOp, List.of(src.chunk(sidx)), node.dtype(), shape, idx);
        });
    }

    /**
     * Each chunk repeats its own elements: with one count the chunk lengths along the axis are multiplied by it, with
     * a count per element each chunk gets its slice of the counts and their sum as its length.
     */
    static TiledTileable repeat(TileableNode node, TensorRepeat op, List<TiledTileable> in, TileContext ctx) {
        TiledTileable src = in.get(0);
        int axis = op.axis();
        long[] splits = src.nsplits()[axis];
        long[] off = NSplits.offsets(splits);
        long[] counts = op.repeats();
        ChunkRepeat[] chunkOps = new ChunkRepeat[splits.length];
        long[][] outNs = src.nsplits().clone();
        outNs[axis] = new long[splits.length];
        for (int c = 0; c < splits.length; c++) {
            long[] local = counts.length == 1 ? counts
                    : Arrays.copyOfRange(counts, (int) off[c], (int) off[c + 1]);
            chunkOps[c] = new ChunkRepeat(axis, local);
            outNs[axis][c] = counts.length == 1 ? splits[c] * counts[0] : Arrays.stream(local).sum();
        }
        return eachChunk(outNs, (flat, idx, shape) -> ctx.chunk(node.key() + "." + flat, chunkOps[idx[axis]],
                List.of(src.chunk(idx)), node.dtype(), shape, idx));
    }

    /** Calls {@code make} for every chunk index of {@code nsplits} and collects the nodes. */
    static TiledTileable eachChunk(long[][] nsplits, ChunkMaker make) {
        int[] grid = NSplits.gridShape(nsplits);
        int count = NSplits.chunkCount(nsplits);
        List<ChunkNode> chunks = new ArrayList<>(count);
        for (int flat = 0; flat < count; flat++) {
            int[] idx = NSplits.unflat(grid, flat);
            chunks.add(make.make(flat, idx, NSplits.chunkShape(nsplits, idx)));
        }
        return new TiledTileable(nsplits, chunks);
    }

    @FunctionalInterface
    interface ChunkMaker {
        ChunkNode make(int flat, int[] index, long[] shape);
    }
}
