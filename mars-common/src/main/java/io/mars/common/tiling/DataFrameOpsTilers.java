package io.mars.common.tiling;

import io.mars.common.graph.ChunkNode;
import io.mars.common.graph.MemoryEstimate;
import io.mars.common.graph.TileableNode;
import io.mars.common.graph.TiledTileable;
import io.mars.common.model.NSplits;
import io.mars.common.operand.Operand;
import io.mars.common.operand.dataframe.ChunkTableAggCombine;
import io.mars.common.operand.dataframe.ChunkTableAggFinal;
import io.mars.common.operand.dataframe.ChunkTableAggMap;
import io.mars.common.operand.dataframe.ChunkTableDropDuplicates;
import io.mars.common.operand.dataframe.ChunkTableJoin;
import io.mars.common.operand.dataframe.ChunkTablePartition;
import io.mars.common.operand.dataframe.ChunkTablePivots;
import io.mars.common.operand.dataframe.ChunkTableRowPositions;
import io.mars.common.operand.dataframe.ChunkTableSample;
import io.mars.common.operand.dataframe.ChunkTableSort;
import io.mars.common.operand.dataframe.MergeHow;
import io.mars.common.operand.dataframe.TableAggPartial;
import io.mars.common.operand.dataframe.TableAggStates;
import io.mars.common.operand.dataframe.TableConcat;
import io.mars.common.operand.dataframe.TableDropDuplicates;
import io.mars.common.operand.dataframe.TableMerge;
import io.mars.common.operand.dataframe.TableRowPositions;
import io.mars.common.operand.dataframe.TableSortValues;
import io.mars.types.Shapes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * Tiling rules of the dataframe operations that move rows between chunks: sort, merge, shuffle groupby, concat,
 * drop_duplicates. They share one shuffle pattern: a map per input chunk groups its rows by the part they go to
 * ({@link ChunkTablePartition}: by hash of the keys, or by range against sampled pivots), and a reduce per part reads
 * every map output, taking from each only the rows of its own part (the part numbered by the reduce's chunk index),
 * in chunk order, so row order within a part is the input's. The graph holds N maps and P reduces, not N x P
 * pieces; the worker reads each map output by part (see {@code SubtaskRunner}).
 */
final class DataFrameOpsTilers {
    private static final long UNKNOWN = Shapes.UNKNOWN;

    private DataFrameOpsTilers() {
    }

    static void registerAll(TilerRegistry r) {
        r.register(TableSortValues.class, DataFrameOpsTilers::sortValues);
        r.register(TableMerge.class, DataFrameOpsTilers::merge);
        r.markRowWise(TableAggPartial.class);
        r.unknownRows(TableMerge.class, (node, in, ctx) -> mergeMustKnow((TableMerge) node.op(), in, ctx));
        r.markRowWise(io.mars.common.operand.dataframe.SeriesAccessor.class);
        r.register(TableAggPartial.class, DataFrameOpsTilers::aggPartial);
        r.register(TableAggStates.class, DataFrameOpsTilers::aggStates);
        r.register(TableConcat.class, DataFrameOpsTilers::concat);
        r.register(TableDropDuplicates.class, DataFrameOpsTilers::dropDuplicates);
        r.register(io.mars.common.operand.dataframe.SeriesAccessor.class, DataFrameOpsTilers::accessor);
    }

    /** Chunk by chunk. */
    static TiledTileable accessor(TileableNode node, io.mars.common.operand.dataframe.SeriesAccessor op,
                                List<TiledTileable> in, TileContext ctx) {
        TiledTileable src = in.get(0);
        io.mars.common.operand.dataframe.ChunkSeriesAccessor chunkOp =
                new io.mars.common.operand.dataframe.ChunkSeriesAccessor(op.fn(), op.pattern(), op.replacement(),
                        op.start(), op.stop());
        long[] lengths = src.nsplits()[0];
        List<ChunkNode> out = new ArrayList<>(lengths.length);
        for (int i = 0; i < lengths.length; i++) {
            out.add(ctx.chunk(node.key() + "." + i, chunkOp, List.of(src.chunks().get(i)), null,
                    shape(node, lengths[i]), index(node, i)));
        }
        return tiled(node, lengths.clone(), out);
    }

    // ----- helpers -----

    private static boolean isSeries(TileableNode node) {
        return node.shape().length == 1;
    }

    private static long[] shape(TileableNode node, long rows) {
        return isSeries(node) ? new long[] {rows} : new long[] {rows, node.shape()[1]};
    }

    private static int[] index(TileableNode node, int i) {
        return isSeries(node) ? new int[] {i} : new int[] {i, 0};
    }

    private static TiledTileable tiled(TileableNode node, long[] rows, List<ChunkNode> chunks) {
        return new TiledTileable(isSeries(node) ? new long[][] {rows} : new long[][] {rows, {node.shape()[1]}}, chunks);
    }

    private static long[] unknown(int n) {
        long[] rows = new long[n];
        Arrays.fill(rows, UNKNOWN);
        return rows;
    }

    private static long rows(TiledTileable t) {
        return NSplits.shape(t.nsplits())[0];
    }

    private static List<Boolean> ascending(int n) {
        return Collections.nCopies(n, Boolean.TRUE);
    }

    /**
     * The map side of a shuffle of {@code src} into {@code parts} parts: one partitioned output per chunk of
     * {@code src}, in chunk order, which the reduce of part k reads only part k of. {@code pivots} is null for a hash
     * shuffle.
     */
    static List<ChunkNode> shuffle(String key, TiledTileable src, List<String> by, List<Boolean> ascending,
                                   int parts, ChunkNode pivots, TileContext ctx) {
        List<ChunkNode> out = new ArrayList<>(src.chunks().size());
        boolean series = src.ndim() == 1;
        for (int i = 0; i < src.chunks().size(); i++) {
            ChunkNode c = src.chunks().get(i);
            // row positions in front are made by the partition itself (no column to read and move); the positions
            // chunk is then read by nothing and left out of the graph
            ChunkTableRowPositions rp = positionsMadeBySplit(c, by);
            long positions = rp == null ? -1 : rp.offset();
            ChunkNode rows = rp == null ? c : c.inputs().get(0);
            ChunkTablePartition mapOp = new ChunkTablePartition(by, ascending, parts, pivots != null, positions);
            List<ChunkNode> ins = pivots == null ? List.of(rows) : List.of(rows, pivots);
            long[] mapShape = series ? new long[] {c.shape()[0]} : new long[] {c.shape()[0], c.shape()[1] + 1};
            out.add(ctx.chunk(key + ".sm" + i, mapOp, ins, null, mapShape, c.index()));
        }
        return out;
    }

    /**
     * The row positions chunk {@code c} is, when a shuffle by {@code by} makes them itself and reads the rows under
     * them instead (the keys are not the positions); null otherwise.
     */
    private static ChunkTableRowPositions positionsMadeBySplit(ChunkNode c, List<String> by) {
        return c.op() instanceof ChunkTableRowPositions rp && !by.contains(TableRowPositions.INDEX_COLUMN) ? rp : null;
    }

    /** {@code parts - 1} pivots of the key columns {@code by}, by regular sampling of every chunk (PSRS). */
    static ChunkNode pivots(String key, TiledTileable src, List<String> by, List<Boolean> ascending, int parts,
                            TileContext ctx) {
        List<ChunkNode> samples = new ArrayList<>(src.chunks().size());
        long[] lengths = src.nsplits()[0];
        for (int i = 0; i < src.chunks().size(); i++) {
            int count = (int) Math.min(parts, lengths[i]);
            ChunkNode c = src.chunks().get(i);
            // the keys are the same in front of row positions, which the partition makes itself (see shuffle)
            ChunkNode rows = positionsMadeBySplit(c, by) == null ? c : c.inputs().get(0);
            samples.add(ctx.chunk(key + ".ss" + i, new ChunkTableSample(by, ascending, count),
                    List.of(rows), null, new long[] {count, by.size()}, new int[] {i, 0}));
        }
        return ctx.chunk(key + ".pv", new ChunkTablePivots(by, ascending, parts), samples, null,
                new long[] {UNKNOWN, by.size()}, new int[] {0, 0});
    }

    /** One chunk of {@code op} over {@code inputs}, of unknown length. */
    private static ChunkNode reduce(TileableNode node, String key, Operand op, List<ChunkNode> inputs, int i,
                                    TileContext ctx) {
        return ctx.chunk(key, op, inputs, null, shape(node, UNKNOWN), index(node, i));
    }

    // ----- sort_values -----

    /** One chunk: sorted in place. Several: PSRS — pivots from regular samples, a range shuffle, a sort per part. */
    static TiledTileable sortValues(TileableNode node, TableSortValues op, List<TiledTileable> in, TileContext ctx) {
        TiledTileable src = in.get(0);
        if (op.limit() >= 0) {
            return topRows(node, op, src, ctx);
        }
        ChunkTableSort sortOp = new ChunkTableSort(op.by(), op.ascending());
        int p = src.chunks().size();
        if (p == 1) {
            long n = rows(src);
            ChunkNode out = ctx.chunk(node.key() + ".0", sortOp, List.of(src.chunks().get(0)), null, shape(node, n),
                    index(node, 0));
            return tiled(node, new long[] {n}, List.of(out));
        }
        ChunkNode pivots = pivots(node.key(), src, op.by(), op.ascending(), p, ctx);
        List<ChunkNode> maps = shuffle(node.key(), src, op.by(), op.ascending(), p, pivots, ctx);
        List<ChunkNode> out = new ArrayList<>(p);
        for (int k = 0; k < p; k++) {
            out.add(reduce(node, node.key() + "." + k, sortOp, maps, k, ctx));
        }
        return tiled(node, unknown(p), out);
    }

    /**
     * The first {@code limit} rows of the sort order: each chunk keeps its own first rows, then trees of
     * {@code combineSize} consecutive results keep theirs, down to one chunk. Every step is a stable sort of rows in
     * chunk order, so equal keys keep the input's order as in a full sort.
     */
    private static TiledTileable topRows(TileableNode node, TableSortValues op, TiledTileable src, TileContext ctx) {
        ChunkTableSort top = new ChunkTableSort(op.by(), op.ascending(), op.limit());
        String k = node.key();
        long[] lengths = src.nsplits()[0];
        List<ChunkNode> level = new ArrayList<>(src.chunks().size());
        for (int i = 0; i < src.chunks().size(); i++) {
            long rows = lengths[i] == UNKNOWN ? UNKNOWN : Math.min(lengths[i], op.limit());
            level.add(ctx.chunk(k + ".t" + i, top, List.of(src.chunks().get(i)), null, shape(node, rows),
                    index(node, i)));
        }
        int fanIn = Math.max(2, ctx.config().combineSize());
        int depth = 0;
        while (level.size() > 1) {
            List<ChunkNode> next = new ArrayList<>();
            for (int g = 0; g < level.size(); g += fanIn) {
                List<ChunkNode> group = level.subList(g, Math.min(level.size(), g + fanIn));
                next.add(group.size() == 1 ? group.get(0) : ctx.chunk(k + ".c" + depth + "." + next.size(), top,
                        group, null, shape(node, rowsAtMost(group, op.limit())), index(node, next.size())));
            }
            level = next;
            depth++;
        }
        ChunkNode out = level.get(0);
        if (out.index()[0] != 0) {
            out = ctx.chunk(k + ".0", top, List.of(out), null, out.shape(), index(node, 0));
        }
        return tiled(node, new long[] {out.shape()[0]}, List.of(out));
    }

    /** The rows of a top step over {@code group}: its inputs' rows, at most {@code limit}; unknown if any is. */
    private static long rowsAtMost(List<ChunkNode> group, long limit) {
        long n = 0;
        for (ChunkNode c : group) {
            if (c.shape()[0] == UNKNOWN) {
                return UNKNOWN;
            }
            n += c.shape()[0];
        }
        return Math.min(n, limit);
    }

    // ----- merge -----

    /** Which side of a merge is sent whole to every chunk of the other. */
    private enum Broadcast { RIGHT, LEFT, NONE }

    /**
     * A side is broadcast when it has (or, after a filter, can have) at most {@code broadcastRows} rows and the join
     * keeps no unmatched rows of it; the right one also when each side is one chunk, and always for a cross join.
     */
    private static Broadcast broadcast(MergeHow how, TiledTileable left, TiledTileable right, TileContext ctx) {
        long limit = ctx.config().broadcastRows();
        if (how == MergeHow.CROSS || !how.keepsRight() && (ctx.rowsAtMost(right) <= limit
                || right.chunks().size() == 1 && left.chunks().size() == 1)) {
            return Broadcast.RIGHT;
        }
        if (!how.keepsLeft() && !how.leftOnly() && ctx.rowsAtMost(left) <= limit) {
            return Broadcast.LEFT;
        }
        return Broadcast.NONE;
    }

    /**
     * Which sides of a merge must have known row counts. A side that a broadcast takes whole is broadcast without
     * counting either side, so a filtered table meets a small one in the stage of its filter; two one-chunk sides
     * need no count either. Otherwise a side of unknown count is computed first: its exact size decides between a
     * broadcast and a shuffle, and a filter's bound is too loose for that (a month of lineitem is bounded only by
     * all of lineitem, and a shuffle of the other side costs more than counting). Of two such sides that could be
     * broadcast, the one of smaller bound is computed first, and the other waits when its bound is larger: when the
     * first proves small, the other meets it in the stage of its own filter, uncounted (Q20's year of lineitem and
     * the few parts' partsupp rows); when it does not, the other is counted next. Another side that could be
     * broadcast but has no bound (a join's output) is counted at once, as nothing says it is the larger; a side that
     * cannot be broadcast (a left join's left) is counted only once the others have proved too large.
     */
    static List<Integer> mergeMustKnow(TableMerge op, List<TiledTileable> in, TileContext ctx) {
        if (broadcast(op.how(), in.get(0), in.get(1), ctx) != Broadcast.NONE
                || in.get(0).chunks().size() == 1 && in.get(1).chunks().size() == 1) {
            return List.of();
        }
        List<Integer> unknown = new ArrayList<>();
        List<Integer> candidates = new ArrayList<>();
        int first = -1;
        for (int i = 0; i < in.size(); i++) {
            if (!in.get(i).isKnown()) {
                unknown.add(i);
                boolean canBroadcast = i == 0 ? !op.how().keepsLeft() && !op.how().leftOnly() : !op.how().keepsRight();
                if (canBroadcast) {
                    candidates.add(i);
                    if (first < 0 || ctx.rowsAtMost(in.get(i)) < ctx.rowsAtMost(in.get(first))) {
                        first = i;
                    }
                }
            }
        }
        if (first < 0) {
            return unknown;
        }
        // the first, and another side that may be broadcast when it has no bound or one no larger, are counted now
        long firstBound = ctx.rowsAtMost(in.get(first));
        List<Integer> now = new ArrayList<>();
        for (int i : candidates) {
            long bound = ctx.rowsAtMost(in.get(i));
            if (bound == Long.MAX_VALUE || bound <= firstBound) {
                now.add(i);
            }
        }
        return now;
    }

    /**
     * A broadcast join when {@link #broadcast} says so (the small side gathered into one chunk and joined with every
     * chunk of the other); otherwise a hash shuffle of both sides into as many parts as the larger side has chunks,
     * joined part by part. A semi or anti merge has at most its left side's rows.
     */
    static TiledTileable merge(TileableNode node, TableMerge op, List<TiledTileable> in, TileContext ctx) {
        TiledTileable merged = mergeTiles(node, op, in, ctx);
        if (op.how().leftOnly()) {
            ctx.boundRows(merged, ctx.rowsAtMost(in.get(0)));
        }
        return merged;
    }

    private static TiledTileable mergeTiles(TileableNode node, TableMerge op, List<TiledTileable> in,
                                            TileContext ctx) {
        TiledTileable left = in.get(0);
        TiledTileable right = in.get(1);
        MergeHow how = op.how();
        String k = node.key();
        Broadcast side = broadcast(how, left, right, ctx);
        if (side != Broadcast.NONE) {
            boolean wholeRight = side == Broadcast.RIGHT;
            ChunkTableJoin one = new ChunkTableJoin(op.leftOn(), op.rightOn(), how, 1, op.leftSuffix(),
                    op.rightSuffix(), wholeRight);
            TiledTileable whole = wholeRight ? right : left;
            TiledTileable cut = wholeRight ? left : right;
            ChunkNode all = gather(k + (wholeRight ? ".br" : ".bl"), whole, ctx);
            List<ChunkNode> out = new ArrayList<>(cut.chunks().size());
            for (int i = 0; i < cut.chunks().size(); i++) {
                ChunkNode c = cut.chunks().get(i);
                out.add(reduce(node, k + "." + i, one, wholeRight ? List.of(c, all) : List.of(all, c), i, ctx));
            }
            return tiled(node, unknown(out.size()), out);
        }
        int p = shuffleParts(List.of(left, right), ctx);
        List<Boolean> asc = ascending(op.leftOn().size());
        List<ChunkNode> ins = new ArrayList<>(shuffle(k + ".l", left, op.leftOn(), asc, p, null, ctx));
        ins.addAll(shuffle(k + ".r", right, op.rightOn(), asc, p, null, ctx));
        ChunkTableJoin joinOp = new ChunkTableJoin(op.leftOn(), op.rightOn(), how, left.chunks().size(),
                op.leftSuffix(), op.rightSuffix());
        List<ChunkNode> out = new ArrayList<>(p);
        for (int part = 0; part < p; part++) {
            out.add(reduce(node, k + "." + part, joinOp, ins, part, ctx));
        }
        return tiled(node, unknown(p), out);
    }

    /** The fewest parts a shuffle is cut into (when its sides have that many chunks), for parallelism. */
    private static final int MIN_SHUFFLE_PARTS = 8;

    /**
     * The parts of a shuffle (a join's two sides, a grouped aggregation's states): as many as it takes for a part of
     * all sides to hold about an automatically sized chunk ({@link TileContext#autoChunkBytes()}, at 8 bytes a cell
     * as the memory estimate counts), at least {@value #MIN_SHUFFLE_PARTS} and at most as many as the largest side
     * has chunks (the rule before, and the one when a side's length is unknown). Every part reads a piece of every
     * map output, so the reads grow with maps times parts: SF 10's lineitem, 540 chunks, made 540 parts each reading
     * 540 + 150 pieces.
     */
    static int shuffleParts(List<TiledTileable> sides, TileContext ctx) {
        int most = 0;
        long bytes = 0; // saturating at Long.MAX_VALUE, which makes the most parts
        boolean known = true;
        for (TiledTileable side : sides) {
            most = Math.max(most, side.chunks().size());
            long b = side.isKnown() ? MemoryEstimate.bytes(NSplits.shape(side.nsplits()), null) : -1;
            known &= b >= 0;
            bytes = b > Long.MAX_VALUE - bytes ? Long.MAX_VALUE : bytes + Math.max(b, 0);
        }
        if (!known) {
            return most;
        }
        long per = ctx.autoChunkBytes();
        long parts = bytes / per + (bytes % per == 0 ? 0 : 1);
        return (int) Math.max(Math.min(most, MIN_SHUFFLE_PARTS), Math.min(most, parts));
    }

    /** All chunks of a table as one chunk (the chunk itself when there is one). */
    private static ChunkNode gather(String key, TiledTileable t, TileContext ctx) {
        if (t.chunks().size() == 1) {
            return t.chunks().get(0);
        }
        long[] shape = t.chunks().get(0).shape().clone();
        shape[0] = t.isKnown() ? rows(t) : UNKNOWN;
        int[] idx = new int[shape.length];
        return ctx.chunk(key, new ChunkTableSort(List.of(), List.of()), t.chunks(), null, shape, idx);
    }

    // ----- groupby -----

    static TiledTileable aggPartial(TileableNode node, TableAggPartial op, List<TiledTileable> in, TileContext ctx) {
        TiledTileable src = in.get(0);
        ChunkTableAggMap mapOp = new ChunkTableAggMap(op.keys(), op.aggs());
        List<ChunkNode> out = new ArrayList<>(src.chunks().size());
        for (int i = 0; i < src.chunks().size(); i++) {
            out.add(reduce(node, node.key() + "." + i, mapOp, List.of(src.chunks().get(i)), i, ctx));
        }
        return tiled(node, unknown(out.size()), out);
    }

    /**
     * The partial states' lengths are known here: when they hold at most {@code shuffleGroups} rows in all, a tree
     * merges them into one chunk; otherwise they are range-partitioned by the keys (pivots sampled from the states)
     * and each part is merged on its own, so the parts come out sorted and in key order.
     */
    static TiledTileable aggStates(TileableNode node, TableAggStates op, List<TiledTileable> in, TileContext ctx) {
        TiledTileable states = in.get(0);
        int p = states.chunks().size();
        ChunkTableAggFinal finalOp = new ChunkTableAggFinal(op.keys(), op.aggs());
        String k = node.key();
        if (p == 1 || rows(states) <= ctx.config().shuffleGroups()) {
            ChunkTableAggCombine combineOp = new ChunkTableAggCombine(op.keys(), op.aggs());
            List<ChunkNode> level = states.chunks();
            int fanIn = ctx.config().combineSize();
            int depth = 0;
            while (level.size() > fanIn) {
                List<ChunkNode> next = new ArrayList<>();
                for (int g = 0; g < level.size(); g += fanIn) {
                    List<ChunkNode> group = level.subList(g, Math.min(level.size(), g + fanIn));
                    next.add(group.size() == 1 ? group.get(0) : ctx.chunk(k + ".c" + depth + "." + next.size(),
                            combineOp, group, null, new long[] {UNKNOWN, 0}, new int[] {next.size(), 0}));
                }
                level = next;
                depth++;
            }
            return tiled(node, unknown(1), List.of(reduce(node, k + ".0", finalOp, level, 0, ctx)));
        }
        // as for a join: parts by the states' bytes, each part reading a piece of every map output
        int parts = shuffleParts(List.of(states), ctx);
        List<Boolean> asc = ascending(op.keys().size());
        ChunkNode pivots = pivots(k, states, op.keys(), asc, parts, ctx);
        List<ChunkNode> maps = shuffle(k, states, op.keys(), asc, parts, pivots, ctx);
        List<ChunkNode> out = new ArrayList<>(parts);
        for (int part = 0; part < parts; part++) {
            out.add(reduce(node, k + "." + part, finalOp, maps, part, ctx));
        }
        return tiled(node, unknown(parts), out);
    }

    // ----- concat, drop_duplicates -----

    /** The chunks of every input in order, each copied under the result's key. */
    static TiledTileable concat(TileableNode node, TableConcat op, List<TiledTileable> in, TileContext ctx) {
        ChunkTableSort copy = new ChunkTableSort(List.of(), List.of());
        List<ChunkNode> out = new ArrayList<>();
        List<Long> rows = new ArrayList<>();
        for (TiledTileable t : in) {
            long[] lengths = t.nsplits()[0];
            for (int i = 0; i < t.chunks().size(); i++) {
                if (lengths[i] == 0 && t.chunks().size() > 1) {
                    continue;
                }
                int at = out.size();
                out.add(ctx.chunk(node.key() + "." + at, copy, List.of(t.chunks().get(i)), null,
                        shape(node, lengths[i]), index(node, at)));
                rows.add(lengths[i]);
            }
        }
        return tiled(node, rows.stream().mapToLong(Long::longValue).toArray(), out);
    }

    /** A tree: each chunk dropped on its own, then {@code combineSize} consecutive results at a time. */
    static TiledTileable dropDuplicates(TileableNode node, TableDropDuplicates op, List<TiledTileable> in,
                                      TileContext ctx) {
        TiledTileable src = in.get(0);
        ChunkTableDropDuplicates dd = new ChunkTableDropDuplicates(op.subset());
        String k = node.key();
        List<ChunkNode> level = new ArrayList<>();
        for (int i = 0; i < src.chunks().size(); i++) {
            level.add(reduce(node, k + ".m" + i, dd, List.of(src.chunks().get(i)), i, ctx));
        }
        int fanIn = ctx.config().combineSize();
        int depth = 0;
        while (level.size() > 1) {
            List<ChunkNode> next = new ArrayList<>();
            for (int g = 0; g < level.size(); g += fanIn) {
                List<ChunkNode> group = level.subList(g, Math.min(level.size(), g + fanIn));
                next.add(group.size() == 1 ? group.get(0)
                        : reduce(node, k + ".c" + depth + "." + next.size(), dd, group, next.size(), ctx));
            }
            level = next;
            depth++;
        }
        ChunkNode last = level.get(0);
        ChunkNode out = last.index()[0] == 0 ? last : reduce(node, k + ".0", dd, List.of(last), 0, ctx);
        return tiled(node, unknown(1), List.of(out));
    }
}
