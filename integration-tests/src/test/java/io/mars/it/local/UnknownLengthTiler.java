package io.mars.it.local;

import io.mars.common.graph.ChunkNode;
import io.mars.common.graph.TiledTensor;
import io.mars.common.operand.Operand;
import io.mars.common.tiling.Tiler;
import io.mars.types.Shapes;
import java.util.ArrayList;
import java.util.List;

/** Test tilers for 1-d operands whose chunk lengths are known only once computed (per-chunk filters). */
final class UnknownLengthTiler {
    private UnknownLengthTiler() {
    }

    /** One {@code chunkOp} chunk of unknown length per input chunk. */
    static <T extends Operand> Tiler<T> perChunk(Operand chunkOp) {
        return (node, op, inputs, ctx) -> {
            TiledTensor in = inputs.get(0);
            List<ChunkNode> out = new ArrayList<>();
            long[] lengths = new long[in.chunks().size()];
            for (int i = 0; i < in.chunks().size(); i++) {
                lengths[i] = Shapes.UNKNOWN;
                out.add(ctx.chunk(node.key() + "." + i, chunkOp, List.of(in.chunks().get(i)), node.dtype(),
                        new long[] {Shapes.UNKNOWN}, new int[] {i}));
            }
            return new TiledTensor(new long[][] {lengths}, out);
        };
    }
}
