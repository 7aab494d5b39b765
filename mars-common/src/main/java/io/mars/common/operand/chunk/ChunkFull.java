package io.mars.common.operand.chunk;

import io.mars.common.operand.Operand;
import io.mars.common.operand.Scalar;
import io.mars.common.operand.WireName;

/** A chunk filled with one value, cast to the node's dtype. */
@WireName("chunk.full")
public record ChunkFull(Scalar value) implements BoxCreation {
    @Override
    public Operand at(long[] offset) {
        return this;
    }
}
