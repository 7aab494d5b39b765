package io.mars.common.operand.tensor;

import io.mars.common.operand.WireName;

/**
 * A sparse 2-d tensor in CSR row blocks of {@code rowChunk} rows, from coordinates: inputs rows, cols and values, 1-d
 * of one length (scipy's {@code coo_array((values, (rows, cols)), shape).tocsr()}: duplicates summed).
 */
@WireName("tensor.sparse_from_coo")
public record TensorSparseFromCoo(long rowChunk) implements TensorOperand {
}
