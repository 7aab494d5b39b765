package io.mars.common.operand.tensor;

import io.mars.common.operand.Operand;
import io.mars.common.operand.WireName;
import io.mars.types.ChunkSpec;

/** numpy.eye: ones on diagonal {@code k} (0 the main one, positive above, negative below), zeros elsewhere. */
@WireName("tensor.eye")
public record TensorEye(long k, ChunkSpec chunks) implements Operand {
}
