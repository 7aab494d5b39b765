package io.mars.common.operand.tensor;

import io.mars.common.operand.WireName;

/**
 * Writes its input into a local {@code .npy} file the client created with the header and the full length: every
 * chunk writes its own byte ranges from byte {@code dataOffset} on, on the worker that holds it, so the data never
 * passes through the client. The value is the number of bytes written (a 0-d int64).
 */
@WireName("tensor.io.to_npy")
public record TensorToNpy(String path, long dataOffset) implements TensorOperand {
}
