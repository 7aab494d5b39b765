package io.mars.common.tiling;

import io.mars.common.graph.ChunkNode;
import io.mars.common.graph.MemoryEstimate;
import io.mars.common.graph.TileableNode;
import io.mars.common.graph.TiledTileable;
import io.mars.common.model.NSplits;
import io.mars.common.operand.chunk.ChunkSum;
import io.mars.common.operand.chunk.ChunkTensorDot;
import io.mars.common.operand.chunk.ChunkTranspose;
import io.mars.common.operand.tensor.TensorDot;
import io.mars.types.ChunkSpec;
import io.mars.types.Shapes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Block tensordot. The contracted axes of both operands are cut alike; each output block is one product chunk that
 * accumulates up to {@code combineSize} blocks of the contracted axes (BLAS {@code beta = 1} in the kernel, no
 * partial product per block), and a summation tree of fan-in {@code combineSize} when there are more.
 *
 * <p>An operand that is a transpose made in this tiling run is read through: the product takes the transpose's source
 * chunks with the contracted axes renamed, so no transposed copy is made (BLAS reads either layout). When both operands
 * are then one 2-d tensor contracted over the same axis ({@code a.dot(a.T)}, {@code a.T.dot(a)}, {@code inner(a, a)}),
 * the result is a symmetric Gram matrix: blocks on and above the diagonal are computed (diagonal ones as one triangle,
 * BLAS syrk) and those below are transposes of their mirror blocks, about half the multiply-adds, as numpy does.
 */
final class TensorDotTiler {
    /** Below this edge, a block product costs more in per-subtask overhead than in arithmetic. */
    static final long MIN_PRODUCT_EDGE = 512;
    /** Coarsened blocks get at most this edge: 1024 x 1024 doubles (8 MiB) per block. */
    static final long COARSE_PRODUCT_EDGE = 1024;

    private TensorDotTiler() {
    }

    /** One operand: the tensor the chunks come from and its contracted axes (normalized). */
    private record Side(TiledTileable tensor, int[] axes) {
        int[] free() {
            int[] out = new int[tensor.ndim() - axes.length];
            int j = 0;
            for (int d = 0; d < tensor.ndim(); d++) {
                if (!Shapes.contains(axes, d)) {
                    out[j++] = d;
                }
            }
            return out;
        }
    }

    static TiledTileable tile(TileableNode node, TensorDot op, List<TiledTileable> in, TileContext ctx) {
        Side a = readThroughTranspose(in.get(0), normalize(op.axesA(), in.get(0).ndim()));
        Side b = readThroughTranspose(in.get(1), normalize(op.axesB(), in.get(1).ndim()));
        boolean coarsen = a.tensor().ndim() <= 2 && b.tensor().ndim() <= 2 && node.dtype().isFloat();
        if (isGram(a, b)) {
            return gram(node, a, coarsen, ctx);
        }
        long[][] nsA = a.tensor().nsplits().clone();
        long[][] nsB = b.tensor().nsplits().clone();
        if (coarsen) {
            coarsen(nsA);
            coarsen(nsB);
        }
        int item = node.dtype().itemSize();
        fitBudget(ctx.memoryBudget(), item, nsA, a.axes(), nsB, b.axes());
        for (int i = 0; i < a.axes().length; i++) {
            long[] common = unify(nsA[a.axes()[i]], nsB[b.axes()[i]]);
            nsA[a.axes()[i]] = common;
            nsB[b.axes()[i]] = common;
        }
        TiledTileable ta = ctx.rechunk(a.tensor(), nsA, node.key() + ".a");
        TiledTileable tb = ctx.rechunk(b.tensor(), nsB, node.key() + ".b");
        int[] freeA = a.free();
        int[] freeB = b.free();
        long[][] outNs = new long[freeA.length + freeB.length][];
        for (int i = 0; i < freeA.length; i++) {
            outNs[i] = nsA[freeA[i]];
        }
        for (int i = 0; i < freeB.length; i++) {
            outNs[freeA.length + i] = nsB[freeB[i]];
        }
        int[] contractGrid = new int[a.axes().length];
        int blocks = 1;
        for (int i = 0; i < contractGrid.length; i++) {
            contractGrid[i] = nsA[a.axes()[i]].length;
            blocks *= contractGrid[i];
        }
        ChunkTensorDot dotOp = new ChunkTensorDot(a.axes(), b.axes());
        int count = blocks;
        return CreationTilers.eachChunk(outNs, (flat, idx, shape, offset) -> {
            List<ChunkNode> pairs = new ArrayList<>(2 * count);
            for (int c = 0; c < count; c++) {
                int[] cidx = NSplits.unflat(contractGrid, c);
                int[] ia = new int[ta.ndim()];
                int[] ib = new int[tb.ndim()];
                for (int i = 0; i < freeA.length; i++) {
                    ia[freeA[i]] = idx[i];
                }
                for (int i = 0; i < freeB.length; i++) {
                    ib[freeB[i]] = idx[freeA.length + i];
                }
                for (int i = 0; i < cidx.length; i++) {
                    ia[a.axes()[i]] = cidx[i];
                    ib[b.axes()[i]] = cidx[i];
                }
                pairs.add(ta.chunk(ia));
                pairs.add(tb.chunk(ib));
            }
            return accumulate(node, dotOp, pairs, 2, flat, idx, shape, ctx);
        });
    }

    /** Whether the product is {@code X X^T} or {@code X^T X} of one 2-d tensor X. */
    private static boolean isGram(Side a, Side b) {
        return a.tensor().ndim() == 2 && b.tensor().ndim() == 2 && a.axes().length == 1
                && Arrays.equals(a.axes(), b.axes()) && a.tensor().chunks().equals(b.tensor().chunks());
    }

    private static TiledTileable gram(TileableNode node, Side x, boolean coarsen, TileContext ctx) {
        long[][] ns = x.tensor().nsplits().clone();
        if (coarsen) {
            coarsen(ns);
        }
        fitBudget(ctx.memoryBudget(), node.dtype().itemSize(), ns, x.axes(), ns, x.axes());
        TiledTileable t = ctx.rechunk(x.tensor(), ns, node.key() + ".a");
        int contracted = x.axes()[0];
        int free = 1 - contracted;
        int blocks = ns[contracted].length;
        int edge = ns[free].length;
        ChunkTensorDot offDiagonal = new ChunkTensorDot(x.axes(), x.axes());
        ChunkTensorDot diagonal = new ChunkTensorDot(x.axes(), x.axes(), true);
        ChunkTranspose mirror = new ChunkTranspose(new int[] {1, 0});
        ChunkNode[] made = new ChunkNode[edge * edge];
        return CreationTilers.eachChunk(new long[][] {ns[free], ns[free]}, (flat, idx, shape, offset) -> {
            int i = idx[0];
            int j = idx[1];
            ChunkNode out;
            if (i > j) {
                // eachChunk goes in C order, so the mirror block (j, i) is made already
                out = ctx.chunk(node.key() + "." + flat, mirror, List.of(made[j * edge + i]), node.dtype(), shape, idx);
            } else {
                List<ChunkNode> inputs = new ArrayList<>(2 * blocks);
                for (int c = 0; c < blocks; c++) {
                    inputs.add(t.chunk(at(contracted, i, c)));
                    if (i != j) {
                        inputs.add(t.chunk(at(contracted, j, c)));
                    }
                }
                out = i == j ? accumulate(node, diagonal, inputs, 1, flat, idx, shape, ctx)
                        : accumulate(node, offDiagonal, inputs, 2, flat, idx, shape, ctx);
            }
            made[flat] = out;
            return out;
        });
    }

    /** The index of the block at {@code free} on the free axis and {@code c} on the contracted one. */
    private static int[] at(int contracted, int free, int c) {
        return contracted == 1 ? new int[] {free, c} : new int[] {c, free};
    }

    /**
     * One output block from its product inputs ({@code step} chunks per block of the contracted axes): product chunks
     * of up to {@code combineSize} blocks each, then a summation tree of the same fan-in.
     */
    private static ChunkNode accumulate(TileableNode node, ChunkTensorDot op, List<ChunkNode> inputs, int step,
            int flat, int[] idx, long[] shape, TileContext ctx) {
        int blocks = inputs.size() / step;
        long outBytes = TileContext.blockBytes(shape, node.dtype());
        // blocks per product chunk: all its input blocks and its output in memory at once must fit the budget
        long largestStep = 0;
        for (int c = 0; c < blocks; c++) {
            long s = 0;
            for (ChunkNode in : inputs.subList(c * step, (c + 1) * step)) {
                s = sat(s + Math.max(0, MemoryEstimate.bytes(in)));
            }
            largestStep = Math.max(largestStep, s);
        }
        int combine = TileContext.fitting(ctx.config().combineSize(), 1, largestStep, outBytes, ctx.memoryBudget());
        // and a summation node's inputs and output
        int fanIn = ctx.fanIn(outBytes, outBytes);
        if (blocks <= combine) {
            return ctx.chunk(node.key() + "." + flat, op, inputs, node.dtype(), shape, idx);
        }
        List<ChunkNode> level = new ArrayList<>();
        for (int c = 0; c < blocks; c += combine) {
            List<ChunkNode> group = inputs.subList(c * step, Math.min(blocks, c + combine) * step);
            level.add(ctx.chunk(node.key() + ".p" + flat + "_" + c, op, group, node.dtype(), shape, idx));
        }
        return ctx.tree(level, fanIn, new ChunkSum(), node.key() + ".s" + flat + "_", node.key() + "." + flat,
                node.dtype(), shape, idx);
    }

    /**
     * Cuts the operands' chunks (halving the longest chunk edge of either, free or contracted) until one block of each
     * and an output block fit {@code budget} (the least one product subtask holds), and three output blocks do (a
     * summation node of fan-in 2). {@code nsA} and {@code nsB} may be
     * the same array (a Gram product). Contracted axes cut on one side are refined to common splits afterwards.
     */
    static void fitBudget(long budget, int item, long[][] nsA, int[] axesA, long[][] nsB, int[] axesB) {
        if (budget == Long.MAX_VALUE) {
            return;
        }
        for (int round = 0; round < 128; round++) {
            long blockA = item;
            long blockB = item;
            long out = item;
            for (int d = 0; d < nsA.length; d++) {
                blockA = sat(blockA * longest(nsA[d]));
                if (!Shapes.contains(axesA, d)) {
                    out = sat(out * longest(nsA[d]));
                }
            }
            for (int d = 0; d < nsB.length; d++) {
                blockB = sat(blockB * longest(nsB[d]));
                if (!Shapes.contains(axesB, d)) {
                    out = sat(out * longest(nsB[d]));
                }
            }
            // a product holds a block of each operand and its output; a summation node two partial outputs and its own
            if (sat(sat(blockA + blockB) + out) <= budget && sat(3 * out) <= budget) {
                return;
            }
            long[][] side = nsA;
            int axis = -1;
            long edge = 1;
            for (int s = 0; s < 2; s++) {
                long[][] ns = s == 0 ? nsA : nsB;
                for (int d = 0; d < ns.length; d++) {
                    if (longest(ns[d]) > edge) {
                        edge = longest(ns[d]);
                        side = ns;
                        axis = d;
                    }
                }
            }
            if (axis < 0) {
                return; // single elements: nothing left to cut; the supervisor refuses the task by its estimate
            }
            long dim = 0;
            for (long x : side[axis]) {
                dim += x;
            }
            side[axis] = ChunkSpec.split(dim, (edge + 1) / 2);
        }
    }

    private static long longest(long[] splits) {
        long m = 0;
        for (long x : splits) {
            m = Math.max(m, x);
        }
        return m;
    }

    private static long sat(long v) {
        return v < 0 ? Long.MAX_VALUE : v;
    }

    /**
     * The operand read through a transpose made in this run (every chunk a {@link ChunkTranspose} by the same
     * permutation of the chunk at the mirrored index), when the free axes keep their order in the source (so the
     * product's axes do not change); else the operand as it is.
     */
    private static Side readThroughTranspose(TiledTileable t, int[] axes) {
        int ndim = t.ndim();
        if (t.chunks().isEmpty() || !(t.chunks().get(0).op() instanceof ChunkTranspose first)) {
            return new Side(t, axes);
        }
        int[] perm = normalize(first.axes(), ndim);
        int last = -1;
        for (int d = 0; d < ndim; d++) {
            if (!Shapes.contains(axes, d)) {
                if (perm[d] <= last) {
                    return new Side(t, axes);
                }
                last = perm[d];
            }
        }
        long[][] srcNs = new long[ndim][];
        for (int i = 0; i < ndim; i++) {
            srcNs[perm[i]] = t.nsplits()[i];
        }
        int[] srcGrid = NSplits.gridShape(srcNs);
        ChunkNode[] src = new ChunkNode[t.chunks().size()];
        int[] grid = t.grid();
        for (int flat = 0; flat < src.length; flat++) {
            ChunkNode c = t.chunks().get(flat);
            if (!(c.op() instanceof ChunkTranspose ct) || !Arrays.equals(normalize(ct.axes(), ndim), perm)
                    || c.inputs().size() != 1) {
                return new Side(t, axes);
            }
            int[] idx = NSplits.unflat(grid, flat);
            int[] sidx = new int[ndim];
            for (int i = 0; i < ndim; i++) {
                sidx[perm[i]] = idx[i];
            }
            ChunkNode input = c.inputs().get(0);
            if (!Arrays.equals(input.shape(), NSplits.chunkShape(srcNs, sidx))) {
                return new Side(t, axes);
            }
            src[NSplits.flat(srcGrid, sidx)] = input;
        }
        int[] mapped = new int[axes.length];
        for (int i = 0; i < axes.length; i++) {
            mapped[i] = perm[axes[i]];
        }
        return new Side(new TiledTileable(srcNs, Arrays.asList(src)), mapped);
    }

    /**
     * Replaces the splits of every axis of at least 2 x {@link #MIN_PRODUCT_EDGE} whose chunks are all shorter than
     * {@link #MIN_PRODUCT_EDGE} (of a 1-d or 2-d operand) by balanced ones of at most {@link #COARSE_PRODUCT_EDGE}: a
     * matrix product of many small blocks is dominated by scheduling and summation, not by BLAS
     * (inner(ones(2000, 2000)) in 200-chunks: 1000 products).
     */
    private static void coarsen(long[][] ns) {
        for (int ax = 0; ax < ns.length; ax++) {
            long max = 0;
            long dim = 0;
            for (long s : ns[ax]) {
                max = Math.max(max, s);
                dim += s;
            }
            if (ns[ax].length > 1 && max < MIN_PRODUCT_EDGE && dim >= 2 * MIN_PRODUCT_EDGE) {
                long pieces = (dim + COARSE_PRODUCT_EDGE - 1) / COARSE_PRODUCT_EDGE;
                ns[ax] = ChunkSpec.split(dim, (dim + pieces - 1) / pieces);
            }
        }
    }

    private static long[] unify(long[] x, long[] y) {
        return Arrays.equals(x, y) ? x : TileContext.refine(List.of(x, y));
    }

    private static int[] normalize(int[] axes, int ndim) {
        int[] out = new int[axes.length];
        for (int i = 0; i < axes.length; i++) {
            out[i] = Shapes.normalizeAxis(axes[i], ndim);
        }
        return out;
    }
}
