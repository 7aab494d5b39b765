package io.mars.common.tiling;

import io.mars.common.graph.ChunkNode;
import io.mars.common.graph.TileableNode;
import io.mars.common.graph.TiledTileable;
import io.mars.common.model.NSplits;
import io.mars.common.operand.Operand;
import io.mars.common.operand.ReduceFn;
import io.mars.common.operand.chunk.ChunkArgReduceMap;
import io.mars.common.operand.chunk.ChunkAverageMap;
import io.mars.common.operand.chunk.ChunkQuantile;
import io.mars.common.operand.chunk.ChunkReduceAgg;
import io.mars.common.operand.chunk.ChunkReduceCombine;
import io.mars.common.operand.chunk.ChunkReduceMap;
import io.mars.common.operand.chunk.ChunkScan;
import io.mars.common.operand.tensor.TensorAverage;
import io.mars.common.operand.tensor.TensorQuantile;
import io.mars.common.operand.tensor.TensorReduce;
import io.mars.common.operand.tensor.TensorScan;
import io.mars.types.Shapes;
import java.util.ArrayList;
import java.util.List;

/**
 * The tiling rules of reductions and scans. Tree-mergeable reductions become trees of map, combine and agg chunks;
 * quantiles (not mergeable) rechunk the reduced axes into one chunk per output; scans are per-chunk scans that start
 * from the total of the earlier chunks along the axis, a chain of small combine nodes.
 */
final class ReduceTilers {
    private ReduceTilers() {
    }

    static void registerAll(TilerRegistry r) {
        r.register(TensorReduce.class, ReduceTilers::reduce);
        r.register(TensorAverage.class, ReduceTilers::average);
        r.register(TensorQuantile.class, ReduceTilers::quantile);
        r.register(TensorScan.class, ReduceTilers::scan);
    }

    /** Makes the map chunk of one input chunk (or aligned input chunks) at grid index {@code sidx}. */
    @FunctionalInterface
    private interface MapMaker {
        Operand mapOp(int[] sidx);
    }

    /** A tree reduction: a map per input chunk, combines of {@code combineSize} states, one agg per output chunk. */
    static TiledTileable reduce(TileableNode node, TensorReduce op, List<TiledTileable> in, TileContext ctx) {
        TiledTileable src = in.get(0);
        ReduceFn fn = op.fn();
        MapMaker maker;
        if (fn.isArg()) {
            long[][] ns = src.nsplits();
            long[] fullShape = NSplits.shape(ns);
            maker = sidx -> new ChunkArgReduceMap(fn, op.axes(), NSplits.chunkOffset(ns, sidx), fullShape);
        } else {
            ChunkReduceMap mapOp = new ChunkReduceMap(fn, op.axes());
            maker = sidx -> mapOp;
        }
        return tree(node, List.of(src), op.axes(), op.keepdims(), maker, new ChunkReduceCombine(fn),
                new ChunkReduceAgg(fn, op.axes(), op.keepdims(), op.ddof()), ctx);
    }

    /**
     * A weighted average: the weights are cut like the values on the axes where they have the values' length
     * (length-1 axes broadcast), then reduced in the same tree as the values.
     */
    static TiledTileable average(TileableNode node, TensorAverage op, List<TiledTileable> in, TileContext ctx) {
        TiledTileable values = in.get(0);
        TiledTileable weights = in.get(1);
        long[][] vns = values.nsplits();
        long[] wshape = NSplits.shape(weights.nsplits());
        long[][] target = new long[vns.length][];
        for (int a = 0; a < vns.length; a++) {
            target[a] = wshape[a] == 1 && NSplits.shape(vns)[a] != 1 ? new long[] {1} : vns[a];
        }
        TiledTileable aligned = ctx.rechunk(weights, target, node.key() + ".w");
        ChunkAverageMap mapOp = new ChunkAverageMap(op.axes());
        return tree(node, List.of(values, aligned), op.axes(), op.keepdims(), sidx -> mapOp,
                new ChunkReduceCombine(ReduceFn.AVERAGE), new ChunkReduceAgg(ReduceFn.AVERAGE, op.axes(),
                        op.keepdims(), 0), ctx);
    }

    private static TiledTileable tree(TileableNode node, List<TiledTileable> srcs, int[] axes, boolean keepdims,
            MapMaker maker, ChunkReduceCombine combineOp, ChunkReduceAgg aggOp, TileContext ctx) {
        TiledTileable src = srcs.get(0);
        long[][] srcNs = src.nsplits();
        int ndim = srcNs.length;
        // output grid over the input's axes: reduced axes collapse to one chunk
        long[][] keptNs = new long[ndim][];
        int[] reducedGrid = new int[ndim];
        for (int a = 0; a < ndim; a++) {
            boolean reduced = Shapes.contains(axes, a);
            keptNs[a] = reduced ? new long[] {1} : srcNs[a];
            reducedGrid[a] = reduced ? srcNs[a].length : 1;
        }
        long[][] outNs = keepdims ? keptNs : dropAxes(keptNs, axes);
        int[] keptGrid = NSplits.gridShape(keptNs);
        int outCount = NSplits.chunkCount(keptNs);
        int perOutput = 1;
        for (int g : reducedGrid) {
            perOutput *= g;
        }
        List<ChunkNode> outChunks = new ArrayList<>(outCount);
        for (int o = 0; o < outCount; o++) {
            int[] oidx = NSplits.unflat(keptGrid, o);
            long[] stateShape = NSplits.chunkShape(keptNs, oidx);
            long stateBytes = TileContext.blockBytes(stateShape, node.dtype());
            int combine = ctx.fanIn(stateBytes, stateBytes);
            List<ChunkNode> level = new ArrayList<>(perOutput);
            String mapPrefix = node.key() + ".m" + o + "_";
            for (int r = 0; r < perOutput; r++) {
                int[] ridx = NSplits.unflat(reducedGrid, r);
                int[] sidx = new int[ndim];
                for (int a = 0; a < ndim; a++) {
                    sidx[a] = Shapes.contains(axes, a) ? ridx[a] : oidx[a];
                }
                List<ChunkNode> inputs = new ArrayList<>(srcs.size());
                inputs.add(src.chunk(sidx));
                for (int s = 1; s < srcs.size(); s++) {
                    inputs.add(srcs.get(s).chunk(broadcastIndex(srcs.get(s), sidx)));
                }
                level.add(ctx.chunk(mapPrefix, r, maker.mapOp(sidx), inputs, node.dtype(), stateShape, sidx));
            }
            int round = 0;
            while (level.size() > combine) {
                List<ChunkNode> next = new ArrayList<>((level.size() + combine - 1) / combine);
                String combinePrefix = node.key() + ".c" + o + "_" + round + "_";
                for (int i = 0; i < level.size(); i += combine) {
                    List<ChunkNode> group = level.subList(i, Math.min(level.size(), i + combine));
                    next.add(group.size() == 1 ? group.get(0) : ctx.chunk(combinePrefix, i, combineOp, group,
                            node.dtype(), stateShape, oidx));
                }
                level = next;
                round++;
            }
            long[] outShape = keepdims ? stateShape : Shapes.reduced(stateShape, axes, false);
            int[] outIdx = keepdims ? oidx : dropAxes(oidx, axes);
            outChunks.add(ctx.chunk(node.key() + "." + o, aggOp, level, node.dtype(), outShape, outIdx));
        }
        return new TiledTileable(outNs, outChunks);
    }

    /** The chunk index of a tensor with one chunk on its broadcast axes. */
    private static int[] broadcastIndex(TiledTileable t, int[] idx) {
        int[] grid = t.grid();
        int[] out = idx.clone();
        for (int a = 0; a < out.length; a++) {
            if (grid[a] == 1) {
                out[a] = 0;
            }
        }
        return out;
    }

    /**
     * Exact quantiles need every value of a slice together: the reduced axes are rechunked into one chunk each (so one
     * output chunk's whole reduced extent times its kept extent must fit in a chunk), the kept axes keep their
     * chunks, and each chunk selects its own quantiles.
     */
    static TiledTileable quantile(TileableNode node, TensorQuantile op, List<TiledTileable> in, TileContext ctx) {
        TiledTileable src = in.get(0);
        int[] axes = op.axes();
        long[][] srcNs = src.nsplits();
        int ndim = srcNs.length;
        long[][] target = new long[ndim][];
        for (int a = 0; a < ndim; a++) {
            target[a] = Shapes.contains(axes, a) ? new long[] {NSplits.shape(srcNs)[a]} : srcNs[a];
        }
        TiledTileable whole = ctx.rechunk(src, target, node.key() + ".q");
        long[][] keptNs = op.keepdims() ? target.clone() : dropAxes(target, axes);
        if (op.keepdims()) {
            for (int a : axes) {
                keptNs[a] = new long[] {1};
            }
        }
        long[][] outNs = keptNs;
        if (!op.scalarQ()) {
            outNs = new long[keptNs.length + 1][];
            outNs[0] = new long[] {op.q().length};
            System.arraycopy(keptNs, 0, outNs, 1, keptNs.length);
        }
        ChunkQuantile chunkOp = new ChunkQuantile(op.q(), op.scalarQ(), axes, op.keepdims(), op.method(), op.skipNaN());
        int[] grid = NSplits.gridShape(target);
        int count = NSplits.chunkCount(target);
        List<ChunkNode> out = new ArrayList<>(count);
        for (int flat = 0; flat < count; flat++) {
            int[] idx = NSplits.unflat(grid, flat);
            int[] kept = op.keepdims() ? idx : dropAxes(idx, axes);
            long[] shape = Shapes.reduced(NSplits.chunkShape(target, idx), axes, op.keepdims());
            if (!op.scalarQ()) {
                shape = prepend(op.q().length, shape);
                kept = prepend(0, kept);
            }
            out.add(ctx.chunk(node.key() + "." + flat, chunkOp, List.of(whole.chunk(idx)), node.dtype(), shape, kept));
        }
        return new TiledTileable(outNs, out);
    }

    /**
     * Per-chunk scans keeping the input's chunks. Chunk {@code j} along the axis starts from the combined totals of
     * chunks {@code 0 .. j-1}: a chain of small combine nodes over per-chunk totals (each of the chunk's shape with
     * length 1 on the axis), so chunk {@code j} waits only on its own row of chunks.
     */
    static TiledTileable scan(TileableNode node, TensorScan op, List<TiledTileable> in, TileContext ctx) {
        TiledTileable src = in.get(0);
        int axis = op.axis();
        long[][] ns = src.nsplits();
        int[] grid = src.grid();
        int count = NSplits.chunkCount(ns);
        ChunkNode[] out = new ChunkNode[count];
        ChunkScan scanOp = new ChunkScan(op.fn(), axis);
        ChunkReduceMap totalOp = new ChunkReduceMap(op.fn().total(), new int[] {axis});
        ChunkReduceCombine carryOp = new ChunkReduceCombine(op.fn().total());
        // walk each line of chunks along the axis, starting at its first chunk
        int[] lineGrid = grid.clone();
        lineGrid[axis] = 1;
        int lines = 1;
        for (int g : lineGrid) {
            lines *= g;
        }
        for (int line = 0; line < lines; line++) {
            int[] idx = NSplits.unflat(lineGrid, line);
            ChunkNode carry = null;
            for (int j = 0; j < grid[axis]; j++) {
                idx[axis] = j;
                int flat = NSplits.flat(grid, idx);
                ChunkNode c = src.chunk(idx);
                long[] shape = NSplits.chunkShape(ns, idx);
                List<ChunkNode> inputs = carry == null ? List.of(c) : List.of(c, carry);
                out[flat] = ctx.chunk(node.key() + "." + flat, scanOp, inputs, node.dtype(), shape, idx.clone());
                if (j + 1 < grid[axis]) {
                    long[] totalShape = shape.clone();
                    totalShape[axis] = 1;
                    ChunkNode total = ctx.chunk(node.key() + ".t" + flat, totalOp, List.of(c), node.dtype(),
                            totalShape, idx.clone());
                    carry = carry == null ? total : ctx.chunk(node.key() + ".s" + flat, carryOp, List.of(carry, total),
                            node.dtype(), totalShape, idx.clone());
                }
            }
        }
        return new TiledTileable(ns, List.of(out));
    }

    private static int[] prepend(int first, int[] rest) {
        int[] out = new int[rest.length + 1];
        out[0] = first;
        System.arraycopy(rest, 0, out, 1, rest.length);
        return out;
    }

    private static long[] prepend(long first, long[] rest) {
        long[] out = new long[rest.length + 1];
        out[0] = first;
        System.arraycopy(rest, 0, out, 1, rest.length);
        return out;
    }

    private static long[][] dropAxes(long[][] ns, int[] axes) {
        List<long[]> out = new ArrayList<>();
        for (int a = 0; a < ns.length; a++) {
            if (!Shapes.contains(axes, a)) {
                out.add(ns[a]);
            }
        }
        return out.toArray(long[][]::new);
    }

    private static int[] dropAxes(int[] idx, int[] axes) {
        int[] out = new int[idx.length - axes.length];
        int k = 0;
        for (int a = 0; a < idx.length; a++) {
            if (!Shapes.contains(axes, a)) {
                out[k++] = idx[a];
            }
        }
        return out;
    }
}
