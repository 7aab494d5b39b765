package io.mars.common.operand.tensor;

import io.mars.common.operand.ScanFn;
import io.mars.common.operand.WireName;

/** A cumulative sum or product along one normalized {@code axis}; same shape as the input. */
@WireName("tensor.scan")
public record TensorScan(ScanFn fn, int axis) implements TensorOperand {
}
