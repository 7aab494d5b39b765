package io.mars.common.operand.tensor;

import io.mars.common.operand.Operand;
import io.mars.common.operand.WireName;
import io.mars.types.ChunkSpec;

/** numpy.linspace: {@code num} evenly spaced values from {@code start} to {@code stop}. */
@WireName("tensor.linspace")
public record TensorLinspace(double start, double stop, long num, boolean endpoint, ChunkSpec chunks)
        implements Operand {
}
