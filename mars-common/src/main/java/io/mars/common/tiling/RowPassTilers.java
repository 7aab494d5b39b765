package io.mars.common.tiling;

import io.mars.common.graph.ChunkNode;
import io.mars.common.graph.TileableNode;
import io.mars.common.graph.TiledTileable;
import io.mars.common.model.NSplits;
import io.mars.common.operand.Operand;
import io.mars.common.operand.chunk.ChunkCentreAssign;
import io.mars.common.operand.chunk.ChunkCentreBounds;
import io.mars.common.operand.chunk.ChunkCentreMoves;
import io.mars.common.operand.chunk.ChunkCentreStats;
import io.mars.common.operand.chunk.ChunkLogisticTerms;
import io.mars.common.operand.chunk.ChunkSum;
import io.mars.common.operand.tensor.TensorAlignRows;
import io.mars.common.operand.tensor.TensorCentreAssign;
import io.mars.common.operand.tensor.TensorCentreBounds;
import io.mars.common.operand.tensor.TensorCentreMoves;
import io.mars.common.operand.tensor.TensorCentreStats;
import io.mars.common.operand.tensor.TensorLogisticTerms;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongFunction;

/**
 * Tiling rules of the fused passes over the rows of a matrix that the estimators iterate (nearest centres, a linear
 * model's loss terms): X's blocks of rows keep their splits, each with all its columns in one chunk (and any other
 * row-aligned input cut alike), the small inputs (centres, parameters) go into one chunk that every block reads, and
 * a block's pass is one subtask. Per-block tables are added up by a tree of {@link ChunkSum}, wide for small tables.
 */
final class RowPassTilers {
    /**
     * The most per-block tables one sum adds up (within the memory budget): the tables are small (a few kilobytes:
     * centres × features, or a model's parameters squared), so one subtask adding 64 costs next to nothing, where
     * the default fan-in ({@code mars.task.combine-size}, 4) would make a pass over 160 blocks also run 54 sums.
     */
    static final int TABLE_FAN_IN = 64;

    private RowPassTilers() {
    }

    static void registerAll(TilerRegistry r) {
        r.register(TensorCentreAssign.class,
                (node, op, in, ctx) -> perRow(node, in, ctx, 1, new ChunkCentreAssign(op.offset())));
        r.register(TensorCentreBounds.class,
                (node, op, in, ctx) -> perRow(node, in, ctx, op.initial() ? 1 : 2,
                        new ChunkCentreBounds(op.initial())));
        r.register(TensorCentreMoves.class,
                (node, op, in, ctx) -> summed(node, in, ctx, op.initial() ? 2 : 3,
                        firstRow -> new ChunkCentreMoves(op.initial())));
        r.register(TensorCentreStats.class,
                (node, op, in, ctx) -> summed(node, in, ctx, 1,
                        firstRow -> new ChunkCentreStats(op.offset(), op.distances())));
        r.register(TensorAlignRows.class, (node, op, in, ctx) -> alignRows(node, in, ctx));
        r.register(TensorLogisticTerms.class,
                (node, op, in, ctx) -> summed(node, in, ctx, 2,
                        firstRow -> new ChunkLogisticTerms(op.intercept(), op.hessian(), op.hessianEvery(), firstRow)));
    }

    /** The first input cut into the second's blocks of rows, whole along its other axes. */
    private static TiledTileable alignRows(TileableNode node, List<TiledTileable> in, TileContext ctx) {
        TiledTileable t = in.get(0);
        long[] shape = NSplits.shape(t.nsplits());
        long[][] target = new long[shape.length][];
        target[0] = in.get(1).nsplits()[0];
        for (int a = 1; a < shape.length; a++) {
            target[a] = new long[] {shape[a]};
        }
        return ctx.rechunk(t, target, node.key());
    }

    /**
     * One chunk per block of rows, of the node's dtype and shape but for its rows (a vector of one value a row, or a
     * table of a few columns), the first {@code rowInputs} inputs cut into the blocks.
     */
    private static TiledTileable perRow(TileableNode node, List<TiledTileable> in, TileContext ctx, int rowInputs,
            Operand op) {
        Blocks b = Blocks.of(node, in, rowInputs, ctx);
        long[] shape = node.shape();
        List<ChunkNode> out = new ArrayList<>(b.rows.length);
        for (int i = 0; i < b.rows.length; i++) {
            long[] chunkShape = shape.clone();
            chunkShape[0] = b.rows[i];
            int[] index = new int[shape.length];
            index[0] = i;
            out.add(ctx.chunk(node.key() + ".", i, op, b.inputs(i), node.dtype(), chunkShape, index));
        }
        long[][] ns = oneChunk(shape);
        ns[0] = b.rows;
        return new TiledTileable(ns, out);
    }

    /** One table of the node's shape per block of rows (its operand made from the block's first row), added up. */
    private static TiledTileable summed(TileableNode node, List<TiledTileable> in, TileContext ctx, int rowInputs,
            LongFunction<Operand> op) {
        Blocks b = Blocks.of(node, in, rowInputs, ctx);
        long[] shape = node.shape();
        int[] origin = new int[shape.length];
        List<ChunkNode> level = new ArrayList<>(b.rows.length);
        long firstRow = 0;
        for (int i = 0; i < b.rows.length; i++) {
            String key = b.rows.length == 1 ? node.key() + ".0" : node.key() + ".m" + i;
            level.add(ctx.chunk(key, op.apply(firstRow), b.inputs(i), node.dtype(), shape, origin));
            firstRow += b.rows[i];
        }
        long bytes = TileContext.blockBytes(shape, node.dtype());
        int fanIn = Math.max(ctx.fanIn(bytes, bytes), TileContext.fitting(TABLE_FAN_IN, 2, bytes, bytes,
                ctx.memoryBudget()));
        ChunkNode root = ctx.tree(level, fanIn, new ChunkSum(), node.key() + ".c", node.key() + ".0",
                node.dtype(), shape, origin);
        return new TiledTileable(oneChunk(shape), List.of(root));
    }

    /** The splits of one chunk of {@code shape}: one split a dimension, the whole of it. */
    private static long[][] oneChunk(long[] shape) {
        long[][] ns = new long[shape.length][];
        for (int a = 0; a < shape.length; a++) {
            ns[a] = new long[] {shape[a]};
        }
        return ns;
    }

    /**
     * The first {@code rowInputs} inputs (matrices) cut into X's blocks of rows with all their columns, the others in
     * one chunk each.
     */
    private record Blocks(long[] rows, List<TiledTileable> rowAligned, List<ChunkNode> whole) {
        static Blocks of(TileableNode node, List<TiledTileable> in, int rowInputs, TileContext ctx) {
            long[] rows = in.get(0).nsplits()[0];
            List<TiledTileable> aligned = new ArrayList<>(rowInputs);
            for (int i = 0; i < rowInputs; i++) {
                TiledTileable t = in.get(i);
                long columns = NSplits.shape(t.nsplits())[1];
                aligned.add(ctx.rechunk(t, new long[][] {rows, {columns}}, node.key() + ".r" + i));
            }
            List<ChunkNode> whole = new ArrayList<>(in.size() - rowInputs);
            for (int i = rowInputs; i < in.size(); i++) {
                whole.add(ctx.rechunk(in.get(i), oneChunk(NSplits.shape(in.get(i).nsplits())), node.key() + ".w" + i)
                        .chunks().get(0));
            }
            return new Blocks(rows, aligned, whole);
        }

        /** Block i's row-aligned chunks, then the whole inputs. */
        List<ChunkNode> inputs(int i) {
            List<ChunkNode> out = new ArrayList<>(rowAligned.size() + whole.size());
            for (TiledTileable t : rowAligned) {
                out.add(t.chunk(i, 0));
            }
            out.addAll(whole);
            return out;
        }
    }
}
