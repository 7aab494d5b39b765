package io.mars.common.operand.tensor;

import io.mars.common.operand.WireName;

/**
 * Its first input cut into the blocks of rows of its second (axis 0), every other axis in one chunk: a row-aligned
 * input of a fused pass over the second input's rows (a model's targets beside X), made once and persisted, so that
 * the pass does not cut it again each time it runs. The second input gives only its splits; its data is not read.
 */
@WireName("tensor.align_rows")
public record TensorAlignRows() implements TensorOperand {
}
