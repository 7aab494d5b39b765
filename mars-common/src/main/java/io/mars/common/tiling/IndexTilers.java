package io.mars.common.tiling;

import io.mars.common.graph.ChunkNode;
import io.mars.common.graph.TileableNode;
import io.mars.common.graph.TiledTensor;
import io.mars.common.model.NSplits;
import io.mars.common.operand.Operand;
import io.mars.common.operand.chunk.ChunkMaskSelect;
import io.mars.common.operand.chunk.ChunkPut;
import io.mars.common.operand.chunk.ChunkRavelIndex;
import io.mars.common.operand.chunk.ChunkTake;
import io.mars.common.operand.tensor.TensorMaskSelect;
import io.mars.common.operand.tensor.TensorPut;
import io.mars.common.operand.tensor.TensorRavelIndex;
import io.mars.common.operand.tensor.TensorTake;
import io.mars.types.Shapes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Tiling of the data-dependent indexing operands: integer-array (fancy) indexing, boolean masks, masked put. */
final class IndexTilers {
    /** A chunk length known only once the chunk is computed. */
    static final long UNKNOWN = Shapes.UNKNOWN;

    private IndexTilers() {
    }

    static void registerAll(TilerRegistry r) {
        r.register(TensorTake.class, IndexTilers::take);
        r.register(TensorMaskSelect.class, IndexTilers::maskSelect);
        r.register(TensorPut.class, IndexTilers::put);
        r.register(TensorRavelIndex.class, (node, op, in, ctx) ->
                aligned(node, new ChunkRavelIndex(op.dims(), op.axes()), in, ctx));
    }

    /**
     * The index values are data, unknown while tiling, so an output chunk cannot know which input chunks it needs.
     * Each output chunk (one chunk of the index tensor times one chunk of the other axes) therefore reads its index
     * chunk and every input chunk along the indexed axis, and gathers from them by their known offsets. This needs
     * no rechunking or shuffle; its cost is that one subtask holds a whole line of chunks along the axis (as
     * rechunking that axis into one chunk would, without the copy).
     */
    static TiledTensor take(TileableNode node, TensorTake op, List<TiledTensor> in, TileContext ctx) {
        TiledTensor src = in.get(0);
        TiledTensor indices = in.get(1);
        int axis = op.axis();
        int k = indices.ndim();
        long[] axisSplits = src.nsplits()[axis];
        long[] offsets = Arrays.copyOf(NSplits.offsets(axisSplits), axisSplits.length);
        long axisLength = NSplits.offsets(axisSplits)[axisSplits.length];
        long[][] outNs = new long[src.ndim() - 1 + k][];
        for (int a = 0; a < axis; a++) {
            outNs[a] = src.nsplits()[a];
        }
        for (int j = 0; j < k; j++) {
            outNs[axis + j] = indices.nsplits()[j];
        }
        for (int a = axis + 1; a < src.ndim(); a++) {
            outNs[a - 1 + k] = src.nsplits()[a];
        }
        ChunkTake chunkOp = new ChunkTake(axis, offsets, axisLength);
        return ShapeTilers.eachChunk(outNs, (flat, idx, shape) -> {
            int[] iidx = Arrays.copyOfRange(idx, axis, axis + k);
            List<ChunkNode> inputs = new ArrayList<>(axisSplits.length + 1);
            inputs.add(indices.chunk(iidx));
            int[] sidx = new int[src.ndim()];
            for (int a = 0; a < src.ndim(); a++) {
                sidx[a] = a < axis ? idx[a] : a > axis ? idx[a - 1 + k] : 0;
            }
            for (int c = 0; c < axisSplits.length; c++) {
                sidx[axis] = c;
                inputs.add(src.chunk(sidx.clone()));
            }
            return ctx.chunk(node.key() + "." + flat, chunkOp, inputs, node.dtype(), shape, idx);
        });
    }

    /**
     * Filtering is chunk-local: the mask is cut like the array's masked axes and every chunk keeps its own selected
     * elements. The chunks of the masked axes are laid end to end (C order of their grid) along the result's first
     * axis, whose chunk lengths are unknown until computed. Masked axes after the first are merged into one chunk
     * first, so that this order is numpy's.
     */
    static TiledTensor maskSelect(TileableNode node, TensorMaskSelect op, List<TiledTensor> in, TileContext ctx) {
        int k = op.maskNdim();
        // numpy lists the selected elements in C order over the masked axes: chunks laid end to end give that order
        // only when the masked axes after the first are whole, so those are merged into one chunk each
        long[][] rows = in.get(0).nsplits().clone();
        for (int a = 1; a < k; a++) {
            rows[a] = new long[] {NSplits.offsets(rows[a])[rows[a].length]};
        }
        TiledTensor src = ctx.rechunk(in.get(0), rows, node.key() + ".src");
        TiledTensor mask = ctx.rechunk(in.get(1), Arrays.copyOf(src.nsplits(), k), node.key() + ".mask");
        int[] maskGrid = NSplits.gridShape(mask.nsplits());
        int maskChunks = NSplits.chunkCount(mask.nsplits());
        long[][] outNs = new long[src.ndim() - k + 1][];
        outNs[0] = new long[maskChunks];
        Arrays.fill(outNs[0], UNKNOWN);
        for (int a = k; a < src.ndim(); a++) {
            outNs[a - k + 1] = src.nsplits()[a];
        }
        ChunkMaskSelect chunkOp = new ChunkMaskSelect(k);
        return ShapeTilers.eachChunk(outNs, (flat, idx, shape) -> {
            int[] midx = NSplits.unflat(maskGrid, idx[0]);
            int[] sidx = new int[src.ndim()];
            System.arraycopy(midx, 0, sidx, 0, k);
            System.arraycopy(idx, 1, sidx, k, src.ndim() - k);
            return ctx.chunk(node.key() + "." + flat, chunkOp, List.of(src.chunk(sidx), mask.chunk(midx)),
                    node.dtype(), shape, idx);
        });
    }

    /** Array, mask and value tensor (all of one shape) are aligned to a common chunking, then one put per chunk. */
    static TiledTensor put(TileableNode node, TensorPut op, List<TiledTensor> in, TileContext ctx) {
        return aligned(node, new ChunkPut(op.value()), in, ctx);
    }

    /** Inputs of one shape rechunked to their common refinement, then {@code chunkOp} on each aligned set. */
    private static TiledTensor aligned(TileableNode node, Operand chunkOp, List<TiledTensor> in,
            TileContext ctx) {
        int ndim = node.shape().length;
        long[][] common = new long[ndim][];
        for (int a = 0; a < ndim; a++) {
            List<long[]> candidates = new ArrayList<>();
            for (TiledTensor t : in) {
                candidates.add(t.nsplits()[a]);
            }
            common[a] = TileContext.refine(candidates);
        }
        List<TiledTensor> aligned = new ArrayList<>(in.size());
        for (int i = 0; i < in.size(); i++) {
            aligned.add(ctx.rechunk(in.get(i), common, node.key() + ".in" + i));
        }
        return ShapeTilers.eachChunk(common, (flat, idx, shape) -> {
            List<ChunkNode> inputs = new ArrayList<>(aligned.size());
            for (TiledTensor t : aligned) {
                inputs.add(t.chunk(idx));
            }
            return ctx.chunk(node.key() + "." + flat, chunkOp, inputs, node.dtype(), shape, idx);
        });
    }
}
