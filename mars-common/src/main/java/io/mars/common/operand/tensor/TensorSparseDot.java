package io.mars.common.operand.tensor;

import io.mars.common.operand.WireName;

/** sparse (n, k) times dense (k,) or (k, m): a dense result, one chunk per row block and column block. */
@WireName("tensor.sparse_dot")
public record TensorSparseDot() implements TensorOperand {
}
