package io.mars.common.tiling;

import io.mars.common.graph.ChunkNode;
import io.mars.common.graph.TileableNode;
import io.mars.common.graph.TiledTileable;
import io.mars.common.operand.chunk.ChunkMapChunk;
import io.mars.common.operand.dataframe.ChunkSeriesApplyWhole;
import io.mars.common.operand.dataframe.ChunkSeriesMap;
import io.mars.common.operand.dataframe.ChunkTableApplyRows;
import io.mars.common.operand.dataframe.ChunkTableApplyRowsExpand;
import io.mars.common.operand.dataframe.ChunkTableGroupApply;
import io.mars.common.operand.dataframe.ChunkTableMapPartitions;
import io.mars.common.operand.dataframe.SeriesApplyWhole;
import io.mars.common.operand.dataframe.SeriesMap;
import io.mars.common.operand.dataframe.TableApplyRows;
import io.mars.common.operand.dataframe.TableApplyRowsExpand;
import io.mars.common.operand.dataframe.TableGroupApply;
import io.mars.common.operand.dataframe.TableMapPartitions;
import io.mars.common.operand.tensor.TensorMapChunk;
import io.mars.common.operand.tensor.TensorMapChunkShaped;
import io.mars.types.Shapes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Tiling of the operands that run a user function: one chunk of output per chunk of input, at its place, carrying
 * the function's bytes. A tensor chunk keeps its shape; a series, and the series of a frame's rows, keeps its row
 * counts; a frame's partitions get row counts known only once computed (the function may return any number of rows).
 * A function of a whole column gathers the column's chunks into one.
 */
final class UserFunctionTilers {
    private UserFunctionTilers() {
    }

    static void registerAll(TilerRegistry r) {
        r.register(TensorMapChunk.class, UserFunctionTilers::mapChunk);
        r.register(TensorMapChunkShaped.class, UserFunctionTilers::mapChunkShaped);
        r.markRowWise(SeriesMap.class);
        r.register(SeriesMap.class, UserFunctionTilers::seriesMap);
        r.register(TableMapPartitions.class, UserFunctionTilers::mapPartitions);
        r.markRowWise(TableApplyRows.class);
        r.register(TableApplyRows.class, UserFunctionTilers::applyRows);
        r.markRowWise(TableApplyRowsExpand.class);
        r.register(TableApplyRowsExpand.class, UserFunctionTilers::applyRowsExpand);
        r.register(TableGroupApply.class, UserFunctionTilers::groupApply);
        r.register(SeriesApplyWhole.class, UserFunctionTilers::applyWhole);
        r.register(io.mars.common.operand.dataframe.TableAlignSeries.class, UserFunctionTilers::alignSeries);
        r.register(io.mars.common.operand.tensor.TensorSpawn.class, UserFunctionTilers::spawn);
    }

    static TiledTileable mapChunk(TileableNode node, TensorMapChunk op, List<TiledTileable> in, TileContext ctx) {
        TiledTileable src = in.get(0);
        ChunkMapChunk chunkOp = new ChunkMapChunk(op.function());
        List<ChunkNode> out = new ArrayList<>(src.chunks().size());
        for (int i = 0; i < src.chunks().size(); i++) {
            ChunkNode c = src.chunks().get(i);
            out.add(ctx.chunk(node.key() + "." + i, chunkOp, List.of(c), node.dtype(), c.shape(), c.index()));
        }
        return new TiledTileable(copy(src.nsplits()), out);
    }

    /**
     * A chunk per input chunk, at its place, of the declared shape: along each axis the declared extent for every
     * chunk, the input's extents where it is {@link TensorMapChunkShaped#SAME}, unknown until computed where it is
     * {@link TensorMapChunkShaped#ANY}.
     */
    static TiledTileable mapChunkShaped(TileableNode node, TensorMapChunkShaped op, List<TiledTileable> in,
                                        TileContext ctx) {
        TiledTileable src = in.get(0);
        long[][] srcSplits = src.nsplits();
        long[][] nsplits = new long[srcSplits.length][];
        for (int k = 0; k < srcSplits.length; k++) {
            nsplits[k] = srcSplits[k].clone();
            if (op.chunkShape()[k] == TensorMapChunkShaped.ANY) {
                Arrays.fill(nsplits[k], Shapes.UNKNOWN); // what the function gives, known once computed
            } else if (op.chunkShape()[k] != TensorMapChunkShaped.SAME) {
                Arrays.fill(nsplits[k], op.chunkShape()[k]);
            }
        }
        ChunkMapChunk chunkOp = new ChunkMapChunk(op.function());
        List<ChunkNode> out = new ArrayList<>(src.chunks().size());
        for (int i = 0; i < src.chunks().size(); i++) {
            ChunkNode c = src.chunks().get(i);
            long[] shape = new long[nsplits.length];
            for (int k = 0; k < shape.length; k++) {
                shape[k] = nsplits[k][c.index()[k]];
            }
            out.add(ctx.chunk(node.key() + "." + i, chunkOp, List.of(c), node.dtype(), shape, c.index()));
        }
        return new TiledTileable(nsplits, out);
    }

    static TiledTileable seriesMap(TileableNode node, SeriesMap op, List<TiledTileable> in, TileContext ctx) {
        TiledTileable src = in.get(0);
        ChunkSeriesMap chunkOp = new ChunkSeriesMap(op.function(), op.dtype());
        long[] lengths = src.nsplits()[0];
        List<ChunkNode> out = new ArrayList<>(lengths.length);
        for (int i = 0; i < lengths.length; i++) {
            out.add(ctx.chunk(node.key() + "." + i, chunkOp, List.of(src.chunks().get(i)), null,
                    new long[] {lengths[i]}, new int[] {i}));
        }
        return new TiledTileable(new long[][] {lengths.clone()}, out);
    }

    static TiledTileable applyRows(TileableNode node, TableApplyRows op, List<TiledTileable> in, TileContext ctx) {
        TiledTileable src = in.get(0);
        ChunkTableApplyRows chunkOp = new ChunkTableApplyRows(op.function(), op.dtype());
        long[] lengths = src.nsplits()[0];
        List<ChunkNode> out = new ArrayList<>(lengths.length);
        for (int i = 0; i < lengths.length; i++) {
            out.add(ctx.chunk(node.key() + "." + i, chunkOp, List.of(src.chunks().get(i)), null,
                    new long[] {lengths[i]}, new int[] {i}));
        }
        return new TiledTileable(new long[][] {lengths.clone()}, out);
    }

    static TiledTileable applyRowsExpand(TileableNode node, TableApplyRowsExpand op, List<TiledTileable> in,
                                         TileContext ctx) {
        TiledTileable src = in.get(0);
        ChunkTableApplyRowsExpand chunkOp = new ChunkTableApplyRowsExpand(op.function(), op.columns(), op.dtypes(),
                op.broadcast());
        long[] lengths = src.nsplits()[0];
        long width = op.columns().size();
        List<ChunkNode> out = new ArrayList<>(lengths.length);
        for (int i = 0; i < lengths.length; i++) {
            out.add(ctx.chunk(node.key() + "." + i, chunkOp, List.of(src.chunks().get(i)), null,
                    new long[] {lengths[i], width}, new int[] {i, 0}));
        }
        return new TiledTileable(new long[][] {lengths.clone(), {width}}, out);
    }

    /**
     * One chunk over every chunk of the series: the function needs the whole column, so its values are gathered
     * where it runs (the kernel refuses a column too large for the worker's heap).
     */
    static TiledTileable applyWhole(TileableNode node, SeriesApplyWhole op, List<TiledTileable> in, TileContext ctx) {
        long rows = switch (op.result()) {
            case VALUE -> 1;
            case SERIES, LABELLED_SERIES -> Shapes.UNKNOWN; // as long as the function makes it
            case COLUMN, BROADCAST -> { // a column, as long
                long total = 0;
                for (long l : in.get(0).nsplits()[0]) {
                    total = l == Shapes.UNKNOWN || total == Shapes.UNKNOWN ? Shapes.UNKNOWN : total + l;
                }
                yield total;
            }
        };
        ChunkNode out = ctx.chunk(node.key() + ".0", new ChunkSeriesApplyWhole(op.function(), op.dtype(),
                op.result()), in.get(0).chunks(), null, new long[] {rows}, new int[] {0});
        return new TiledTileable(new long[][] {{rows}}, List.of(out));
    }

    /** One chunk over the one chunk of each column's series: the alignment needs every column's labels. */
    static TiledTileable alignSeries(TileableNode node, io.mars.common.operand.dataframe.TableAlignSeries op,
                                     List<TiledTileable> in, TileContext ctx) {
        List<ChunkNode> inputs = new ArrayList<>();
        for (TiledTileable t : in) {
            inputs.addAll(t.chunks());
        }
        long width = op.columns().size();
        ChunkNode out = ctx.chunk(node.key() + ".0", new io.mars.common.operand.dataframe.ChunkTableAlignSeries(
                op.columns(), op.dtypes(), op.labelled(), op.labels()), inputs, null,
                new long[] {Shapes.UNKNOWN, width}, new int[] {0, 0});
        return new TiledTileable(new long[][] {{Shapes.UNKNOWN}, {width}}, List.of(out));
    }

    static TiledTileable mapPartitions(TileableNode node, TableMapPartitions op, List<TiledTileable> in,
                                       TileContext ctx) {
        TiledTileable src = in.get(0);
        ChunkTableMapPartitions chunkOp = new ChunkTableMapPartitions(op.function(), op.columns(), op.dtypes());
        int count = src.chunks().size();
        long width = node.shape()[1];
        long[] rows = new long[count];
        Arrays.fill(rows, Shapes.UNKNOWN);
        List<ChunkNode> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            out.add(ctx.chunk(node.key() + "." + i, chunkOp, List.of(src.chunks().get(i)), null,
                    new long[] {Shapes.UNKNOWN, width}, new int[] {i, 0}));
        }
        return new TiledTileable(new long[][] {rows, {width}}, out);
    }

    /**
     * One chunk: its groups in place. Several: the sort's range shuffle by the keys (pivots sampled from every chunk),
     * so each group is whole in one part and the parts are in key order; the function runs per group in each part.
     */
    static TiledTileable groupApply(TileableNode node, TableGroupApply op, List<TiledTileable> in, TileContext ctx) {
        TiledTileable src = in.get(0);
        ChunkTableGroupApply chunkOp = new ChunkTableGroupApply(op.function(), op.keys(), op.columns(), op.dtypes());
        long width = node.shape()[1];
        int parts = src.chunks().size();
        List<ChunkNode> inputs = List.of(src.chunks().get(0));
        if (parts > 1) {
            List<Boolean> ascending = java.util.Collections.nCopies(op.keys().size(), Boolean.TRUE);
            ChunkNode pivots = DataFrameOpsTilers.pivots(node.key(), src, op.keys(), ascending, parts, ctx);
            inputs = DataFrameOpsTilers.shuffle(node.key(), src, op.keys(), ascending, parts, pivots, ctx);
        }
        long[] rows = new long[parts];
        Arrays.fill(rows, Shapes.UNKNOWN);
        List<ChunkNode> out = new ArrayList<>(parts);
        for (int k = 0; k < parts; k++) {
            out.add(ctx.chunk(node.key() + "." + k, chunkOp, inputs, null, new long[] {Shapes.UNKNOWN, width},
                    new int[] {k, 0}));
        }
        return new TiledTileable(new long[][] {rows, {width}}, out);
    }

    /** One chunk over the one chunk of each argument (the API makes each tensor argument one chunk). */
    static TiledTileable spawn(TileableNode node, io.mars.common.operand.tensor.TensorSpawn op, List<TiledTileable> in,
                               TileContext ctx) {
        List<ChunkNode> inputs = new ArrayList<>(in.size());
        for (TiledTileable t : in) {
            if (t.chunks().size() != 1) {
                throw new io.mars.common.error.MarsException(io.mars.common.error.ErrorCode.INTERNAL_ERROR, "spawn "
                        + node.key() + ": an argument of " + t.chunks().size() + " chunks; it must be one chunk");
            }
            inputs.add(t.chunks().get(0));
        }
        ChunkNode out = ctx.chunk(node.key() + ".0", new io.mars.common.operand.chunk.ChunkSpawn(op.function(),
                op.constants(), op.kinds()), inputs, node.dtype(), new long[] {Shapes.UNKNOWN}, new int[] {0});
        return new TiledTileable(new long[][] {{Shapes.UNKNOWN}}, List.of(out));
    }

    private static long[][] copy(long[][] nsplits) {
        long[][] out = new long[nsplits.length][];
        for (int i = 0; i < nsplits.length; i++) {
            out[i] = nsplits[i].clone();
        }
        return out;
    }
}
