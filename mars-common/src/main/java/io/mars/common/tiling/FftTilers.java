package io.mars.common.tiling;

import io.mars.common.graph.ChunkNode;
import io.mars.common.graph.TileableNode;
import io.mars.common.graph.TiledTileable;
import io.mars.common.model.NSplits;
import io.mars.common.operand.chunk.ChunkFft;
import io.mars.common.operand.tensor.TensorFft;
import java.util.ArrayList;
import java.util.List;

/** The tiling rule of the FFT operand: the transformed axis made whole in every chunk, one transform per chunk. */
final class FftTilers {
    /** Bytes of one complex128 element, the dtype the kernel computes in. */
    private static final long COMPLEX128_BYTES = 16;

    private FftTilers() {
    }

    static void registerAll(TilerRegistry r) {
        r.register(TensorFft.class, FftTilers::fft);
    }

    /**
     * Rechunks only where needed: chunks that already hold the axis whole and fit are transformed where they lie
     * (random chunks are made in their new shape directly), other axes keep their cuts when the chunks fit and are
     * cut evenly otherwise. Each chunk's transform reads its input in any dtype, so nothing converts it first.
     */
    static TiledTileable fft(TileableNode node, TensorFft op, List<TiledTileable> in, TileContext ctx) {
        TiledTileable src = in.get(0);
        long[][] target = wholeAxis(src.nsplits(), op.axis(), Math.max(1, ctx.autoChunkBytes() / COMPLEX128_BYTES));
        TiledTileable whole = ctx.rechunk(src, target, node.key() + ".w");
        long[][] offsets = new long[target.length][];
        for (int d = 0; d < target.length; d++) {
            offsets[d] = NSplits.offsets(target[d]);
        }
        List<ChunkNode> out = new ArrayList<>(whole.chunks().size());
        String prefix = node.key() + ".";
        for (int i = 0; i < whole.chunks().size(); i++) {
            ChunkNode c = whole.chunks().get(i);
            int[] idx = c.index();
            long[] offset = new long[idx.length];
            for (int d = 0; d < idx.length; d++) {
                offset[d] = offsets[d][idx[d]];
            }
            ChunkFft chunkOp = new ChunkFft(op.axis(), op.inverse(), op.scale(), op.twiddleLength(), offset);
            out.add(ctx.chunk(prefix, i, chunkOp, List.of(c), node.dtype(), c.shape(), idx));
        }
        return new TiledTileable(target, out);
    }

    /**
     * nsplits with {@code axis} whole and each other axis (last first) keeping its cuts while a chunk stays within
     * {@code budget} elements, else cut evenly to fit.
     */
    static long[][] wholeAxis(long[][] nsplits, int axis, long budget) {
        long[] shape = NSplits.shape(nsplits);
        long[][] target = new long[nsplits.length][];
        target[axis] = new long[] {shape[axis]};
        long left = Math.max(1, budget / Math.max(1, shape[axis]));
        for (int d = nsplits.length - 1; d >= 0; d--) {
            if (d == axis) {
                continue;
            }
            long largest = 0;
            for (long s : nsplits[d]) {
                largest = Math.max(largest, s);
            }
            if (largest <= left) {
                target[d] = nsplits[d].clone();
                left = Math.max(1, left / Math.max(1, largest));
                continue;
            }
            long size = Math.max(1, Math.min(shape[d], left));
            target[d] = even(shape[d], size);
            left = Math.max(1, left / size);
        }
        return target;
    }

    /** {@code length} cut into ceil(length / size) parts as equal as possible. */
    private static long[] even(long length, long size) {
        int parts = (int) Math.max(1, (length + size - 1) / size);
        long[] out = new long[parts];
        for (int i = 0; i < parts; i++) {
            out[i] = length / parts + (i < length % parts ? 1 : 0);
        }
        return out;
    }
}
