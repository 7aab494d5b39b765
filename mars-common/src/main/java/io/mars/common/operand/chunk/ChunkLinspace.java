package io.mars.common.operand.chunk;

import io.mars.common.operand.Operand;
import io.mars.common.operand.WireName;

/** Elements {@code offset .. offset + len - 1} of {@code linspace(start, stop, num, endpoint)}, numpy's formula. */
@WireName("chunk.linspace")
public record ChunkLinspace(double start, double stop, long num, boolean endpoint, long offset)
        implements BoxCreation {
    @Override
    public Operand at(long[] offset) {
        return new ChunkLinspace(start, stop, num, endpoint, offset[0]);
    }
}
