package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;

/**
 * {@code TensorLogisticTerms} on one block of rows (X and the targets, all columns) and the parameters in one chunk:
 * the block's part of the sums (the Hessian only with {@code hessian}, and then over the rows of
 * {@code TensorLogisticTerms}' sample when {@code hessianEvery} is above 1: {@code firstRow} is the block's first row in
 * the whole), which a tree of {@link ChunkSum} adds up.
 */
@WireName("chunk.logistic_terms")
public record ChunkLogisticTerms(boolean intercept, boolean hessian, int hessianEvery, long firstRow)
        implements ChunkOperand {
}
