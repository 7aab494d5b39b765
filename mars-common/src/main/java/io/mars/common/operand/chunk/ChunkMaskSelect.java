package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;

/**
 * Input 0 indexed by the bool mask chunk input 1, which covers its first {@code maskNdim} axes: the selected
 * sub-arrays in C order, stacked along a new first axis (whose length is known only once computed).
 */
@WireName("chunk.mask_select")
public record ChunkMaskSelect(int maskNdim) implements ChunkOperand {
}
