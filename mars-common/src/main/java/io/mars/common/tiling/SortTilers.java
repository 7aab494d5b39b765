package io.mars.common.tiling;

import io.mars.common.graph.ChunkNode;
import io.mars.common.graph.TileableNode;
import io.mars.common.graph.TiledTileable;
import io.mars.common.model.NSplits;
import io.mars.common.operand.chunk.ChunkBincountAgg;
import io.mars.common.operand.chunk.ChunkBincountCombine;
import io.mars.common.operand.chunk.ChunkBincountMap;
import io.mars.common.operand.chunk.ChunkHistogram;
import io.mars.common.operand.chunk.ChunkHistogramEdges;
import io.mars.common.operand.chunk.ChunkPsrsMerge;
import io.mars.common.operand.chunk.ChunkPsrsPiece;
import io.mars.common.operand.chunk.ChunkPsrsPivots;
import io.mars.common.operand.chunk.ChunkPsrsSample;
import io.mars.common.operand.chunk.ChunkPsrsSort;
import io.mars.common.operand.chunk.ChunkSearchSorted;
import io.mars.common.operand.chunk.ChunkSort;
import io.mars.common.operand.chunk.ChunkTopKMap;
import io.mars.common.operand.chunk.ChunkTopKMerge;
import io.mars.common.operand.chunk.ChunkSum;
import io.mars.common.operand.chunk.ChunkUniqueAgg;
import io.mars.common.operand.chunk.ChunkUniqueCombine;
import io.mars.common.operand.chunk.ChunkUniqueMap;
import io.mars.common.operand.tensor.TensorBincount;
import io.mars.common.operand.tensor.TensorHistogram;
import io.mars.common.operand.tensor.TensorHistogramEdges;
import io.mars.common.operand.tensor.TensorSearchSorted;
import io.mars.common.operand.tensor.TensorSort;
import io.mars.common.operand.tensor.TensorTopK;
import io.mars.common.operand.tensor.TensorTopKPart;
import io.mars.common.operand.tensor.TensorUnique;
import io.mars.types.DataType;
import io.mars.types.Shapes;
import java.util.ArrayList;
import java.util.List;

/**
 * The tiling rules of sorting, searching, sets and histograms. Sorting along an axis that lies within one chunk is
 * chunk-local; a 1-d sort across chunks is parallel sorting by regular sampling (PSRS), whose output parts have
 * lengths known only once computed. Counting (histogram, bincount, unique) is a tree: map per chunk, combines of
 * {@code combineSize}, one final chunk.
 */
final class SortTilers {
    private static final long UNKNOWN = Shapes.UNKNOWN;

    private SortTilers() {
    }

    static void registerAll(TilerRegistry r) {
        r.register(TensorSort.class, SortTilers::sort);
        r.register(TensorSearchSorted.class, SortTilers::searchsorted);
        r.register(TensorHistogramEdges.class, SortTilers::histogramEdges);
        r.register(TensorHistogram.class, SortTilers::histogram);
        r.register(TensorBincount.class, SortTilers::bincount);
        r.register(TensorUnique.class, SortTilers::unique);
        r.register(TensorTopK.class, SortTilers::topk);
        r.register(TensorTopKPart.class, SortTilers::topkPart);
    }

    // ----- top-k -----

    /**
     * A tree along the axis, as a reduction's: a map per chunk keeps the best k of each of its lines with their
     * positions in the whole axis, and merges of {@link TileContext#fanIn} such states keep the best k of theirs, down
     * to one state per output chunk; the other axes keep their chunks. Only k entries per line and chunk move, never a
     * whole line, and a chunk's map can run in the subtask that computes the chunk.
     */
    static TiledTileable topk(TileableNode node, TensorTopK op, List<TiledTileable> in, TileContext ctx) {
        TiledTileable src = in.get(0);
        int axis = op.axis();
        long[][] ns = src.nsplits();
        long[] offsets = NSplits.offsets(ns[axis]);
        long[][] outNs = ns.clone();
        outNs[axis] = new long[] {Math.min(op.k(), NSplits.shape(ns)[axis])};
        int[] outGrid = NSplits.gridShape(outNs);
        int outCount = NSplits.chunkCount(outNs);
        DataType keyType = src.chunks().get(0).dtype().isFloat() ? DataType.FLOAT64 : DataType.INT64;
        ChunkTopKMerge combineOp = new ChunkTopKMerge(axis, op.k(), op.largest(), ChunkTopKMerge.Part.STATE);
        List<ChunkNode> out = new ArrayList<>(outCount);
        for (int o = 0; o < outCount; o++) {
            int[] oidx = NSplits.unflat(outGrid, o);
            long[] stateShape = NSplits.chunkShape(outNs, oidx);
            List<ChunkNode> level = new ArrayList<>(ns[axis].length);
            for (int j = 0; j < ns[axis].length; j++) {
                int[] sidx = oidx.clone();
                sidx[axis] = j;
                long[] mapShape = stateShape.clone();
                mapShape[axis] = Math.min(op.k(), ns[axis][j]);
                ChunkTopKMap mapOp = new ChunkTopKMap(axis, op.k(), op.largest(), offsets[j]);
                String key = ns[axis].length == 1 ? node.key() + "." + o : node.key() + ".m" + o + "_" + j;
                level.add(ctx.chunk(key, mapOp, List.of(src.chunk(sidx)), keyType, mapShape, sidx));
            }
            // two parts per entry (value and position) in and out of each merge
            long stateBytes = 2 * TileContext.blockBytes(stateShape, DataType.INT64);
            out.add(ctx.tree(level, ctx.fanIn(stateBytes, stateBytes), combineOp, node.key() + ".c" + o + "_",
                    node.key() + "." + o, keyType, stateShape, oidx));
        }
        return new TiledTileable(outNs, out);
    }

    /** Each top-k state chunk read as the values (in the node's dtype) or the positions. */
    static TiledTileable topkPart(TileableNode node, TensorTopKPart op, List<TiledTileable> in, TileContext ctx) {
        TiledTileable states = in.get(0);
        ChunkTopKMerge partOp = new ChunkTopKMerge(op.axis(), op.k(), op.largest(),
                op.indices() ? ChunkTopKMerge.Part.INDICES : ChunkTopKMerge.Part.VALUES);
        List<ChunkNode> out = new ArrayList<>(states.chunks().size());
        for (int i = 0; i < states.chunks().size(); i++) {
            ChunkNode c = states.chunks().get(i);
            out.add(ctx.chunk(node.key() + "." + i, partOp, List.of(c), node.dtype(), c.shape(), c.index()));
        }
        return new TiledTileable(states.nsplits(), out);
    }

    // ----- sort -----

    static TiledTileable sort(TileableNode node, TensorSort op, List<TiledTileable> in, TileContext ctx) {
        TiledTileable src = in.get(0);
        int axis = op.axis();
        long[][] ns = src.nsplits();
        if (ns[axis].length <= 1) {
            return sortLocal(node, op, src, ctx);
        }
        if (ns.length == 1) {
            return psrs(node, op, src, ctx);
        }
        // n-d: lines along the axis need their own pivots, so the axis is gathered into one chunk (other axes keep
        // their chunks), sorted, and cut back to the input's chunks
        long[][] gathered = ns.clone();
        gathered[axis] = new long[] {NSplits.shape(ns)[axis]};
        TiledTileable whole = ctx.rechunk(src, gathered, node.key() + ".g");
        TiledTileable sorted = sortLocal(node, op, whole, ctx);
        return ctx.rechunk(sorted, ns, node.key() + ".s");
    }

    private static TiledTileable sortLocal(TileableNode node, TensorSort op, TiledTileable src, TileContext ctx) {
        ChunkSort chunkOp = new ChunkSort(op.axis(), op.indices());
        List<ChunkNode> out = new ArrayList<>(src.chunks().size());
        for (int i = 0; i < src.chunks().size(); i++) {
            ChunkNode c = src.chunks().get(i);
            out.add(ctx.chunk(node.key() + "." + i, chunkOp, List.of(c), node.dtype(), c.shape(), c.index()));
        }
        return new TiledTileable(src.nsplits(), out);
    }

    /**
     * PSRS over the p chunks of a 1-d tensor: each chunk sorts and picks p regular samples; one node picks p - 1
     * pivots among them; each chunk's slice between two pivots goes to that part, whose pieces are merged. Part k
     * holds values in [pivot k-1, pivot k), so equal values share a part and merging pieces in chunk order is stable.
     */
    static TiledTileable psrs(TileableNode node, TensorSort op, TiledTileable src, TileContext ctx) {
        String k = node.key();
        long[] lengths = src.nsplits()[0];
        int p = lengths.length;
        long[] offsets = NSplits.offsets(lengths);
        DataType keyType = src.chunks().get(0).dtype().isFloat() ? DataType.FLOAT64 : DataType.INT64;
        List<ChunkNode> sorted = new ArrayList<>(p);
        List<ChunkNode> samples = new ArrayList<>(p);
        // p regular samples per chunk, or fewer when the pivot node (every sample and the p - 1 pivots) would not
        // fit a worker's budget: pivots from fewer samples balance the parts less evenly, the result is the same
        long budget = ctx.memoryBudget();
        long samplesPerChunk = budget == Long.MAX_VALUE ? p
                : Math.max(1, Math.min(p, (budget - 8L * p) / (8L * p)));
        for (int i = 0; i < p; i++) {
            ChunkNode c = src.chunks().get(i);
            ChunkNode s = ctx.chunk(k + ".ps" + i, new ChunkPsrsSort(offsets[i], op.indices()), List.of(c), keyType,
                    c.shape(), c.index());
            sorted.add(s);
            int count = (int) Math.min(samplesPerChunk, lengths[i]);
            samples.add(ctx.chunk(k + ".pm" + i, new ChunkPsrsSample(count), List.of(s), keyType,
                    new long[] {count}, new int[] {i}));
        }
        ChunkNode pivots = ctx.chunk(k + ".pv", new ChunkPsrsPivots(p), samples, keyType, new long[] {p - 1L},
                new int[] {0});
        List<ChunkNode> out = new ArrayList<>(p);
        long[] outSplits = new long[p];
        for (int part = 0; part < p; part++) {
            List<ChunkNode> pieces = new ArrayList<>(p);
            for (int i = 0; i < p; i++) {
                pieces.add(ctx.chunk(k + ".pp" + i + "_" + part, new ChunkPsrsPiece(part), List.of(sorted.get(i), pivots),
                        keyType, new long[] {UNKNOWN}, new int[] {part}));
            }
            out.add(ctx.chunk(k + "." + part, new ChunkPsrsMerge(op.indices()), pieces, node.dtype(),
                    new long[] {UNKNOWN}, new int[] {part}));
            outSplits[part] = UNKNOWN;
        }
        return new TiledTileable(new long[][] {outSplits}, out);
    }

    // ----- searchsorted, digitize -----

    /** The sorted array (or bins) gathered into one chunk; one search chunk per chunk of values. */
    static TiledTileable searchsorted(TileableNode node, TensorSearchSorted op, List<TiledTileable> in, TileContext ctx) {
        TiledTileable sorted = in.get(0);
        TiledTileable values = in.get(1);
        ChunkNode whole = gather1d(sorted, node.key() + ".a", ctx);
        ChunkSearchSorted chunkOp = new ChunkSearchSorted(op.right(), op.digitize());
        List<ChunkNode> out = new ArrayList<>(values.chunks().size());
        for (int i = 0; i < values.chunks().size(); i++) {
            ChunkNode v = values.chunks().get(i);
            out.add(ctx.chunk(node.key() + "." + i, chunkOp, List.of(whole, v), node.dtype(), v.shape(), v.index()));
        }
        return new TiledTileable(values.nsplits(), out);
    }

    private static ChunkNode gather1d(TiledTileable t, String keyBase, TileContext ctx) {
        long n = NSplits.shape(t.nsplits())[0];
        return ctx.rechunk(t, new long[][] {{n}}, keyBase).chunks().get(0);
    }

    // ----- histogram -----

    static TiledTileable histogramEdges(TileableNode node, TensorHistogramEdges op, List<TiledTileable> in,
            TileContext ctx) {
        ChunkNode min = in.get(0).chunks().get(0);
        ChunkNode max = in.get(1).chunks().get(0);
        ChunkNode edges = ctx.chunk(node.key() + ".0", new ChunkHistogramEdges(op.bins()), List.of(min, max),
                node.dtype(), node.shape(), new int[] {0});
        return new TiledTileable(new long[][] {{node.shape()[0]}}, List.of(edges));
    }

    /** Counts per data chunk against the edges, summed by a tree of {@code ChunkSum}. */
    static TiledTileable histogram(TileableNode node, TensorHistogram op, List<TiledTileable> in, TileContext ctx) {
        TiledTileable data = in.get(0);
        ChunkNode edges = gather1d(in.get(1), node.key() + ".e", ctx);
        long[] shape = node.shape();
        List<ChunkNode> level = new ArrayList<>();
        ChunkHistogram mapOp = new ChunkHistogram();
        for (int i = 0; i < data.chunks().size(); i++) {
            level.add(ctx.chunk(node.key() + ".m" + i, mapOp, List.of(data.chunks().get(i), edges), DataType.INT64,
                    shape, new int[] {0}));
        }
        ChunkNode total = ctx.tree(level, ctx.config().combineSize(), new ChunkSum(), node.key() + ".c", null,
                DataType.INT64, shape, new int[] {0});
        return new TiledTileable(new long[][] {{shape[0]}}, List.of(total));
    }

    // ----- bincount -----

    /** Bincount per chunk (weights cut as the values), states of growing length added up a tree, padded at the end. */
    static TiledTileable bincount(TileableNode node, TensorBincount op, List<TiledTileable> in, TileContext ctx) {
        TiledTileable x = in.get(0);
        TiledTileable weights = in.size() > 1 ? ctx.rechunk(in.get(1), x.nsplits(), node.key() + ".w") : null;
        List<ChunkNode> level = new ArrayList<>();
        ChunkBincountMap mapOp = new ChunkBincountMap();
        long[] unknown = {UNKNOWN};
        for (int i = 0; i < x.chunks().size(); i++) {
            List<ChunkNode> ins = weights == null ? List.of(x.chunks().get(i))
                    : List.of(x.chunks().get(i), weights.chunks().get(i));
            level.add(ctx.chunk(node.key() + ".m" + i, mapOp, ins, node.dtype(), unknown, new int[] {0}));
        }
        ChunkNode merged = ctx.tree(level, ctx.config().combineSize(), new ChunkBincountCombine(), node.key() + ".c",
                null, node.dtype(), unknown, new int[] {0});
        long[] shape = node.shape();
        ChunkNode out = ctx.chunk(node.key() + ".0", new ChunkBincountAgg(op.minlength()), List.of(merged),
                node.dtype(), shape, new int[] {0});
        return new TiledTileable(new long[][] {{shape[0]}}, List.of(out));
    }

    // ----- unique -----

    static TiledTileable unique(TileableNode node, TensorUnique op, List<TiledTileable> in, TileContext ctx) {
        TiledTileable src = in.get(0);
        DataType valueType = src.chunks().get(0).dtype();
        List<ChunkNode> level = new ArrayList<>();
        long[] unknown = {UNKNOWN};
        for (int i = 0; i < src.chunks().size(); i++) {
            level.add(ctx.chunk(node.key() + ".m" + i, new ChunkUniqueMap(), List.of(src.chunks().get(i)), valueType,
                    unknown, new int[] {0}));
        }
        ChunkNode merged = ctx.tree(level, ctx.config().combineSize(), new ChunkUniqueCombine(), node.key() + ".c",
                null, valueType, unknown, new int[] {0});
        ChunkNode out = ctx.chunk(node.key() + ".0", new ChunkUniqueAgg(op.counts()), List.of(merged), node.dtype(),
                unknown, new int[] {0});
        return new TiledTileable(new long[][] {{UNKNOWN}}, List.of(out));
    }
}
