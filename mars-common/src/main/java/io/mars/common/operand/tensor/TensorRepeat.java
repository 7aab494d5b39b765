package io.mars.common.operand.tensor;

import io.mars.common.operand.Operand;
import io.mars.common.operand.WireName;

/** numpy.repeat with one repeat count: every element along {@code axis} appears {@code repeats} times in a row. */
@WireName("tensor.repeat")
public record TensorRepeat(int axis, long repeats) implements Operand {
}
