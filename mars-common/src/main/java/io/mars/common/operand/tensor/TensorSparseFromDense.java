package io.mars.common.operand.tensor;

import io.mars.common.operand.WireName;

/** A sparse 2-d tensor in CSR row blocks (the dense input's row chunks) holding the input's non-zero elements. */
@WireName("tensor.sparse_from_dense")
public record TensorSparseFromDense() implements TensorOperand {
}
