package io.mars.common.operand.tensor;

import io.mars.common.operand.Operand;
import io.mars.common.operand.WireName;
import io.mars.types.ChunkSpec;
import io.mars.types.NDArray;

/** A tensor made from a local array, which travels inside the graph. */
@WireName("tensor.array")
public record TensorFromArray(NDArray data, ChunkSpec chunks) implements Operand {
}
