package io.mars.common.tiling;

import io.mars.common.graph.ChunkNode;
import io.mars.common.graph.TileableNode;
import io.mars.common.graph.TiledTileable;
import io.mars.common.model.NSplits;
import io.mars.common.operand.Arg;
import io.mars.common.operand.ElementwiseFn;
import io.mars.common.operand.SparseReduceFn;
import io.mars.common.operand.chunk.ChunkElementwise;
import io.mars.common.operand.chunk.ChunkSparseDot;
import io.mars.common.operand.chunk.ChunkSparseFromCoo;
import io.mars.common.operand.chunk.ChunkSparseFromDense;
import io.mars.common.operand.chunk.ChunkSparseReduce;
import io.mars.common.operand.chunk.ChunkSparseScale;
import io.mars.common.operand.chunk.ChunkSparseToDense;
import io.mars.common.operand.tensor.TensorSparseDot;
import io.mars.common.operand.tensor.TensorSparseFromCoo;
import io.mars.common.operand.tensor.TensorSparseFromDense;
import io.mars.common.operand.tensor.TensorSparseReduce;
import io.mars.common.operand.tensor.TensorSparseScale;
import io.mars.common.operand.tensor.TensorSparseToDense;
import io.mars.types.DataType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Tiling of sparse 2-d tensors: CSR row blocks, each holding all the columns of its rows (scipy's CSR layout cut by
 * rows), so a block's data is a {@code ReductionState} of [indptr, indices, data] and everything on it is local to a
 * block, but building from coordinates (each block reads every coordinate chunk) and the product with a dense matrix
 * (each block meets the dense matrix's column blocks, whole along k).
 */
final class SparseTilers {
    private SparseTilers() {
    }

    static void registerAll(TilerRegistry r) {
        r.register(TensorSparseFromCoo.class, SparseTilers::fromCoo);
        r.register(TensorSparseFromDense.class, SparseTilers::fromDense);
        r.register(TensorSparseToDense.class, SparseTilers::toDense);
        r.register(TensorSparseScale.class, SparseTilers::scale);
        r.register(TensorSparseReduce.class, SparseTilers::reduce);
        r.register(TensorSparseDot.class, SparseTilers::dot);
    }

    static TiledTileable fromCoo(TileableNode node, TensorSparseFromCoo op, List<TiledTileable> in, TileContext ctx) {
        long[] common = TileContext.refine(List.of(in.get(0).nsplits()[0], in.get(1).nsplits()[0],
                in.get(2).nsplits()[0]));
        List<ChunkNode> coordinates = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            TiledTileable t = common.length == 0 ? in.get(i) : ctx.rechunk(in.get(i), new long[][] {common},
                    node.key() + ".coo" + i);
            coordinates.addAll(t.chunks());
        }
        long nrows = node.shape()[0];
        long ncols = node.shape()[1];
        long[] blocks = blocks(nrows, op.rowChunk());
        List<ChunkNode> out = new ArrayList<>(blocks.length);
        long start = 0;
        for (int b = 0; b < blocks.length; b++) {
            out.add(ctx.chunk(node.key() + "." + b, new ChunkSparseFromCoo(start, nrows, ncols), coordinates,
                    node.dtype(), new long[] {blocks[b], ncols}, new int[] {b, 0}));
            start += blocks[b];
        }
        return new TiledTileable(new long[][] {blocks, {ncols}}, out);
    }

    static TiledTileable fromDense(TileableNode node, TensorSparseFromDense op, List<TiledTileable> in,
                                   TileContext ctx) {
        TiledTileable src = in.get(0);
        long ncols = node.shape()[1];
        long[] rows = src.nsplits()[0].clone();
        TiledTileable whole = ctx.rechunk(src, new long[][] {rows, {ncols}}, node.key() + ".rows");
        List<ChunkNode> out = new ArrayList<>(rows.length);
        for (int b = 0; b < rows.length; b++) {
            out.add(ctx.chunk(node.key() + "." + b, new ChunkSparseFromDense(), List.of(whole.chunks().get(b)),
                    node.dtype(), new long[] {rows[b], ncols}, new int[] {b, 0}));
        }
        return new TiledTileable(new long[][] {rows, {ncols}}, out);
    }

    static TiledTileable toDense(TileableNode node, TensorSparseToDense op, List<TiledTileable> in, TileContext ctx) {
        return perBlock(node, in.get(0), new ChunkSparseToDense(), node.dtype(), ctx);
    }

    static TiledTileable scale(TileableNode node, TensorSparseScale op, List<TiledTileable> in, TileContext ctx) {
        return perBlock(node, in.get(0), new ChunkSparseScale(op.divide(), op.scalar()), node.dtype(), ctx);
    }

    static TiledTileable reduce(TileableNode node, TensorSparseReduce op, List<TiledTileable> in, TileContext ctx) {
        TiledTileable src = in.get(0);
        long[] rows = src.nsplits()[0];
        long ncols = NSplits.shape(src.nsplits())[1];
        ChunkSparseReduce chunkOp = new ChunkSparseReduce(op.fn());
        List<ChunkNode> out = new ArrayList<>(rows.length);
        for (int b = 0; b < rows.length; b++) {
            ChunkNode c = src.chunks().get(b);
            String key = node.key() + (op.fn() == SparseReduceFn.ROW_SUMS ? "." : ".part") + b;
            out.add(switch (op.fn()) {
                case ROW_SUMS -> ctx.chunk(key, chunkOp, List.of(c), node.dtype(), new long[] {rows[b]},
                        new int[] {b});
                case COLUMN_SUMS -> ctx.chunk(key, chunkOp, List.of(c), node.dtype(), new long[] {ncols},
                        new int[] {0});
                case NNZ -> ctx.chunk(key, chunkOp, List.of(c), node.dtype(), new long[0], new int[0]);
            });
        }
        if (op.fn() == SparseReduceFn.ROW_SUMS) {
            return new TiledTileable(new long[][] {rows.clone()}, out);
        }
        // the blocks' column sums or counts added up by a tree of pairwise adds
        ChunkElementwise add = new ChunkElementwise(ElementwiseFn.ADD, List.of(Arg.input(0), Arg.input(1)));
        long[] shape = node.shape();
        ChunkNode total = ctx.tree(out, 2, add, node.key() + ".add", node.key() + ".0", node.dtype(), shape,
                new int[shape.length]);
        return new TiledTileable(shape.length == 0 ? new long[0][] : new long[][] {{ncols}}, List.of(total));
    }

    static TiledTileable dot(TileableNode node, TensorSparseDot op, List<TiledTileable> in, TileContext ctx) {
        TiledTileable sparse = in.get(0);
        TiledTileable dense = in.get(1);
        long[] rows = sparse.nsplits()[0];
        long k = NSplits.shape(dense.nsplits())[0];
        boolean vector = dense.nsplits().length == 1;
        long[][] whole = vector ? new long[][] {{k}} : new long[][] {{k}, dense.nsplits()[1].clone()};
        TiledTileable b = ctx.rechunk(dense, whole, node.key() + ".k");
        long[] cols = vector ? new long[0] : whole[1];
        int colBlocks = vector ? 1 : cols.length;
        List<ChunkNode> out = new ArrayList<>(rows.length * colBlocks);
        for (int i = 0; i < rows.length; i++) {
            for (int j = 0; j < colBlocks; j++) {
                long[] shape = vector ? new long[] {rows[i]} : new long[] {rows[i], cols[j]};
                int[] index = vector ? new int[] {i} : new int[] {i, j};
                out.add(ctx.chunk(node.key() + "." + i + "." + j, new ChunkSparseDot(),
                        List.of(sparse.chunks().get(i), b.chunks().get(j)), node.dtype(), shape, index));
            }
        }
        return new TiledTileable(vector ? new long[][] {rows.clone()} : new long[][] {rows.clone(), cols.clone()},
                out);
    }

    private static TiledTileable perBlock(TileableNode node, TiledTileable src,
                                          io.mars.common.operand.Operand chunkOp, DataType dtype, TileContext ctx) {
        List<ChunkNode> out = new ArrayList<>(src.chunks().size());
        for (int b = 0; b < src.chunks().size(); b++) {
            ChunkNode c = src.chunks().get(b);
            out.add(ctx.chunk(node.key() + "." + b, chunkOp, List.of(c), dtype, c.shape(), c.index()));
        }
        return new TiledTileable(new long[][] {src.nsplits()[0].clone(), src.nsplits()[1].clone()}, out);
    }

    /** Row blocks of {@code size} rows (the last shorter); one empty block for 0 rows. */
    private static long[] blocks(long n, long size) {
        if (n == 0) {
            return new long[] {0};
        }
        int count = (int) ((n + size - 1) / size);
        long[] out = new long[count];
        for (int i = 0; i < count; i++) {
            out[i] = Math.min(size, n - (long) i * size);
        }
        return out;
    }
}
