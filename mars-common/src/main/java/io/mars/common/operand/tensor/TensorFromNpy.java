package io.mars.common.operand.tensor;

import io.mars.common.operand.Operand;
import io.mars.common.operand.WireName;
import io.mars.types.ChunkSpec;

/**
 * A tensor read from a local {@code .npy} file (little-endian, C order) whose data start at byte
 * {@code dataOffset}; the dtype and shape, read from the header when the tensor was built, are the node's.
 */
@WireName("tensor.io.from_npy")
public record TensorFromNpy(String path, long dataOffset, ChunkSpec chunks) implements Operand {
}
