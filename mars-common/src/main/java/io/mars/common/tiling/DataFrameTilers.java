package io.mars.common.tiling;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.graph.ChunkNode;
import io.mars.common.graph.TileableNode;
import io.mars.common.graph.TiledTileable;
import io.mars.common.model.NSplits;
import io.mars.common.operand.dataframe.AggFn;
import io.mars.common.operand.dataframe.AggSpec;
import io.mars.common.operand.dataframe.ChunkTableAggCombine;
import io.mars.common.operand.dataframe.ChunkTableAggFinal;
import io.mars.common.operand.dataframe.ChunkTableAggMap;
import io.mars.common.operand.dataframe.ChunkTableAssemble;
import io.mars.common.operand.dataframe.ChunkTableFilter;
import io.mars.common.operand.dataframe.ChunkTableFromLocal;
import io.mars.common.operand.dataframe.ChunkTableFromTensor;
import io.mars.common.operand.dataframe.ChunkTableMap;
import io.mars.common.operand.dataframe.ChunkTableToTensor;
import io.mars.common.operand.dataframe.ColumnExpr;
import io.mars.common.operand.dataframe.ColumnRef;
import io.mars.common.operand.dataframe.DataFrameFromLocal;
import io.mars.common.operand.dataframe.DataFrameFromTensor;
import io.mars.common.operand.dataframe.DataFrameToTensor;
import io.mars.common.operand.dataframe.TableAggregate;
import io.mars.common.operand.dataframe.TableFilter;
import io.mars.common.operand.dataframe.TableHead;
import io.mars.common.operand.dataframe.TableMap;
import io.mars.common.table.Columns;
import io.mars.types.LocalTable;
import io.mars.types.Shapes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The tiling rules of dataframes and series. A series' chunk grid is {@code (row chunks)}; a dataframe's is
 * {@code (row chunks, column chunks)}: one column chunk when it has at most {@link TilingConfig#columnChunk()} columns,
 * otherwise its sources cut the columns into groups of that many (the last may be shorter), chunk {@code (i, j)}
 * being the Arrow batch of row chunk {@code i} and column group {@code j} ({@link TiledTileable#columnGroups()} names
 * the groups; see {@link WideTables}). Every table has at least one chunk (an empty table one empty chunk), so its
 * columns travel with its data. Row-wise operands over several inputs align them by position: inputs cut differently
 * are re-cut to the common refinement of their row splits.
 *
 * <p>On a frame cut by columns, a map whose every output reads columns of one group only (select, col, rename, drop,
 * arithmetic with scalars, comparisons, isna/notna, fillna, astype) runs per column chunk, its outputs grouped as
 * their sources; a whole-frame reduction ({@code sum, mean, count, min, max, var, std}) reduces each column group
 * by its own tree; {@code toTensor} converts each chunk to a tensor block. Any other operand (and a map mixing
 * groups) reads full-width chunks stitched by the tiler registry.
 */
final class DataFrameTilers {
    private DataFrameTilers() {
    }

    static void registerAll(TilerRegistry r) {
        r.register(DataFrameFromLocal.class, DataFrameTilers::fromLocal);
        r.register(DataFrameFromTensor.class, DataFrameTilers::fromTensor);
        r.registerColumnWise(DataFrameToTensor.class, DataFrameTilers::toTensor); // --- wide ---
        r.registerColumnWise(TableMap.class, DataFrameTilers::map); // --- wide ---
        r.register(TableFilter.class, DataFrameTilers::filter);
        r.markRowWise(TableMap.class);
        r.markRowWise(TableFilter.class);
        r.register(TableHead.class, DataFrameTilers::head);
        r.registerColumnWise(TableAggregate.class, DataFrameTilers::aggregate); // --- wide ---
    }

    /** Whether a table node is a series (1-d) rather than a dataframe (2-d). */
    private static boolean isSeries(TileableNode node) {
        return node.shape().length == 1;
    }

    /** The shape of a row chunk of a table node: {@code (rows)} for a series, {@code (rows, columns)} for a frame. */
    static long[] chunkShape(TileableNode node, long rows) {
        return isSeries(node) ? new long[] {rows} : new long[] {rows, node.shape()[1]};
    }

    static int[] chunkIndex(TileableNode node, int i) {
        return isSeries(node) ? new int[] {i} : new int[] {i, 0};
    }

    static long[][] nsplits(TileableNode node, long[] rows) {
        return isSeries(node) ? new long[][] {rows} : new long[][] {rows, {node.shape()[1]}};
    }

    private static TiledTileable tiled(TileableNode node, long[] rows, List<ChunkNode> chunks) {
        return new TiledTileable(nsplits(node, rows), chunks);
    }

    static TiledTileable fromLocal(TileableNode node, DataFrameFromLocal op, List<TiledTileable> in, TileContext ctx) {
        LocalTable data = op.data();
        int n = data.rowCount();
        long[] widths = isSeries(node) ? new long[] {data.columnCount()}
                : WideTables.columnSplits(data.columnCount(), ctx.config().columnChunk());
        if (widths.length > 1) {
            return fromLocalWide(node, op, widths, ctx);
        }
        long per = op.chunkRows() > 0 ? op.chunkRows()
                : Math.max(1, ctx.autoChunkBytes() / (8L * Math.max(1, data.columnCount())));
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

    // --- wide ---
    /** A local table wider than the column chunk: row chunks sized for the widest group, times the column groups. */
    private static TiledTileable fromLocalWide(TileableNode node, DataFrameFromLocal op, long[] widths, TileContext ctx) {
        LocalTable data = op.data();
        int n = data.rowCount();
        long per = op.chunkRows() > 0 ? op.chunkRows()
                : Math.max(1, ctx.autoChunkBytes() / (8L * widths[0]));
        int count = (int) Math.max(1, (n + per - 1) / per);
        long[] rows = new long[count];
        List<ChunkNode> chunks = new ArrayList<>(count * widths.length);
        for (int i = 0; i < count; i++) {
            int start = (int) (i * per);
            int len = (int) Math.min(per, n - start);
            rows[i] = len;
            int from = 0;
            for (int j = 0; j < widths.length; j++) {
                LocalTable part = new LocalTable(data.columns().subList(from, from + (int) widths[j]));
                from += (int) widths[j];
                chunks.add(ctx.chunk(node.key() + "." + i + ".c" + j, new ChunkTableFromLocal(Columns.slice(part,
                        start, len)), List.of(), null, new long[] {len, widths[j]}, new int[] {i, j}));
            }
        }
        return new TiledTileable(new long[][] {rows, widths}, chunks, WideTables.groups(data.columnNames(), widths));
    }

    static TiledTileable fromTensor(TileableNode node, DataFrameFromTensor op, List<TiledTileable> in, TileContext ctx) {
        TiledTileable src = in.get(0);
        if (src.ndim() == 2 && NSplits.shape(src.nsplits())[1] > ctx.config().columnChunk()) {
            return fromTensorWide(node, op, src, ctx); // --- wide ---
        }
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

    // --- wide ---
    /**
     * A tensor wider than the column chunk: each of its column chunks cut into groups of at most the column chunk,
     * a table chunk per (tensor row chunk, group) reading its columns straight from the tensor chunk (no re-cut copy).
     */
    private static TiledTileable fromTensorWide(TileableNode node, DataFrameFromTensor op, TiledTileable src,
                                              TileContext ctx) {
        int per = ctx.config().columnChunk();
        List<Long> widthList = new ArrayList<>();
        List<int[]> at = new ArrayList<>(); // (tensor column chunk, first column in it)
        for (int t = 0; t < src.nsplits()[1].length; t++) {
            long w = src.nsplits()[1][t];
            for (long off = 0; off < w; off += per) {
                widthList.add(Math.min(per, w - off));
                at.add(new int[] {t, (int) off});
            }
        }
        long[] widths = widthList.stream().mapToLong(Long::longValue).toArray();
        long[] rows = src.nsplits()[0];
        List<List<String>> groups = WideTables.groups(op.columns(), widths);
        List<ChunkNode> chunks = new ArrayList<>(rows.length * widths.length);
        for (int i = 0; i < rows.length; i++) {
            for (int j = 0; j < widths.length; j++) {
                chunks.add(ctx.chunk(node.key() + "." + i + ".c" + j, new ChunkTableFromTensor(groups.get(j),
                        at.get(j)[1]), List.of(src.chunk(i, at.get(j)[0])), null, new long[] {rows[i], widths[j]},
                        new int[] {i, j}));
            }
        }
        return new TiledTileable(new long[][] {rows.clone(), widths}, chunks, groups);
    }

    static TiledTileable toTensor(TileableNode node, DataFrameToTensor op, List<TiledTileable> in, TileContext ctx) {
        TiledTileable src = in.get(0);
        if (WideTables.isWide(src)) {
            // --- wide --- a tensor block per table chunk: the tensor has the table's grid
            long[][] ns = {src.nsplits()[0].clone(), src.nsplits()[1].clone()};
            ChunkTableToTensor chunkOp = new ChunkTableToTensor(op.dtype(), false);
            List<ChunkNode> chunks = new ArrayList<>(src.chunks().size());
            for (int i = 0; i < ns[0].length; i++) {
                for (int j = 0; j < ns[1].length; j++) {
                    chunks.add(ctx.chunk(node.key() + "." + i + ".c" + j, chunkOp, List.of(src.chunk(i, j)),
                            node.dtype(), new long[] {ns[0][i], ns[1][j]}, new int[] {i, j}));
                }
            }
            return new TiledTileable(ns, chunks);
        }
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
        return new TiledTileable(ns, chunks);
    }

    /** The inputs cut at the same rows: each input re-cut to the common refinement where they differ. */
    private static List<TiledTileable> alignRows(TileableNode node, List<TiledTileable> in, TileContext ctx) {
        for (TiledTileable t : in) {
            if (!t.isKnown()) {
                // row counts known only when run (TilerRegistry.tilesUnknownRows checked that every input has as
                // many row chunks): chunk i pairs with chunk i, and the kernel checks their rows match
                return in;
            }
        }
        long total = NSplits.shape(in.get(0).nsplits())[0];
        List<long[]> splits = new ArrayList<>(in.size());
        for (TiledTileable t : in) {
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
        List<TiledTileable> out = new ArrayList<>(in.size());
        for (int k = 0; k < in.size(); k++) {
            out.add(rechunkRows(in.get(k), target, node.key() + ".in" + k, ctx));
        }
        return out;
    }

    /** A table re-cut into row chunks of {@code target} lengths (same total). */
    static TiledTileable rechunkRows(TiledTileable src, long[] target, String keyBase, TileContext ctx) {
        if (Arrays.equals(src.nsplits()[0], target)) {
            return src;
        }
        long[] srcOff = NSplits.offsets(src.nsplits()[0]);
        long[] dstOff = NSplits.offsets(target);
        boolean series = src.ndim() == 1;
        int groups = series ? 1 : src.nsplits()[1].length; // --- wide --- each column chunk re-cut on its own
        List<ChunkNode> out = new ArrayList<>(target.length * groups);
        for (int i = 0; i < target.length; i++) {
          for (int j = 0; j < groups; j++) {
            long lo = dstOff[i];
            long hi = dstOff[i + 1];
            List<ChunkNode> inputs = new ArrayList<>();
            List<ChunkTableAssemble.Piece> pieces = new ArrayList<>();
            for (int s = 0; s < srcOff.length - 1; s++) {
                long a = Math.max(lo, srcOff[s]);
                long b = Math.min(hi, srcOff[s + 1]);
                int rowChunks = srcOff.length - 1;
                if (b > a || (hi == lo && inputs.isEmpty() && s == rowChunks - 1)) {
                    pieces.add(new ChunkTableAssemble.Piece(inputs.size(), a - srcOff[s], Math.max(0, b - a)));
                    inputs.add(series ? src.chunks().get(s) : src.chunk(s, j));
                }
            }
            if (inputs.isEmpty()) {
                pieces.add(new ChunkTableAssemble.Piece(0, 0, 0));
                inputs.add(series ? src.chunks().get(0) : src.chunk(0, j));
            }
            long[] shape = inputs.get(0).shape().clone();
            shape[0] = hi - lo;
            int[] idx = series ? new int[] {i} : new int[] {i, j};
            String key = groups == 1 ? keyBase + ".rc" + i : keyBase + ".rc" + i + ".c" + j;
            out.add(ctx.chunk(key, new ChunkTableAssemble(pieces), inputs, null, shape, idx));
          }
        }
        long[][] ns = src.nsplits().clone();
        ns[0] = target.clone();
        return new TiledTileable(ns, out, src.columnGroups());
    }

    static TiledTileable map(TileableNode node, TableMap op, List<TiledTileable> in, TileContext ctx) {
        if (in.stream().anyMatch(WideTables::isWide)) { // --- wide ---
            TiledTileable byGroups = mapByColumnGroups(node, op, in, ctx);
            if (byGroups != null) {
                return byGroups;
            }
            in = WideTables.fullWidth(node, in, ctx);
        }
        List<TiledTileable> aligned = alignRows(node, in, ctx);
        long[] rows = aligned.get(0).nsplits()[0];
        ChunkTableMap chunkOp = new ChunkTableMap(op.outputs());
        List<ChunkNode> chunks = new ArrayList<>(rows.length);
        for (int i = 0; i < rows.length; i++) {
            List<ChunkNode> inputs = new ArrayList<>(aligned.size());
            for (TiledTileable t : aligned) {
                inputs.add(t.chunks().get(i));
            }
            chunks.add(ctx.chunk(node.key() + "." + i, chunkOp, inputs, null, chunkShape(node, rows[i]),
                    chunkIndex(node, i)));
        }
        return tiled(node, rows.clone(), chunks);
    }

    // --- wide ---
    /**
     * Consecutive outputs of one source grouped together: each source is an (input, column group) pair, or null for
     * an output reading no column of a wide input (it joins the group before it, or the one after when first).
     * Null when some output reads columns of two groups or of a group not known, or when the outputs would scatter
     * into many tiny groups (an interleaving reorder): such a map reads full-width chunks instead.
     */
    private static List<Integer> groupStarts(List<int[]> sources, List<int[]> groupSources) {
        List<Integer> starts = new ArrayList<>();
        for (int k = 0; k < sources.size(); k++) {
            int[] f = sources.get(k);
            if (starts.isEmpty()) {
                starts.add(k);
                groupSources.add(f);
                continue;
            }
            int[] cur = groupSources.get(groupSources.size() - 1);
            if (f == null || Arrays.equals(cur, f)) {
                continue;
            }
            if (cur == null) {
                groupSources.set(groupSources.size() - 1, f);
                continue;
            }
            starts.add(k);
            groupSources.add(f);
        }
        int groups = starts.size();
        return groups > 16 && groups * 4L > sources.size() ? null : starts;
    }

    /** The (input, column group) an output's column references read, or null if none; {-1} when it cannot be told. */
    private static int[] sourceOf(List<ColumnRef> refs, List<TiledTileable> in,
                                  List<Map<String, Integer>> groupIndex) {
        int[] from = null;
        for (ColumnRef r : refs) {
            if (!WideTables.isWide(in.get(r.input()))) {
                continue;
            }
            Integer g = groupIndex.get(r.input()).get(r.column());
            if (g == null || (from != null && (from[0] != r.input() || from[1] != g))) {
                return new int[] {-1};
            }
            from = new int[] {r.input(), g};
        }
        return from;
    }

    /** A map over a frame cut by columns, per column chunk; null when it must read full-width chunks instead. */
    private static TiledTileable mapByColumnGroups(TileableNode node, TableMap op, List<TiledTileable> in,
                                                 TileContext ctx) {
        List<ColumnExpr> outs = op.outputs();
        if (outs.isEmpty()) {
            return null;
        }
        List<Map<String, Integer>> groupIndex = new ArrayList<>(in.size());
        for (TiledTileable t : in) {
            groupIndex.add(WideTables.isWide(t) ? WideTables.groupIndex(t) : Map.of());
        }
        List<int[]> sources = new ArrayList<>(outs.size());
        for (ColumnExpr e : outs) {
            int[] from = sourceOf(e.args(), in, groupIndex);
            if (from != null && from[0] < 0) {
                return null;
            }
            sources.add(from);
        }
        List<int[]> groupSources = new ArrayList<>();
        List<Integer> starts = groupStarts(sources, groupSources);
        if (starts == null) {
            return null;
        }
        List<TiledTileable> aligned = alignRows(node, in, ctx);
        long[] rows = aligned.get(0).nsplits()[0];
        int groups = starts.size();
        long[] widths = new long[groups];
        List<List<String>> names = new ArrayList<>(groups);
        List<ChunkTableMap> ops = new ArrayList<>(groups);
        for (int j = 0; j < groups; j++) {
            int end = j + 1 < groups ? starts.get(j + 1) : outs.size();
            List<ColumnExpr> part = outs.subList(starts.get(j), end);
            widths[j] = part.size();
            names.add(part.stream().map(ColumnExpr::name).toList());
            ops.add(new ChunkTableMap(part));
        }
        List<ChunkNode> chunks = new ArrayList<>(rows.length * groups);
        for (int i = 0; i < rows.length; i++) {
            for (int j = 0; j < groups; j++) {
                int[] from = groupSources.get(j);
                List<ChunkNode> inputs = new ArrayList<>(aligned.size());
                for (int k = 0; k < aligned.size(); k++) {
                    TiledTileable t = aligned.get(k);
                    // an input this group reads no column of still gives the chunk its row count: any group will do
                    inputs.add(!WideTables.isWide(t) ? t.chunks().get(i)
                            : t.chunk(i, from != null && from[0] == k ? from[1] : 0));
                }
                if (groups == 1) {
                    chunks.add(ctx.chunk(node.key() + "." + i, ops.get(j), inputs, null, chunkShape(node, rows[i]),
                            chunkIndex(node, i)));
                } else {
                    chunks.add(ctx.chunk(node.key() + "." + i + ".c" + j, ops.get(j), inputs, null,
                            new long[] {rows[i], widths[j]}, new int[] {i, j}));
                }
            }
        }
        return groups == 1 ? tiled(node, rows.clone(), chunks)
                : new TiledTileable(new long[][] {rows.clone(), widths}, chunks, names);
    }

    static TiledTileable filter(TileableNode node, TableFilter op, List<TiledTileable> in, TileContext ctx) {
        List<TiledTileable> aligned = alignRows(node, in, ctx);
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

    static TiledTileable head(TileableNode node, TableHead op, List<TiledTileable> in, TileContext ctx) {
        TiledTileable src = in.get(0);
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
    static TiledTileable aggregate(TileableNode node, TableAggregate op, List<TiledTileable> in, TileContext ctx) {
        TiledTileable src = in.get(0);
        if (WideTables.isWide(src)) { // --- wide ---
            TiledTileable byGroups = op.keys().isEmpty() ? aggregateByColumnGroups(node, op, src, ctx) : null;
            if (byGroups != null) {
                return byGroups;
            }
            src = WideTables.fullWidth(node.inputs().get(0), src, ctx);
        }
        ChunkNode out = aggregateTree(node.key(), op.keys(), op.aggs(), src.chunks(), chunkShape(node,
                op.keys().isEmpty() ? 1 : Shapes.UNKNOWN), chunkIndex(node, 0), ctx);
        return tiled(node, new long[] {op.keys().isEmpty() ? 1 : Shapes.UNKNOWN}, List.of(out));
    }

    // --- wide ---
    /** A whole-frame reduction of a frame cut by columns: a tree per column group, a one-row chunk per group. */
    private static TiledTileable aggregateByColumnGroups(TileableNode node, TableAggregate op, TiledTileable src,
                                                       TileContext ctx) {
        Map<String, Integer> groupIndex = WideTables.groupIndex(src);
        List<int[]> sources = new ArrayList<>(op.aggs().size());
        for (AggSpec a : op.aggs()) {
            if (a.fn() == AggFn.SIZE) {
                sources.add(null);
                continue;
            }
            Integer g = groupIndex.get(a.column());
            if (g == null) {
                return null;
            }
            sources.add(new int[] {0, g});
        }
        List<int[]> groupSources = new ArrayList<>();
        List<Integer> starts = op.aggs().isEmpty() ? null : groupStarts(sources, groupSources);
        if (starts == null) {
            return null;
        }
        int groups = starts.size();
        long[] rows = src.nsplits()[0];
        long[] widths = new long[groups];
        List<List<String>> names = new ArrayList<>(groups);
        List<ChunkNode> chunks = new ArrayList<>(groups);
        for (int j = 0; j < groups; j++) {
            int end = j + 1 < groups ? starts.get(j + 1) : op.aggs().size();
            List<AggSpec> part = op.aggs().subList(starts.get(j), end);
            int g = groupSources.get(j) == null ? 0 : groupSources.get(j)[1];
            List<ChunkNode> leaves = new ArrayList<>(rows.length);
            for (int i = 0; i < rows.length; i++) {
                leaves.add(src.chunk(i, g));
            }
            widths[j] = part.size();
            names.add(part.stream().map(AggSpec::output).toList());
            String base = groups == 1 ? node.key() : node.key() + ".g" + j;
            chunks.add(aggregateTree(base, List.of(), part, leaves, groups == 1 ? chunkShape(node, 1)
                    : new long[] {1, widths[j]}, groups == 1 ? chunkIndex(node, 0) : new int[] {0, j}, ctx));
        }
        return groups == 1 ? tiled(node, new long[] {1}, chunks)
                : new TiledTileable(new long[][] {{1}, widths}, chunks, names);
    }

    /** The partial aggregation of every chunk, merged by a tree into one final chunk. */
    private static ChunkNode aggregateTree(String base, List<String> keys, List<AggSpec> aggs, List<ChunkNode> leaves,
                                           long[] shape, int[] index, TileContext ctx) {
        ChunkTableAggMap mapOp = new ChunkTableAggMap(keys, aggs);
        ChunkTableAggCombine combineOp = new ChunkTableAggCombine(keys, aggs);
        long[] unknown = {Shapes.UNKNOWN, 0};
        List<ChunkNode> level = new ArrayList<>();
        for (int i = 0; i < leaves.size(); i++) {
            level.add(ctx.chunk(base + ".m" + i, mapOp, List.of(leaves.get(i)), null, unknown, new int[] {i, 0}));
        }
        int fanIn = ctx.config().combineSize();
        int depth = 0;
        while (level.size() > 1) {
            List<ChunkNode> next = new ArrayList<>();
            for (int g = 0; g < level.size(); g += fanIn) {
                List<ChunkNode> group = level.subList(g, Math.min(level.size(), g + fanIn));
                next.add(group.size() == 1 ? group.get(0) : ctx.chunk(base + ".c" + depth + "." + next.size(),
                        combineOp, group, null, unknown, new int[] {next.size(), 0}));
            }
            level = next;
            depth++;
        }
        return ctx.chunk(base + ".0", new ChunkTableAggFinal(keys, aggs), level, null, shape, index);
    }

}
