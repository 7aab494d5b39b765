package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;

/**
 * numpy.bincount of one chunk (input 0, with weights as input 1 when there are two inputs) into a
 * {@link io.mars.common.model.ReductionState} of one array whose length is the chunk's maximum + 1.
 */
@WireName("chunk.bincount.map")
public record ChunkBincountMap() implements ChunkOperand {
}
