package io.mars.common.operand.tensor;

import io.mars.common.operand.Scalar;
import io.mars.common.operand.WireName;

/**
 * The value of {@code a} after numpy's {@code a[mask] = value}, as a new tensor: inputs are the array, a bool mask of
 * its shape and, when {@code value} is null, a value tensor of its shape taken element by element.
 */
@WireName("tensor.put")
public record TensorPut(Scalar value) implements TensorOperand {
}
