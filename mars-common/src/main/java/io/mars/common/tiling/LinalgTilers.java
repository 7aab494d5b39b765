package io.mars.common.tiling;

import io.mars.common.graph.ChunkNode;
import io.mars.common.graph.TileableNode;
import io.mars.common.graph.TiledTensor;
import io.mars.common.model.NSplits;
import io.mars.common.operand.chunk.ChunkAssemble;
import io.mars.common.operand.chunk.ChunkDiagonal;
import io.mars.common.operand.chunk.ChunkSmallLinalg;
import io.mars.common.operand.chunk.ChunkTsqrLeaf;
import io.mars.common.operand.chunk.ChunkTsqrMerge;
import io.mars.common.operand.chunk.ChunkTsqrQ;
import io.mars.common.operand.chunk.ChunkTsqrR;
import io.mars.common.operand.tensor.TensorDiagonal;
import io.mars.common.operand.tensor.TensorSmallLinalg;
import io.mars.common.operand.tensor.TensorTsqr;
import io.mars.common.operand.tensor.TensorTsqrPart;
import io.mars.types.DataType;
import java.util.ArrayList;
import java.util.List;

/** Tiling rules of the linear-algebra operands: diagonal, tall-skinny QR and whole-matrix decompositions. */
public final class LinalgTilers {
    private LinalgTilers() {
    }

    public static void registerAll(TilerRegistry r) {
        r.register(TensorDiagonal.class, LinalgTilers::diagonal);
        r.register(TensorTsqr.class, LinalgTilers::tsqr);
        r.register(TensorTsqrPart.class, LinalgTilers::tsqrPart);
        r.register(TensorSmallLinalg.class, LinalgTilers::smallLinalg);
    }

    /** The last two axes get the same splits; output chunk (..., d) is the diagonal of input chunk (..., d, d). */
    static TiledTensor diagonal(TileableNode node, TensorDiagonal op, List<TiledTensor> in, TileContext ctx) {
        TiledTensor src = in.get(0);
        int nd = src.ndim();
        long[][] ns = src.nsplits().clone();
        long n = Math.min(NSplits.shape(ns)[nd - 2], NSplits.shape(ns)[nd - 1]);
        long[] diag = TileContext.refine(List.of(clip(ns[nd - 2], n), clip(ns[nd - 1], n)));
        long[][] target = ns.clone();
        long[] rows = NSplits.shape(ns)[nd - 2] > n ? append(diag, NSplits.shape(ns)[nd - 2] - n) : diag;
        long[] cols = NSplits.shape(ns)[nd - 1] > n ? append(diag, NSplits.shape(ns)[nd - 1] - n) : diag;
        target[nd - 2] = rows;
        target[nd - 1] = cols;
        TiledTensor aligned = ctx.rechunk(src, target, node.key() + ".in");
        long[][] outNs = new long[nd - 1][];
        System.arraycopy(ns, 0, outNs, 0, nd - 2);
        outNs[nd - 2] = diag;
        int[] grid = NSplits.gridShape(outNs);
        int count = NSplits.chunkCount(outNs);
        List<ChunkNode> chunks = new ArrayList<>(count);
        ChunkDiagonal chunkOp = new ChunkDiagonal();
        for (int flat = 0; flat < count; flat++) {
            int[] idx = NSplits.unflat(grid, flat);
            int[] sidx = new int[nd];
            System.arraycopy(idx, 0, sidx, 0, nd - 2);
            sidx[nd - 2] = idx[nd - 2];
            sidx[nd - 1] = idx[nd - 2];
            chunks.add(ctx.chunk(node.key() + "." + flat, chunkOp, List.of(aligned.chunk(sidx)), node.dtype(),
                    NSplits.chunkShape(outNs, idx), idx));
        }
        return new TiledTensor(outNs, chunks);
    }

    /** The splits of an axis cut off at {@code n} (a zero-length axis keeps one empty chunk). */
    private static long[] clip(long[] splits, long n) {
        List<Long> out = new ArrayList<>();
        long pos = 0;
        for (long s : splits) {
            if (pos >= n) {
                break;
            }
            long take = Math.min(s, n - pos);
            out.add(take);
            pos += take;
        }
        if (out.isEmpty()) {
            out.add(0L);
        }
        return out.stream().mapToLong(Long::longValue).toArray();
    }

    private static long[] append(long[] xs, long x) {
        long[] out = java.util.Arrays.copyOf(xs, xs.length + 1);
        out[xs.length] = x;
        return out;
    }

    /**
     * TSQR: the columns go into one chunk and every row block gets at least n rows; each block is factored
     * (leaf), the R factors are stacked and factored again in groups of {@code combineSize} up to one root, whose R
     * is the result's R. Each block of Q is its leaf Q times the rows of every ancestor's Q that belong to it.
     */
    static TiledTensor tsqr(TileableNode node, TensorTsqr op, List<TiledTensor> in, TileContext ctx) {
        TiledTensor src = in.get(0);
        long[] shape = NSplits.shape(src.nsplits());
        long m = shape[0];
        long n = shape[1];
        long[] rows = atLeast(src.nsplits()[0], n);
        TiledTensor a = ctx.rechunk(src, new long[][] {rows, {n}}, node.key() + ".in");
        DataType f64 = DataType.FLOAT64;
        int leaves = rows.length;
        List<ChunkNode> level = new ArrayList<>();
        List<Long> levelK = new ArrayList<>();
        // parent[l][i]: index in level l+1 of node i of level l; offset[l][i]: its R's first row in the parent
        List<int[]> parents = new ArrayList<>();
        List<long[]> offsets = new ArrayList<>();
        for (int i = 0; i < leaves; i++) {
            long k = Math.min(rows[i], n);
            level.add(ctx.chunk(node.key() + ".leaf" + i, new ChunkTsqrLeaf(), List.of(a.chunk(i, 0)), f64,
                    new long[] {3 + rows[i] * k + k * n}, new int[] {i}));
            levelK.add(k);
        }
        List<List<ChunkNode>> levels = new ArrayList<>();
        levels.add(level);
        int combine = Math.max(2, ctx.config().combineSize());
        int round = 0;
        while (level.size() > 1) {
            List<ChunkNode> next = new ArrayList<>();
            List<Long> nextK = new ArrayList<>();
            int[] parent = new int[level.size()];
            long[] offset = new long[level.size()];
            for (int g = 0; g < level.size(); g += combine) {
                int end = Math.min(level.size(), g + combine);
                long stacked = 0;
                for (int i = g; i < end; i++) {
                    parent[i] = next.size();
                    offset[i] = stacked;
                    stacked += levelK.get(i);
                }
                long k = Math.min(stacked, n);
                next.add(ctx.chunk(node.key() + ".merge" + round + "_" + next.size(), new ChunkTsqrMerge(),
                        level.subList(g, end), f64, new long[] {3 + stacked * k + k * n}, new int[] {next.size()}));
                nextK.add(k);
            }
            parents.add(parent);
            offsets.add(offset);
            levels.add(next);
            level = next;
            levelK = nextK;
            round++;
        }
        ChunkNode root = level.get(0);
        List<ChunkNode> chunks = new ArrayList<>(leaves + 1);
        for (int i = 0; i < leaves; i++) {
            List<ChunkNode> inputs = new ArrayList<>();
            inputs.add(levels.get(0).get(i));
            long[] rowOffsets = new long[parents.size()];
            int at = i;
            for (int l = 0; l < parents.size(); l++) {
                rowOffsets[l] = offsets.get(l)[at];
                at = parents.get(l)[at];
                inputs.add(levels.get(l + 1).get(at));
            }
            chunks.add(ctx.chunk(node.key() + "." + i, new ChunkTsqrQ(rowOffsets), inputs, node.dtype(),
                    new long[] {rows[i], n}, new int[] {i, 0}));
        }
        chunks.add(ctx.chunk(node.key() + "." + leaves, new ChunkTsqrR(), List.of(root), node.dtype(),
                new long[] {n, n}, new int[] {leaves, 0}));
        long[] outRows = append(rows, n);
        assert m + n == NSplits.shape(new long[][] {outRows})[0];
        return new TiledTensor(new long[][] {outRows, {n}}, chunks);
    }

    /** Row splits merged so every block has at least {@code n} rows (one block if there are fewer rows in all). */
    static long[] atLeast(long[] splits, long n) {
        List<Long> out = new ArrayList<>();
        long acc = 0;
        for (long s : splits) {
            acc += s;
            if (acc >= Math.max(1, n)) {
                out.add(acc);
                acc = 0;
            }
        }
        if (acc > 0 || out.isEmpty()) {
            if (out.isEmpty()) {
                out.add(acc);
            } else {
                out.set(out.size() - 1, out.get(out.size() - 1) + acc);
            }
        }
        return out.stream().mapToLong(Long::longValue).toArray();
    }

    static TiledTensor tsqrPart(TileableNode node, TensorTsqrPart op, List<TiledTensor> in, TileContext ctx) {
        TiledTensor packed = in.get(0);
        long[] rows = packed.nsplits()[0];
        long n = packed.nsplits()[1][0];
        int blocks = rows.length - 1;
        if (!op.r()) {
            return new TiledTensor(new long[][] {java.util.Arrays.copyOf(rows, blocks), {n}},
                    packed.chunks().subList(0, blocks));
        }
        ChunkNode r = packed.chunks().get(blocks);
        ChunkAssemble copy = new ChunkAssemble(List.of(new ChunkAssemble.Piece(0, new long[2], new long[2],
                new long[] {n, n})));
        return new TiledTensor(new long[][] {{n}, {n}}, List.of(ctx.chunk(node.key() + ".0", copy, List.of(r),
                node.dtype(), new long[] {n, n}, new int[] {0, 0})));
    }

    /** Every input gathered into one chunk, then one chunk computes the result. */
    static TiledTensor smallLinalg(TileableNode node, TensorSmallLinalg op, List<TiledTensor> in, TileContext ctx) {
        List<ChunkNode> inputs = new ArrayList<>();
        for (int i = 0; i < in.size(); i++) {
            TiledTensor t = in.get(i);
            long[] shape = NSplits.shape(t.nsplits());
            long[][] one = new long[shape.length][];
            for (int a = 0; a < shape.length; a++) {
                one[a] = new long[] {shape[a]};
            }
            inputs.add(ctx.rechunk(t, one, node.key() + ".in" + i).chunks().get(0));
        }
        long[] shape = node.shape();
        long[][] outNs = new long[shape.length][];
        for (int a = 0; a < shape.length; a++) {
            outNs[a] = new long[] {shape[a]};
        }
        return new TiledTensor(outNs, List.of(ctx.chunk(node.key() + ".0", new ChunkSmallLinalg(op.fn(), op.output()),
                inputs, node.dtype(), shape, new int[shape.length])));
    }
}
