package io.mars.common.tiling;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.graph.ChunkNode;
import io.mars.common.graph.TileableNode;
import io.mars.common.graph.TiledTensor;
import io.mars.common.model.NSplits;
import io.mars.common.model.Shapes;
import io.mars.common.operand.dataframe.ChunkTableAggCombine;
import io.mars.common.operand.dataframe.ChunkTableAggFinal;
import io.mars.common.operand.dataframe.ChunkTableAggMap;
import io.mars.common.operand.dataframe.ChunkTableAssemble;
import io.mars.common.operand.dataframe.ChunkTableFilter;
import io.mars.common.operand.dataframe.ChunkTableFromLocal;
import io.mars.common.operand.dataframe.ChunkTableFromTensor;
import io.mars.common.operand.dataframe.ChunkTableMap;
import io.mars.common.operand.dataframe.ChunkTableToTensor;
import io.mars.common.operand.dataframe.DataFrameFromLocal;
import io.mars.common.operand.dataframe.DataFrameFromTensor;
import io.mars.common.operand.dataframe.DataFrameToTensor;
import io.mars.common.operand.dataframe.TableAggregate;
import io.mars.common.operand.dataframe.TableFilter;
import io.mars.common.operand.dataframe.TableHead;
import io.mars.common.operand.dataframe.TableMap;
import io.mars.common.table.Columns;
import io.mars.dataframe.LocalTable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The tiling rules of dataframes and series. Tables are cut by rows only: a dataframe's chunk grid is
 * {@code (row chunks, 1)}, a series' {@code (row chunks)}; every table has at least one chunk (an empty table one
 * empty chunk), so its columns travel with its data. Row-wise operands over several inputs align them by position:
 * inputs cut differently are re-cut to the common refinement of their row splits.
 */
final class DataFrameTilers {
    private DataFrameTilers() {
    }

    static void registerAll(TilerRegistry r) {
        r.register(DataFrameFromLocal.class, DataFrameTilers::fromLocal);
        r.register(DataFrameFromTensor.class, DataFrameTilers::fromTensor);
        r.register(DataFrameToTensor.class, DataFrameTilers::toTensor);
        r.register(TableMap.class, DataFrameTilers::map);
        r.register(TableFilter.class, DataFrameTilers::filter);
        r.register(TableHead.class, DataFrameTilers::head);
        r.register(TableAggregate.class, DataFrameTilers::aggregate);
    }

    /** Whether a table node is a series (1-d) rather than a dataframe (2-d). */
    private static boolean isSeries(TileableNode node) {
        return node.shape().length == 1;
    }

    private static long[] chunkShape(TileableNode node, long rows) {
        return isSeries(node) ? new long[] {rows} : new long[] {rows, node.shape()[1]};
    }

    private static int[] chunkIndex(TileableNode node, int i) {
        return isSeries(node) ? new int[] {i} : new int[] {i, 0};
    }

    private static long[][] nsplits(TileableNode node, long[] rows) {
        return isSeries(node) ? new long[][] {rows} : new long[][] {rows, {node.shape()[1]}};
    }

    private static TiledTensor tiled(TileableNode node, long[] rows, List<ChunkNode> chunks) {
        return new TiledTensor(nsplits(node, rows), chunks);
    }

    static TiledTensor fromLocal(TileableNode node, DataFrameFromLocal op, List<TiledTensor> in, TileContext ctx) {
        LocalTable data = op.data();
        int n = data.rowCount();
        long per = op.chunkRows() > 0 ? op.chunkRows()
                : Math.max(1, ctx.config().chunkStoreLimit() / (8L * Math.max(1, data.columnCount())));
        int count = (int) Math.max(1, (n + per - 1) / per);
        long[] rows = new long[count];
        List<ChunkNode> chunks = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            int start = (int) (i * per);
            int len = (int) Math.min(per, n - start);
            rows[i] = len;
            chunks.add(ctx.chunk(node.key() + "." + i, new ChunkTableFromLocal(Columns.slice(data, start, len)),
                    List.of(), null, chunkShape(node, len), chunkIndex(node, i)));
        }
        return tiled(node, rows, chunks);
    }

    static TiledTensor fromTensor(TileableNode node, DataFrameFromTensor op, List<TiledTensor> in, TileContext ctx) {
        TiledTensor src = in.get(0);
        if (src.ndim() == 2) {
            src = ctx.rechunk(src, new long[][] {src.nsplits()[0], {NSplits.shape(src.nsplits())[1]}}, node.key());
        }
        long[] rows = src.nsplits()[0];
        List<ChunkNode> chunks = new ArrayList<>(rows.length);
        ChunkTableFromTensor chunkOp = new ChunkTableFromTensor(op.columns());
        for (int i = 0; i < rows.length; i++) {
            chunks.add(ctx.chunk(node.key() + "." + i, chunkOp, List.of(src.chunks().get(i)), null,
                    chunkShape(node, rows[i]), chunkIndex(node, i)));
        }
        return tiled(node, rows.clone(), chunks);
    }

    static TiledTensor toTensor(TileableNode node, DataFrameToTensor op, List<TiledTensor> in, TileContext ctx) {
        TiledTensor src = in.get(0);
        long[] rows = src.nsplits()[0];
        boolean series = node.shape().length == 1;
        ChunkTableToTensor chunkOp = new ChunkTableToTensor(op.dtype(), series);
        List<ChunkNode> chunks = new ArrayList<>(rows.length);
        for (int i = 0; i < rows.length; i++) {
            long[] shape = series ? new long[] {rows[i]} : new long[] {rows[i], node.shape()[1]};
            int[] idx = series ? new int[] {i} : new int[] {i, 0};
            chunks.add(ctx.chunk(node.key() + "." + i, chunkOp, List.of(src.chunks().get(i)), node.dtype(), shape, idx));
        }
        long[][] ns = series ? new long[][] {rows.clone()} : new long[][] {rows.clone(), {node.shape()[1]}};
        return new TiledTensor(ns, chunks);
    }

    /** The inputs cut at the same rows: each input re-cut to the common refinement where they differ. */
    private static List<TiledTensor> alignRows(TileableNode node, List<TiledTensor> in, TileContext ctx) {
        long total = NSplits.shape(in.get(0).nsplits())[0];
        List<long[]> splits = new ArrayList<>(in.size());
        for (TiledTensor t : in) {
            long rows = NSplits.shape(t.nsplits())[0];
            if (rows != total) {
                throw new MarsException(ErrorCode.LENGTH_MISMATCH, "row-aligned operands have different lengths: "
                        + total + " and " + rows + " rows; align them (same frame, or filter both the same way) first");
            }
            splits.add(t.nsplits()[0]);
        }
        long[] target = TileContext.refine(splits);
        if (target.length == 0 || total == 0) {
            target = in.get(0).nsplits()[0];
        }
        List<TiledTensor> out = new ArrayList<>(in.size());
        for (int k = 0; k < in.size(); k++) {
            out.add(rechunkRows(in.get(k), target, node.key() + ".in" + k, ctx));
        }
        return out;
    }

    /** A table re-cut into row chunks of {@code target} lengths (same total). */
    static TiledTensor rechunkRows(TiledTensor src, long[] target, String keyBase, TileContext ctx) {
        if (Arrays.equals(src.nsplits()[0], target)) {
            return src;
        }
        long[] srcOff = NSplits.offsets(src.nsplits()[0]);
        long[] dstOff = NSplits.offsets(target);
        boolean series = src.ndim() == 1;
        List<ChunkNode> out = new ArrayList<>(target.length);
        for (int i = 0; i < target.length; i++) {
            long lo = dstOff[i];
            long hi = dstOff[i + 1];
            List<ChunkNode> inputs = new ArrayList<>();
            List<ChunkTableAssemble.Piece> pieces = new ArrayList<>();
            for (int s = 0; s < src.chunks().size(); s++) {
                long a = Math.max(lo, srcOff[s]);
                long b = Math.min(hi, srcOff[s + 1]);
                if (b > a || (hi == lo && inputs.isEmpty() && s == src.chunks().size() - 1)) {
                    pieces.add(new ChunkTableAssemble.Piece(inputs.size(), a - srcOff[s], Math.max(0, b - a)));
                    inputs.add(src.chunks().get(s));
                }
            }
            if (inputs.isEmpty()) {
                pieces.add(new ChunkTableAssemble.Piece(0, 0, 0));
                inputs.add(src.chunks().get(0));
            }
            long[] shape = src.chunks().get(0).shape().clone();
            shape[0] = hi - lo;
            int[] idx = series ? new int[] {i} : new int[] {i, 0};
            out.add(ctx.chunk(keyBase + ".rc" + i, new ChunkTableAssemble(pieces), inputs, null, shape, idx));
        }
        long[][] ns = src.nsplits().clone();
        ns[0] = target.clone();
        return new TiledTensor(ns, out);
    }

    static TiledTensor map(TileableNode node, TableMap op, List<TiledTensor> in, TileContext ctx) {
        List<TiledTensor> aligned = alignRows(node, in, ctx);
        long[] rows = aligned.get(0).nsplits()[0];
        ChunkTableMap chunkOp = new ChunkTableMap(op.outputs());
        List<ChunkNode> chunks = new ArrayList<>(rows.length);
        for (int i = 0; i < rows.length; i++) {
            List<ChunkNode> inputs = new ArrayList<>(aligned.size());
            for (TiledTensor t : aligned) {
                inputs.add(t.chunks().get(i));
            }
            chunks.add(ctx.chunk(node.key() + "." + i, chunkOp, inputs, null, chunkShape(node, rows[i]),
                    chunkIndex(node, i)));
        }
        return tiled(node, rows.clone(), chunks);
    }

    static TiledTensor filter(TileableNode node, TableFilter op, List<TiledTensor> in, TileContext ctx) {
        List<TiledTensor> aligned = alignRows(node, in, ctx);
        int count = aligned.get(0).chunks().size();
        long[] rows = new long[count];
        Arrays.fill(rows, Shapes.UNKNOWN);
        ChunkTableFilter chunkOp = new ChunkTableFilter();
        List<ChunkNode> chunks = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            chunks.add(ctx.chunk(node.key() + "." + i, chunkOp,
                    List.of(aligned.get(0).chunks().get(i), aligned.get(1).chunks().get(i)), null,
                    chunkShape(node, Shapes.UNKNOWN), chunkIndex(node, i)));
        }
        return tiled(node, rows, chunks);
    }

    static TiledTensor head(TileableNode node, TableHead op, List<TiledTensor> in, TileContext ctx) {
        TiledTensor src = in.get(0);
        long[] rows = src.nsplits()[0];
        long want = op.n();
        List<ChunkNode> inputs = new ArrayList<>();
        List<ChunkTableAssemble.Piece> pieces = new ArrayList<>();
        long taken = 0;
        for (int i = 0; i < rows.length && taken < want; i++) {
            long len = Math.min(rows[i], want - taken);
            if (len > 0) {
                pieces.add(new ChunkTableAssemble.Piece(inputs.size(), 0, len));
                inputs.add(src.chunks().get(i));
                taken += len;
            }
        }
        if (inputs.isEmpty()) {
            pieces.add(new ChunkTableAssemble.Piece(0, 0, 0));
            inputs.add(src.chunks().get(0));
        }
        ChunkNode out = ctx.chunk(node.key() + ".0", new ChunkTableAssemble(pieces), inputs, null,
                chunkShape(node, taken), chunkIndex(node, 0));
        return tiled(node, new long[] {taken}, List.of(out));
    }

    /** A tree: a partial aggregation per chunk, merges of {@code combineSize} consecutive states, one final step. */
    static TiledTensor aggregate(TileableNode node, TableAggregate op, List<TiledTensor> in, TileContext ctx) {
        TiledTensor src = in.get(0);
        ChunkTableAggMap mapOp = new ChunkTableAggMap(op.keys(), op.aggs());
        ChunkTableAggCombine combineOp = new ChunkTableAggCombine(op.keys(), op.aggs());
        long[] unknown = {Shapes.UNKNOWN, 0};
        List<ChunkNode> level = new ArrayList<>();
        for (int i = 0; i < src.chunks().size(); i++) {
            level.add(ctx.chunk(node.key() + ".m" + i, mapOp, List.of(src.chunks().get(i)), null, unknown,
                    new int[] {i, 0}));
        }
        int fanIn = ctx.config().combineSize();
        int depth = 0;
        while (level.size() > 1) {
            List<ChunkNode> next = new ArrayList<>();
            for (int g = 0; g < level.size(); g += fanIn) {
                List<ChunkNode> group = level.subList(g, Math.min(level.size(), g + fanIn));
                next.add(group.size() == 1 ? group.get(0) : ctx.chunk(node.key() + ".c" + depth + "." + next.size(),
                        combineOp, group, null, unknown, new int[] {next.size(), 0}));
            }
            level = next;
            depth++;
        }
        long rows = op.keys().isEmpty() ? 1 : Shapes.UNKNOWN;
        ChunkNode out = ctx.chunk(node.key() + ".0", new ChunkTableAggFinal(op.keys(), op.aggs()), level, null,
                chunkShape(node, rows), chunkIndex(node, 0));
        return tiled(node, new long[] {rows}, List.of(out));
    }

}
