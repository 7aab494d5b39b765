package io.mars.common.operand.tensor;

import io.mars.common.operand.WireName;

/** numpy.bincount of non-negative ints (input 0), optionally summing weights (input 1); the length is data-dependent. */
@WireName("tensor.bincount")
public record TensorBincount(long minlength) implements TensorOperand {
}
