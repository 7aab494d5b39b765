package io.mars.common.tiling;

import io.mars.common.graph.ChunkNode;
import io.mars.common.graph.TileableNode;
import io.mars.common.graph.TiledTileable;
import io.mars.common.model.NSplits;
import io.mars.common.operand.chunk.BoxCreation;
import io.mars.common.operand.chunk.ChunkAssemble;
import io.mars.common.operand.chunk.ChunkFft;
import io.mars.common.operand.tensor.TensorFft;
import io.mars.types.DataType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The tiling rule of the FFT operand: the transformed axis made whole in every chunk, one transform per chunk. */
final class FftTilers {
    /** Bytes of one complex128 element, the dtype the kernel computes in. */
    private static final long COMPLEX128_BYTES = 16;

    private FftTilers() {
    }

    static void registerAll(TilerRegistry r) {
        r.register(TensorFft.class, FftTilers::fft);
    }

    /**
     * Rechunks only where needed: chunks that already hold the axis whole and fit are transformed where they lie
     * (random chunks are made in their new shape directly), other axes keep their cuts when the chunks fit and are
     * cut evenly otherwise. Each chunk's transform reads its input in any dtype, so nothing converts it first. A
     * transposed result is cut back into blocks of whole rows.
     */
    static TiledTileable fft(TileableNode node, TensorFft op, List<TiledTileable> in, TileContext ctx) {
        TiledTileable src = in.get(0);
        long budget = Math.max(1, ctx.autoChunkBytes() / COMPLEX128_BYTES);
        long[][] target = wholeAxis(src.nsplits(), op.axis(), budget);
        long[][] offsets = new long[target.length][];
        for (int d = 0; d < target.length; d++) {
            offsets[d] = NSplits.offsets(target[d]);
        }
        String prefix = node.key() + ".";
        int[] grid = NSplits.gridShape(target);
        // a target chunk gathered from pieces is assembled by the transform itself: the gathered chunk is never
        // stored, only the transform's result
        Set<ChunkNode> gathered = Collections.newSetFromMap(new IdentityHashMap<>());
        Target transform = (key, pieces, inputs, dtype, shape, index) -> {
            ChunkNode made = ctx.chunk(prefix, NSplits.flat(grid, index), chunkOp(op, offsets, index, pieces), inputs,
                    node.dtype(), outShape(op, shape), outIndex(op, index));
            gathered.add(made);
            return made;
        };
        TiledTileable whole = shuffle(src, target, node.key() + ".w", ctx, transform);
        List<ChunkNode> out = new ArrayList<>(whole.chunks().size());
        for (int i = 0; i < whole.chunks().size(); i++) {
            ChunkNode c = whole.chunks().get(i);
            if (gathered.contains(c)) {
                out.add(c);
                continue;
            }
            int[] idx = c.index();
            out.add(ctx.chunk(prefix, i, chunkOp(op, offsets, idx, List.of()), List.of(c), node.dtype(),
                    outShape(op, c.shape()), outIndex(op, idx)));
        }
        if (!op.transposed()) {
            return new TiledTileable(target, out);
        }
        long[][] flipped = {target[1], target[0]};
        int[] flippedGrid = NSplits.gridShape(flipped);
        List<ChunkNode> ordered = new ArrayList<>(out);
        for (ChunkNode c : out) {
            ordered.set(NSplits.flat(flippedGrid, c.index()), c);
        }
        TiledTileable transposed = new TiledTileable(flipped, ordered);
        long[] shape = node.shape();
        long rows = Math.max(1, budget / Math.max(1, shape[1]));
        long[][] rowBlocks = {NSplits.even(shape[0], Math.min(Math.max(1, shape[0]), rows)), new long[] {shape[1]}};
        return shuffle(transposed, rowBlocks, node.key() + ".r", ctx);
    }

    private static ChunkFft chunkOp(TensorFft op, long[][] offsets, int[] index, List<ChunkAssemble.Piece> pieces) {
        long[] offset = new long[index.length];
        for (int d = 0; d < index.length; d++) {
            offset[d] = offsets[d][index[d]];
        }
        return new ChunkFft(op.axis(), op.inverse(), op.scale(), op.twiddleLength(), offset, op.transposed(), pieces);
    }

    private static long[] outShape(TensorFft op, long[] shape) {
        return op.transposed() ? new long[] {shape[1], shape[0]} : shape;
    }

    private static int[] outIndex(TensorFft op, int[] index) {
        return op.transposed() ? new int[] {index[1], index[0]} : index;
    }

    /**
     * {@code src} cut into {@code target}. Where a target chunk overlaps more than two source chunks (a transpose-like
     * change of cuts), each overlap is first copied out of its source as a small piece of its own and the target is
     * assembled from the pieces: every subtask then holds one source chunk or one target's pieces, instead of a
     * target holding all the sources it overlaps (the whole tensor, for a transpose) at once. Otherwise, and for
     * chunks made from their position alone, the ordinary rechunk.
     */
    static TiledTileable shuffle(TiledTileable src, long[][] target, String keyBase, TileContext ctx) {
        return shuffle(src, target, keyBase, ctx, (key, pieces, inputs, dtype, shape, index) ->
                ctx.chunk(key, new ChunkAssemble(pieces), inputs, dtype, shape, index));
    }

    /** Makes the node of a target chunk from its pieces (each piece's {@code input} indexes {@code inputs}). */
    @FunctionalInterface
    interface Target {
        ChunkNode make(String key, List<ChunkAssemble.Piece> pieces, List<ChunkNode> inputs, DataType dtype,
                long[] shape, int[] index);
    }

    /**
     * As {@link #shuffle(TiledTileable, long[][], String, TileContext)}, with the nodes that assemble the targets from
     * their pieces made by {@code assemble}, or null when the ordinary rechunk was used.
     */
    static TiledTileable shuffle(TiledTileable src, long[][] target, String keyBase, TileContext ctx,
            Target assemble) {
        if (java.util.Arrays.deepEquals(src.nsplits(), target)
                || src.chunks().get(0).op() instanceof BoxCreation) {
            return ctx.rechunk(src, target, keyBase);
        }
        int ndim = target.length;
        long[][] srcOff = new long[ndim][];
        long[][] dstOff = new long[ndim][];
        for (int a = 0; a < ndim; a++) {
            srcOff[a] = NSplits.offsets(src.nsplits()[a]);
            dstOff[a] = NSplits.offsets(target[a]);
        }
        int[] grid = NSplits.gridShape(target);
        int count = NSplits.chunkCount(target);
        int most = 1;
        for (int flat = 0; flat < count; flat++) {
            int[] idx = NSplits.unflat(grid, flat);
            int overlapped = 1;
            for (int a = 0; a < ndim; a++) {
                overlapped *= span(srcOff[a], dstOff[a][idx[a]], dstOff[a][idx[a] + 1]);
            }
            most = Math.max(most, overlapped);
        }
        if (most <= 2) {
            return ctx.rechunk(src, target, keyBase);
        }
        DataType dtype = src.chunks().get(0).dtype();
        // every overlap of a target with a source, by target
        List<List<Overlap>> byTarget = new ArrayList<>(count);
        Map<ChunkNode, List<Overlap>> bySource = new IdentityHashMap<>();
        for (int flat = 0; flat < count; flat++) {
            int[] idx = NSplits.unflat(grid, flat);
            int[] first = new int[ndim];
            int[] spans = new int[ndim];
            for (int a = 0; a < ndim; a++) {
                long lo = dstOff[a][idx[a]];
                long hi = dstOff[a][idx[a] + 1];
                first[a] = TileContext.findChunk(srcOff[a], lo);
                spans[a] = span(srcOff[a], lo, hi);
            }
            List<TileContext.BlockOverlap> blocks = TileContext.overlaps(srcOff, dstOff, idx, first, spans);
            List<Overlap> overlaps = new ArrayList<>(blocks.size());
            for (int s = 0; s < blocks.size(); s++) {
                TileContext.BlockOverlap b = blocks.get(s);
                Overlap overlap = new Overlap(src.chunk(b.sourceIndex()), b.sourceIndex(), flat, s, b.srcStart(),
                        b.dstStart(), b.extent());
                overlaps.add(overlap);
                bySource.computeIfAbsent(overlap.source(), k -> new ArrayList<>()).add(overlap);
            }
            byTarget.add(overlaps);
        }
        // the pieces of one source, each also reading the source's next piece: an ordering edge only (the kernel
        // reads input 0), so that the depth-first priorities cut all pieces of a source one after the other and the
        // source is released before the next one is read, instead of every target re-reading every source
        Map<Overlap, ChunkNode> pieces = new IdentityHashMap<>();
        for (ChunkNode source : src.chunks()) {
            List<Overlap> cuts = bySource.getOrDefault(source, List.of());
            ChunkNode next = null;
            for (int i = cuts.size() - 1; i >= 0; i--) {
                Overlap o = cuts.get(i);
                ChunkAssemble cut = new ChunkAssemble(List.of(new ChunkAssemble.Piece(0, o.srcStart(),
                        new long[ndim], o.extent())));
                List<ChunkNode> inputs = next == null ? List.of(source) : List.of(source, next);
                next = ctx.chunk(keyBase + ".p" + o.target() + "_" + o.position(), cut, inputs, dtype, o.extent(),
                        o.sourceIndex());
                pieces.put(o, next);
            }
        }
        List<ChunkNode> out = new ArrayList<>(count);
        for (int flat = 0; flat < count; flat++) {
            List<Overlap> overlaps = byTarget.get(flat);
            List<ChunkNode> inputs = new ArrayList<>(overlaps.size());
            List<ChunkAssemble.Piece> placed = new ArrayList<>(overlaps.size());
            for (Overlap o : overlaps) {
                placed.add(new ChunkAssemble.Piece(inputs.size(), new long[ndim], o.dstStart(), o.extent()));
                inputs.add(pieces.get(o));
            }
            int[] idx = NSplits.unflat(grid, flat);
            out.add(assemble.make(keyBase + ".rc" + flat, placed, inputs, dtype, NSplits.chunkShape(target, idx), idx));
        }
        return new TiledTileable(target, out);
    }

    /** Where target chunk {@code target} overlaps {@code source}: the box to cut and where it goes. */
    private record Overlap(ChunkNode source, int[] sourceIndex, int target, int position, long[] srcStart,
            long[] dstStart, long[] extent) {
    }

    /** How many chunks of the cuts at {@code offsets} overlap [lo, hi) (1 for an empty range). */
    private static int span(long[] offsets, long lo, long hi) {
        int first = TileContext.findChunk(offsets, lo);
        int last = hi == lo ? first : TileContext.findChunk(offsets, hi - 1);
        return last - first + 1;
    }

    /**
     * nsplits with {@code axis} whole and each other axis (last first) keeping its cuts while a chunk stays within
     * {@code budget} elements, else cut evenly to fit.
     */
    static long[][] wholeAxis(long[][] nsplits, int axis, long budget) {
        long[] shape = NSplits.shape(nsplits);
        long[][] target = new long[nsplits.length][];
        target[axis] = new long[] {shape[axis]};
        long left = Math.max(1, budget / Math.max(1, shape[axis]));
        for (int d = nsplits.length - 1; d >= 0; d--) {
            if (d == axis) {
                continue;
            }
            long largest = 0;
            for (long s : nsplits[d]) {
                largest = Math.max(largest, s);
            }
            if (largest <= left) {
                target[d] = nsplits[d].clone();
                left = Math.max(1, left / Math.max(1, largest));
                continue;
            }
            long size = Math.max(1, Math.min(shape[d], left));
            target[d] = NSplits.even(shape[d], size);
            left = Math.max(1, left / size);
        }
        return target;
    }

}
