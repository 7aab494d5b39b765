package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;

/** Sorts a chunk along an axis that lies wholly within it: the values, or ({@code indices}) the stable argsort. */
@WireName("chunk.sort")
public record ChunkSort(int axis, boolean indices) implements ChunkOperand {
}
