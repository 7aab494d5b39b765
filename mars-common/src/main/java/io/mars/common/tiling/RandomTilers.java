package io.mars.common.tiling;

import static io.mars.common.tiling.CreationTilers.eachChunk;
import static io.mars.common.tiling.CreationTilers.resolve;

import io.mars.common.graph.ChunkNode;
import io.mars.common.graph.TileableNode;
import io.mars.common.graph.TiledTileable;
import io.mars.common.model.NSplits;
import io.mars.common.operand.chunk.ChunkChoice;
import io.mars.common.operand.chunk.ChunkPermutation;
import io.mars.common.operand.chunk.ChunkRandomSample;
import io.mars.common.operand.tensor.TensorChoice;
import io.mars.common.operand.tensor.TensorPermutation;
import io.mars.common.operand.tensor.TensorRandomSample;
import java.util.List;

/**
 * Tiling rules of the random operands. Element-wise samples (and choice with replacement) are drawn chunk by chunk
 * from the element positions; permutations and samples without replacement order the whole population in one chunk
 * (there is no distributed sort yet) and are then cut into the requested chunks.
 */
final class RandomTilers {
    private RandomTilers() {
    }

    static void registerAll(TilerRegistry r) {
        r.register(TensorRandomSample.class, RandomTilers::sample);
        r.register(TensorPermutation.class, RandomTilers::permutation);
        r.register(TensorChoice.class, RandomTilers::choice);
    }

    static TiledTileable sample(TileableNode node, TensorRandomSample op, List<TiledTileable> in, TileContext ctx) {
        return eachChunk(resolve(op.chunks(), node, ctx), (flat, idx, shape, off) -> ctx.chunk(node.key() + "." + flat,
                new ChunkRandomSample(op.seed(), op.stream(), op.distribution(), op.loc(), op.scale(), op.low(),
                        op.high(), node.shape(), off), List.of(), node.dtype(), shape, idx));
    }

    static TiledTileable permutation(TileableNode node, TensorPermutation op, List<TiledTileable> in, TileContext ctx) {
        long[][] target = in.isEmpty() ? resolve(op.chunks(), node, ctx) : in.get(0).nsplits();
        // the input's real shape: its length may have been unknown when the tensor was built
        long[] shape = NSplits.shape(target);
        long n = in.isEmpty() ? op.n() : shape[0];
        ChunkPermutation chunkOp = new ChunkPermutation(op.seed(), op.stream(), n);
        List<ChunkNode> inputs = in.isEmpty() ? List.of() : List.of(whole(in.get(0), node.key() + ".in", ctx).chunks().get(0));
        ChunkNode all = ctx.chunk(node.key() + ".all", chunkOp, inputs, node.dtype(), shape, new int[shape.length]);
        return ctx.rechunk(new TiledTileable(oneChunk(shape), List.of(all)), target, node.key());
    }

    static TiledTileable choice(TileableNode node, TensorChoice op, List<TiledTileable> in, TileContext ctx) {
        long[][] target = resolve(op.chunks(), node, ctx);
        List<ChunkNode> inputs = in.isEmpty() ? List.of() : List.of(whole(in.get(0), node.key() + ".in", ctx).chunks().get(0));
        if (op.replace()) {
            return eachChunk(target, (flat, idx, shape, off) -> ctx.chunk(node.key() + "." + flat,
                    new ChunkChoice(op.seed(), op.stream(), op.n(), true, op.p(), node.shape(), off), inputs,
                    node.dtype(), shape, idx));
        }
        long[] shape = node.shape();
        ChunkNode all = ctx.chunk(node.key() + ".all", new ChunkChoice(op.seed(), op.stream(), op.n(), false, op.p(),
                shape, new long[shape.length]), inputs, node.dtype(), shape, new int[shape.length]);
        return ctx.rechunk(new TiledTileable(oneChunk(shape), List.of(all)), target, node.key());
    }

    /** {@code t} as one chunk. */
    private static TiledTileable whole(TiledTileable t, String keyBase, TileContext ctx) {
        return ctx.rechunk(t, oneChunk(NSplits.shape(t.nsplits())), keyBase);
    }

    private static long[][] oneChunk(long[] shape) {
        long[][] ns = new long[shape.length][];
        for (int a = 0; a < shape.length; a++) {
            ns[a] = new long[] {shape[a]};
        }
        return ns;
    }
}
