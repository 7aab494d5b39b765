package io.mars.common.operand.chunk;

import io.mars.common.operand.Operand;
import io.mars.common.operand.Scalar;
import io.mars.common.operand.WireName;

/** Elements {@code start + (offset + i) * step} for i in the chunk, cast to the node's dtype. */
@WireName("chunk.arange")
public record ChunkArange(Scalar start, Scalar step, long offset) implements BoxCreation {
    @Override
    public Operand at(long[] offset) {
        return new ChunkArange(start, step, offset[0]);
    }
}
