package io.mars.common.tiling;

import io.mars.common.graph.ChunkNode;
import io.mars.common.graph.TileableNode;
import io.mars.common.graph.TiledTensor;
import io.mars.common.model.NSplits;
import io.mars.common.model.Shapes;
import io.mars.common.operand.chunk.ChunkReduceAgg;
import io.mars.common.operand.chunk.ChunkReduceCombine;
import io.mars.common.operand.chunk.ChunkReduceMap;
import io.mars.common.operand.tensor.TensorReduce;
import java.util.ArrayList;
import java.util.List;

/** The tiling rules of reductions: trees of map, combine and agg chunks. */
final class ReduceTilers {
    private ReduceTilers() {
    }

    static void registerAll(TilerRegistry r) {
        r.register(TensorReduce.class, ReduceTilers::reduce);
    }

    /** A tree reduction: a map per input chunk, combines of {@code combineSize} states, one agg per output chunk. */
    static TiledTensor reduce(TileableNode node, TensorReduce op, List<TiledTensor> in, TileContext ctx) {
        TiledTensor src = in.get(0);
        int[] axes = op.axes();
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
        long[][] outNs = op.keepdims() ? keptNs : dropAxes(keptNs, axes);
        int[] keptGrid = NSplits.gridShape(keptNs);
        int outCount = NSplits.chunkCount(keptNs);
        int perOutput = 1;
        for (int g : reducedGrid) {
            perOutput *= g;
        }
        int combine = ctx.config().combineSize();
        List<ChunkNode> outChunks = new ArrayList<>(outCount);
        ChunkReduceMap mapOp = new ChunkReduceMap(op.fn(), axes);
        ChunkReduceCombine combineOp = new ChunkReduceCombine(op.fn());
        ChunkReduceAgg aggOp = new ChunkReduceAgg(op.fn(), axes, op.keepdims(), op.ddof());
        for (int o = 0; o < outCount; o++) {
            int[] oidx = NSplits.unflat(keptGrid, o);
            long[] stateShape = NSplits.chunkShape(keptNs, oidx);
            List<ChunkNode> level = new ArrayList<>(perOutput);
            for (int r = 0; r < perOutput; r++) {
                int[] ridx = NSplits.unflat(reducedGrid, r);
                int[] sidx = new int[ndim];
                for (int a = 0; a < ndim; a++) {
                    sidx[a] = Shapes.contains(axes, a) ? ridx[a] : oidx[a];
                }
                ChunkNode c = src.chunk(sidx);
                level.add(ctx.chunk(node.key() + ".m" + o + "_" + r, mapOp, List.of(c), node.dtype(), stateShape, sidx));
            }
            int round = 0;
            while (level.size() > combine) {
                List<ChunkNode> next = new ArrayList<>((level.size() + combine - 1) / combine);
                for (int i = 0; i < level.size(); i += combine) {
                    List<ChunkNode> group = level.subList(i, Math.min(level.size(), i + combine));
                    next.add(group.size() == 1 ? group.get(0) : ctx.chunk(node.key() + ".c" + o + "_" + round + "_" + i,
                            combineOp, group, node.dtype(), stateShape, oidx));
                }
                level = next;
                round++;
            }
            long[] outShape = op.keepdims() ? stateShape : Shapes.reduced(stateShape, axes, false);
            int[] outIdx = op.keepdims() ? oidx : dropAxes(oidx, axes);
            outChunks.add(ctx.chunk(node.key() + "." + o, aggOp, level, node.dtype(), outShape, outIdx));
        }
        return new TiledTensor(outNs, outChunks);
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
