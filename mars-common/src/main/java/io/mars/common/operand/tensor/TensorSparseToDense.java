package io.mars.common.operand.tensor;

import io.mars.common.operand.WireName;

/** The dense tensor of a sparse one, chunked by its row blocks. */
@WireName("tensor.sparse_to_dense")
public record TensorSparseToDense() implements TensorOperand {
}
