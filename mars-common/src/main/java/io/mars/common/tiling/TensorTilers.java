package io.mars.common.tiling;

import io.mars.common.graph.ChunkNode;
import io.mars.common.graph.TileableNode;
import io.mars.common.graph.TiledTileable;
import io.mars.common.model.NSplits;
import io.mars.common.operand.Arg;
import io.mars.common.operand.chunk.ChunkArange;
import io.mars.common.operand.chunk.ChunkElementwise;
import io.mars.common.operand.chunk.ChunkFlatAssemble;
import io.mars.common.operand.chunk.ChunkFromArray;
import io.mars.common.operand.chunk.ChunkFull;
import io.mars.common.operand.chunk.ChunkRand;
import io.mars.common.operand.chunk.ChunkReduceAgg;
import io.mars.common.operand.chunk.ChunkReduceCombine;
import io.mars.common.operand.chunk.ChunkReduceMap;
import io.mars.common.operand.chunk.ChunkTranspose;
import io.mars.common.operand.tensor.TensorArange;
import io.mars.common.operand.tensor.TensorDot;
import io.mars.common.operand.tensor.TensorElementwise;
import io.mars.common.operand.tensor.TensorFromArray;
import io.mars.common.operand.tensor.TensorFull;
import io.mars.common.operand.tensor.TensorRand;
import io.mars.common.operand.tensor.TensorRechunk;
import io.mars.common.operand.tensor.TensorReduce;
import io.mars.common.operand.tensor.TensorReshape;
import io.mars.common.operand.tensor.TensorTranspose;
import io.mars.types.ChunkSpec;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import io.mars.types.Shapes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** The tiling rules of the tensor operands. */
final class TensorTilers {
    private TensorTilers() {
    }

    static void registerAll(TilerRegistry r) {
        r.register(TensorFull.class, TensorTilers::full);
        r.register(TensorArange.class, TensorTilers::arange);
        r.register(TensorFromArray.class, TensorTilers::fromArray);
        r.register(io.mars.common.operand.tensor.TensorFromFunction.class, TensorTilers::fromFunction);
        r.register(TensorRand.class, TensorTilers::rand);
        r.register(TensorElementwise.class, TensorTilers::elementwise);
        r.register(TensorTranspose.class, TensorTilers::transpose);
        r.register(TensorReshape.class, TensorTilers::reshape);
        r.register(TensorDot.class, TensorDotTiler::tile);
        r.register(TensorRechunk.class, TensorTilers::rechunk);
    }

    private static long[][] resolve(ChunkSpec spec, TileableNode node, TileContext ctx) {
        return spec.resolve(node.shape(), node.dtype(), ctx.autoChunkBytes());
    }

    /** Calls {@code make} for every chunk index of {@code nsplits} and collects the nodes. */
    private static TiledTileable eachChunk(long[][] nsplits, ChunkMaker make) {
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
    private interface ChunkMaker {
        ChunkNode make(int flat, int[] index, long[] shape);
    }

    static TiledTileable full(TileableNode node, TensorFull op, List<TiledTileable> in, TileContext ctx) {
        ChunkFull chunkOp = new ChunkFull(op.value());
        String prefix = node.key() + ".";
        return eachChunk(resolve(op.chunks(), node, ctx), (flat, idx, shape) ->
                ctx.chunk(prefix, flat, chunkOp, List.of(), node.dtype(), shape, idx));
    }

    static TiledTileable arange(TileableNode node, TensorArange op, List<TiledTileable> in, TileContext ctx) {
        long[][] ns = resolve(op.chunks(), node, ctx);
        long[] off = NSplits.offsets(ns[0]);
        return eachChunk(ns, (flat, idx, shape) -> ctx.chunk(node.key() + "." + flat,
                new ChunkArange(op.start(), op.step(), off[idx[0]]), List.of(), node.dtype(), shape, idx));
    }

    /** A chunk per chunk of the spec, each computing its elements from the tensor's coordinates of its first. */
    static TiledTileable fromFunction(TileableNode node, io.mars.common.operand.tensor.TensorFromFunction op,
                                      List<TiledTileable> in, TileContext ctx) {
        long[][] ns = resolve(op.chunks(), node, ctx);
        return eachChunk(ns, (flat, idx, shape) -> ctx.chunk(node.key() + "." + flat,
                new io.mars.common.operand.chunk.ChunkFromFunction(op.function(), NSplits.chunkOffset(ns, idx)),
                List.of(), node.dtype(), shape, idx));
    }

    static TiledTileable fromArray(TileableNode node, TensorFromArray op, List<TiledTileable> in, TileContext ctx) {
        long[][] ns = resolve(op.chunks(), node, ctx);
        NDArray data = op.data();
        if (NSplits.chunkCount(ns) == 1) {
            return eachChunk(ns, (flat, idx, shape) -> ctx.chunk(node.key() + "." + flat, new ChunkFromArray(data),
                    List.of(), node.dtype(), shape, idx));
        }
        return eachChunk(ns, (flat, idx, shape) -> ctx.chunk(node.key() + "." + flat,
                new ChunkFromArray(ArrayBoxes.box(data, NSplits.chunkOffset(ns, idx), shape)), List.of(),
                node.dtype(), shape, idx));
    }

    static TiledTileable rand(TileableNode node, TensorRand op, List<TiledTileable> in, TileContext ctx) {
        long[][] ns = resolve(op.chunks(), node, ctx);
        return eachChunk(ns, (flat, idx, shape) -> ctx.chunk(node.key() + "." + flat,
                new ChunkRand(op.seed(), op.stream(), node.shape(), NSplits.chunkOffset(ns, idx)), List.of(),
                node.dtype(), shape, idx));
    }

    static TiledTileable rechunk(TileableNode node, TensorRechunk op, List<TiledTileable> in, TileContext ctx) {
        return ctx.rechunk(in.get(0), resolve(op.chunks(), node, ctx), node.key());
    }

    /** Aligns the inputs' chunks (rechunking to a common refinement where they differ), then one chunk op each. */
    static TiledTileable elementwise(TileableNode node, TensorElementwise op, List<TiledTileable> in, TileContext ctx) {
        // from the tiled inputs, not the node: lengths unknown when the graph was built are known now
        long[] outShape = new long[0];
        for (TiledTileable t : in) {
            outShape = Shapes.broadcast(outShape, NSplits.shape(t.nsplits()));
        }
        int n = outShape.length;
        long[][] unified = new long[n][];
        for (int a = 0; a < n; a++) {
            List<long[]> candidates = new ArrayList<>();
            for (TiledTileable t : in) {
                int ia = a - (n - t.ndim());
                if (ia >= 0 && !(outShape[a] != 1 && sum(t.nsplits()[ia]) == 1)) {
                    candidates.add(t.nsplits()[ia]);
                }
            }
            unified[a] = candidates.isEmpty() ? new long[] {outShape[a]} : unify(candidates);
        }
        if (n > 0 && widens(node, in) && madeInPlace(in)) {
            unified[0] = withinBudget(unified, node.dtype().itemSize(), ctx.autoChunkBytes());
        }
        List<TiledTileable> aligned = new ArrayList<>(in.size());
        for (int i = 0; i < in.size(); i++) {
            TiledTileable t = in.get(i);
            long[][] target = new long[t.ndim()][];
            for (int ia = 0; ia < t.ndim(); ia++) {
                int a = ia + (n - t.ndim());
                boolean broadcast = outShape[a] != 1 && sum(t.nsplits()[ia]) == 1;
                target[ia] = broadcast ? t.nsplits()[ia] : unified[a];
            }
            aligned.add(ctx.rechunk(t, target, node.key() + ".in" + i));
        }
        ChunkElementwise chunkOp = new ChunkElementwise(op.fn(), op.args());
        String prefix = node.key() + ".";
        int[][] grids = new int[aligned.size()][];
        for (int i = 0; i < grids.length; i++) {
            grids[i] = aligned.get(i).grid();
        }
        return eachChunk(unified, (flat, idx, shape) -> {
            ChunkNode[] inputs = new ChunkNode[aligned.size()];
            for (int i = 0; i < inputs.length; i++) {
                TiledTileable t = aligned.get(i);
                int[] tidx = new int[t.ndim()];
                for (int ia = 0; ia < t.ndim(); ia++) {
                    int a = ia + (n - t.ndim());
                    tidx[ia] = t.nsplits()[ia].length == 1 ? 0 : idx[a];
                }
                inputs[i] = t.chunks().get(NSplits.flat(grids[i], tidx));
            }
            return ctx.chunk(prefix, flat, chunkOp, Arrays.asList(inputs), node.dtype(), shape, idx);
        });
    }

    /** Whether the result's items are wider than every input's (complex(re, im): 16 bytes from two of 8). */
    private static boolean widens(TileableNode node, List<TiledTileable> in) {
        for (TiledTileable t : in) {
            if (t.chunks().get(0).dtype().itemSize() >= node.dtype().itemSize()) {
                return false;
            }
        }
        return true;
    }

    /** Whether every input's chunks are made from their position alone: re-cut, they are made in the new cut. */
    private static boolean madeInPlace(List<TiledTileable> in) {
        for (TiledTileable t : in) {
            if (!(t.chunks().get(0).op() instanceof io.mars.common.operand.chunk.BoxCreation)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Axis 0's splits with each one cut further, as evenly as it goes, until a chunk of the result's items (of
     * {@code itemSize} bytes, the largest chunk of the other axes) stays within {@code budget}: a result wider than its
     * inputs would otherwise make chunks over the limit that its inputs' cut respected.
     */
    private static long[] withinBudget(long[][] nsplits, long itemSize, long budget) {
        long rowItems = 1;
        for (int a = 1; a < nsplits.length; a++) {
            long largest = 0;
            for (long s : nsplits[a]) {
                largest = Math.max(largest, s);
            }
            rowItems = Math.multiplyExact(rowItems, Math.max(1, largest));
        }
        long rows = Math.max(1, budget / Math.max(1, rowItems * itemSize));
        java.util.stream.LongStream.Builder out = java.util.stream.LongStream.builder();
        for (long s : nsplits[0]) {
            for (long part : NSplits.even(s, rows)) {
                out.add(part);
            }
        }
        return out.build().toArray();
    }

    private static long[] unify(List<long[]> candidates) {
        long[] first = candidates.get(0);
        for (long[] c : candidates) {
            if (!java.util.Arrays.equals(c, first)) {
                return TileContext.refine(candidates);
            }
        }
        return first;
    }

    private static long sum(long[] xs) {
        long s = 0;
        for (long x : xs) {
            s += x;
        }
        return s;
    }

    static TiledTileable transpose(TileableNode node, TensorTranspose op, List<TiledTileable> in, TileContext ctx) {
        TiledTileable src = in.get(0);
        int[] axes = op.axes();
        long[][] ns = new long[axes.length][];
        for (int i = 0; i < axes.length; i++) {
            ns[i] = src.nsplits()[axes[i]];
        }
        ChunkTranspose chunkOp = new ChunkTranspose(axes);
        return eachChunk(ns, (flat, idx, shape) -> {
            int[] sidx = new int[axes.length];
            for (int i = 0; i < axes.length; i++) {
                sidx[axes[i]] = idx[i];
            }
            return ctx.chunk(node.key() + "." + flat, chunkOp, List.of(src.chunk(sidx)), node.dtype(), shape, idx);
        });
    }

    /**
     * Reshape through contiguous runs: the input is cut (if needed) into chunks that each hold one C-order range
     * (only axis 0 split), the output likewise, and each output chunk copies the runs it overlaps.
     */
    static TiledTileable reshape(TileableNode node, TensorReshape op, List<TiledTileable> in, TileContext ctx) {
        TiledTileable src = rowBlocks(in.get(0), node.key() + ".src", ctx);
        long[] outShape = node.shape();
        long[][] outNs = rowSplits(outShape, node.dtype(), ctx);
        long[] srcStarts = flatStarts(src);
        long rowLen = outShape.length == 0 ? 1 : Shapes.size(outShape) / Math.max(1, outShape[0]);
        return eachChunk(outNs, (flat, idx, shape) -> {
            long lo = outShape.length == 0 ? 0 : NSplits.offsets(outNs[0])[idx[0]] * rowLen;
            long len = Shapes.size(shape);
            List<ChunkNode> inputs = new ArrayList<>();
            List<ChunkFlatAssemble.Run> runs = new ArrayList<>();
            int s = TileContext.findChunk(srcStarts, lo);
            long pos = lo;
            while (pos < lo + len) {
                long sEnd = srcStarts[s + 1];
                long take = Math.min(lo + len, sEnd) - pos;
                if (take > 0) {
                    runs.add(new ChunkFlatAssemble.Run(inputs.size(), pos - srcStarts[s], pos - lo, take));
                    inputs.add(src.chunks().get(s));
                    pos += take;
                }
                s++;
            }
            return ctx.chunk(node.key() + "." + flat, new ChunkFlatAssemble(runs), inputs, node.dtype(), shape, idx);
        });
    }

    private static long[] flatStarts(TiledTileable rows) {
        List<ChunkNode> cs = rows.chunks();
        long[] starts = new long[cs.size() + 1];
        for (int i = 0; i < cs.size(); i++) {
            starts[i + 1] = starts[i] + Shapes.size(cs.get(i).shape());
        }
        return starts;
    }

    /** Nsplits that split only axis 0, in blocks of rows under the chunk byte limit. */
    private static long[][] rowSplits(long[] shape, DataType dtype, TileContext ctx) {
        long[][] ns = new long[shape.length][];
        if (shape.length == 0) {
            return ns;
        }
        long rowBytes = Math.max(1, Shapes.size(shape) / Math.max(1, shape[0]) * dtype.itemSize());
        long rows = Math.max(1, ctx.autoChunkBytes() / rowBytes);
        ns[0] = ChunkSpec.split(shape[0], rows);
        for (int a = 1; a < shape.length; a++) {
            ns[a] = new long[] {shape[a]};
        }
        return ns;
    }

    private static TiledTileable rowBlocks(TiledTileable t, String keyBase, TileContext ctx) {
        for (int a = 1; a < t.ndim(); a++) {
            if (t.nsplits()[a].length != 1) {
                long[] shape = NSplits.shape(t.nsplits());
                return ctx.rechunk(t, rowSplits(shape, t.chunks().get(0).dtype(), ctx), keyBase);
            }
        }
        return t;
    }
}
