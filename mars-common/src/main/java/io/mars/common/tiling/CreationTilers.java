package io.mars.common.tiling;

import io.mars.common.graph.ChunkNode;
import io.mars.common.graph.TileableNode;
import io.mars.common.graph.TiledTileable;
import io.mars.common.model.NSplits;
import io.mars.common.operand.chunk.ChunkDiagExtract;
import io.mars.common.operand.chunk.ChunkDiagFromVector;
import io.mars.common.operand.chunk.ChunkEye;
import io.mars.common.operand.chunk.ChunkFromNpy;
import io.mars.common.operand.chunk.ChunkLinspace;
import io.mars.common.operand.chunk.ChunkSum;
import io.mars.common.operand.chunk.ChunkToNpy;
import io.mars.common.operand.chunk.ChunkTriangle;
import io.mars.common.operand.tensor.TensorDiag;
import io.mars.common.operand.tensor.TensorEye;
import io.mars.common.operand.tensor.TensorFromNpy;
import io.mars.common.operand.tensor.TensorLinspace;
import io.mars.common.operand.tensor.TensorToNpy;
import io.mars.common.operand.tensor.TensorTriangle;
import io.mars.types.ChunkSpec;
import io.mars.types.DataType;
import java.util.ArrayList;
import java.util.List;

/** Tiling rules of the creation operands: linspace, eye, diag, tril/triu and reading {@code .npy} files. */
final class CreationTilers {
    private CreationTilers() {
    }

    static void registerAll(TilerRegistry r) {
        r.register(TensorLinspace.class, CreationTilers::linspace);
        r.register(TensorEye.class, CreationTilers::eye);
        r.register(TensorDiag.class, CreationTilers::diag);
        r.register(TensorTriangle.class, CreationTilers::triangle);
        r.register(TensorFromNpy.class, CreationTilers::fromNpy);
        r.register(TensorToNpy.class, CreationTilers::toNpy);
    }

    /** Calls {@code make} for every chunk index of {@code nsplits} and collects the nodes. */
    static TiledTileable eachChunk(long[][] nsplits, ChunkMaker make) {
        int[] grid = NSplits.gridShape(nsplits);
        int count = NSplits.chunkCount(nsplits);
        List<ChunkNode> chunks = new ArrayList<>(count);
        for (int flat = 0; flat < count; flat++) {
            int[] idx = NSplits.unflat(grid, flat);
            chunks.add(make.make(flat, idx, NSplits.chunkShape(nsplits, idx), NSplits.chunkOffset(nsplits, idx)));
        }
        return new TiledTileable(nsplits, chunks);
    }

    @FunctionalInterface
    interface ChunkMaker {
        ChunkNode make(int flat, int[] index, long[] shape, long[] offset);
    }

    static long[][] resolve(ChunkSpec spec, TileableNode node, TileContext ctx) {
        return spec.resolve(node.shape(), node.dtype(), ctx.autoChunkBytes());
    }

    static TiledTileable linspace(TileableNode node, TensorLinspace op, List<TiledTileable> in, TileContext ctx) {
        return eachChunk(resolve(op.chunks(), node, ctx), (flat, idx, shape, off) -> ctx.chunk(node.key() + "." + flat,
                new ChunkLinspace(op.start(), op.stop(), op.num(), op.endpoint(), off[0]), List.of(), node.dtype(),
                shape, idx));
    }

    static TiledTileable eye(TileableNode node, TensorEye op, List<TiledTileable> in, TileContext ctx) {
        return eachChunk(resolve(op.chunks(), node, ctx), (flat, idx, shape, off) -> ctx.chunk(node.key() + "." + flat,
                new ChunkEye(op.k(), off[0], off[1]), List.of(), node.dtype(), shape, idx));
    }

    static TiledTileable fromNpy(TileableNode node, TensorFromNpy op, List<TiledTileable> in, TileContext ctx) {
        return eachChunk(resolve(op.chunks(), node, ctx), (flat, idx, shape, off) -> ctx.chunk(node.key() + "." + flat,
                new ChunkFromNpy(op.path(), op.dataOffset(), node.shape(), off), List.of(), node.dtype(), shape, idx));
    }

    /**
     * One writer per chunk of the input, each writing its box into the file where numpy's C order puts it, and a
     * summation tree of the bytes they wrote.
     */
    static TiledTileable toNpy(TileableNode node, TensorToNpy op, List<TiledTileable> in, TileContext ctx) {
        TiledTileable src = in.get(0);
        long[][] ns = src.nsplits();
        long[] full = NSplits.shape(ns);
        List<ChunkNode> writers = eachChunk(ns, (flat, idx, shape, off) -> ctx.chunk(node.key() + ".w" + flat,
                new ChunkToNpy(op.path(), op.dataOffset(), full, off), List.of(src.chunk(idx)), DataType.INT64,
                new long[0], new int[0])).chunks();
        ChunkNode bytes = ctx.tree(writers, ctx.config().combineSize(), new ChunkSum(), node.key() + ".s", null,
                DataType.INT64, new long[0], new int[0]);
        return new TiledTileable(new long[0][], List.of(bytes));
    }

    /** Masks each chunk by the global offsets of its last two axes; the chunks stay those of the input. */
    static TiledTileable triangle(TileableNode node, TensorTriangle op, List<TiledTileable> in, TileContext ctx) {
        TiledTileable src = in.get(0);
        long[][] ns = src.nsplits();
        int nd = ns.length;
        return eachChunk(ns, (flat, idx, shape, off) -> ctx.chunk(node.key() + "." + flat,
                new ChunkTriangle(op.k(), op.lower(), off[nd - 2], off[nd - 1]), List.of(src.chunk(idx)),
                node.dtype(), shape, idx));
    }

    static TiledTileable diag(TileableNode node, TensorDiag op, List<TiledTileable> in, TileContext ctx) {
        TiledTileable src = in.get(0);
        return src.ndim() == 1 ? diagFromVector(node, op.k(), src, ctx) : diagExtract(node, op.k(), src, ctx);
    }

    /**
     * A vector on diagonal k of a square matrix. The matrix is cut along the vector's chunks (plus |k| rows or
     * columns of zeros), so each block holds the diagonal part of at most a few vector chunks.
     */
    private static TiledTileable diagFromVector(TileableNode node, long k, TiledTileable v, TileContext ctx) {
        long[] vs = v.nsplits()[0];
        long[] rows = withPad(vs, Math.abs(k), k < 0);
        long[] cols = withPad(vs, Math.abs(k), k > 0);
        long[] vOff = NSplits.offsets(vs);
        long rowShift = Math.max(-k, 0);
        long colShift = Math.max(k, 0);
        return eachChunk(new long[][] {rows, cols}, (flat, idx, shape, off) -> {
            // element i of v sits at (i + rowShift, i + colShift)
            long lo = Math.max(off[0] - rowShift, off[1] - colShift);
            long hi = Math.min(off[0] + shape[0] - rowShift, off[1] + shape[1] - colShift);
            List<ChunkNode> inputs = new ArrayList<>();
            List<Long> starts = new ArrayList<>();
            for (int c = 0; c < vs.length; c++) {
                if (vs[c] > 0 && vOff[c] < hi && vOff[c + 1] > lo) {
                    inputs.add(v.chunk(c));
                    starts.add(vOff[c]);
                }
            }
            return ctx.chunk(node.key() + "." + flat, new ChunkDiagFromVector(k, off[0], off[1],
                    starts.stream().mapToLong(Long::longValue).toArray()), inputs, node.dtype(), shape, idx);
        });
    }

    /** The splits of a vector with {@code pad} more elements before ({@code before}) or after it. */
    private static long[] withPad(long[] splits, long pad, boolean before) {
        if (pad == 0) {
            return splits;
        }
        boolean emptyVector = splits.length == 1 && splits[0] == 0;
        if (emptyVector) {
            return new long[] {pad};
        }
        long[] out = new long[splits.length + 1];
        System.arraycopy(splits, 0, out, before ? 1 : 0, splits.length);
        out[before ? 0 : splits.length] = pad;
        return out;
    }

    /** Diagonal k of a matrix, cut where the diagonal crosses a chunk boundary: one input chunk per output chunk. */
    private static TiledTileable diagExtract(TileableNode node, long k, TiledTileable m, TileContext ctx) {
        long[] full = NSplits.shape(m.nsplits());
        long length = Math.max(0, Math.min(full[0] - Math.max(-k, 0), full[1] - Math.max(k, 0)));
        if (length == 0) {
            return new TiledTileable(new long[][] {{0}}, List.of(ctx.chunk(node.key() + ".0", new ChunkDiagExtract(0, 0),
                    List.of(), node.dtype(), new long[] {0}, new int[] {0})));
        }
        long[] rowOff = NSplits.offsets(m.nsplits()[0]);
        long[] colOff = NSplits.offsets(m.nsplits()[1]);
        long row = Math.max(-k, 0);
        long col = Math.max(k, 0);
        List<Long> lengths = new ArrayList<>();
        List<ChunkNode> chunks = new ArrayList<>();
        long i = 0;
        while (i < length) {
            int r = TileContext.findChunk(rowOff, row + i);
            int c = TileContext.findChunk(colOff, col + i);
            long take = Math.min(Math.min(rowOff[r + 1] - (row + i), colOff[c + 1] - (col + i)), length - i);
            int flat = chunks.size();
            chunks.add(ctx.chunk(node.key() + "." + flat,
                    new ChunkDiagExtract(row + i - rowOff[r], col + i - colOff[c]), List.of(m.chunk(r, c)),
                    node.dtype(), new long[] {take}, new int[] {flat}));
            lengths.add(take);
            i += take;
        }
        return new TiledTileable(new long[][] {lengths.stream().mapToLong(Long::longValue).toArray()}, chunks);
    }
}
