package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;

/** numpy.searchsorted (or digitize) of one chunk of values (input 1) in the whole sorted array or bins (input 0). */
@WireName("chunk.searchsorted")
public record ChunkSearchSorted(boolean right, boolean digitize) implements ChunkOperand {
}
