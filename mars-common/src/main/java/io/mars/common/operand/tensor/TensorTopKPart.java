package io.mars.common.operand.tensor;

import io.mars.common.operand.WireName;

/** The values, or ({@code indices}) the int64 positions, of a {@link TensorTopK}'s candidates, best first. */
@WireName("tensor.topk_part")
public record TensorTopKPart(int axis, int k, boolean largest, boolean indices) implements TensorOperand {
}
