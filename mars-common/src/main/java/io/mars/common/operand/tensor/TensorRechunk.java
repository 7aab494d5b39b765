package io.mars.common.operand.tensor;

import io.mars.common.operand.Operand;
import io.mars.common.operand.WireName;
import io.mars.types.ChunkSpec;

/** Cuts the same tensor into other chunks. */
@WireName("tensor.rechunk")
public record TensorRechunk(ChunkSpec chunks) implements Operand {
}
