package io.mars.common.operand.tensor;

import io.mars.common.operand.SparseReduceFn;
import io.mars.common.operand.WireName;

/** A dense result per CSR row block of a sparse tensor (see {@link SparseReduceFn}). */
@WireName("tensor.sparse_reduce")
public record TensorSparseReduce(SparseReduceFn fn) implements TensorOperand {
}
