package io.mars.common.operand;

/** What a reduction of a CSR chunk gives, as a dense chunk: per-row sums, column sums of the block, or its nnz. */
public enum SparseReduceFn {
    /** The sum of each row of the block: a (rows,) chunk. */
    ROW_SUMS,
    /** The column sums of the block: a (1, cols) chunk, summed over blocks afterwards. */
    COLUMN_SUMS,
    /** The number of stored entries of the block: a (1,) int64 chunk. */
    NNZ
}
