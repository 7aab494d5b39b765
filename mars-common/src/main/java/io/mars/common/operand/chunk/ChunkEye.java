package io.mars.common.operand.chunk;

import io.mars.common.operand.Operand;
import io.mars.common.operand.WireName;

/** The block at ({@code rowOffset}, {@code colOffset}) of a matrix with ones on diagonal {@code k}. */
@WireName("chunk.eye")
public record ChunkEye(long k, long rowOffset, long colOffset) implements BoxCreation {
    @Override
    public Operand at(long[] offset) {
        return new ChunkEye(k, offset[0], offset[1]);
    }
}
