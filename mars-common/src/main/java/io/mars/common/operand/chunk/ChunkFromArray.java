package io.mars.common.operand.chunk;

import io.mars.common.operand.Operand;
import io.mars.common.operand.WireName;
import io.mars.types.NDArray;

/** A chunk whose data is carried in the operand. */
@WireName("chunk.array")
public record ChunkFromArray(NDArray data) implements Operand {
}
