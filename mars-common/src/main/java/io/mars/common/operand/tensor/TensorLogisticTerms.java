package io.mars.common.operand.tensor;

import io.mars.common.operand.WireName;

/**
 * The log-loss of a linear model summed over the rows of a matrix, with its gradient and Hessian in the parameters:
 * inputs X (samples × features), the targets (samples × outputs, 0/1 float64: the positive class for one output, one
 * column per class for several) and the parameters (outputs × width, each row a class's weights then, with
 * {@code intercept}, its intercept, so width is features + 1). One output: the logistic loss {@code log(1 + e^z) - y z};
 * several: the softmax loss {@code logsumexp(z) - y·z}. Float64 vector {@code [loss, gradient (outputs · width),
 * Hessian ((outputs · width)², row-major)]}, with no penalty; without {@code hessian} only {@code [loss, gradient]}
 * (what a first-order solver such as L-BFGS needs, a fraction of the work). With {@code hessianEvery} k above 1 the
 * Hessian is summed over a sample of the rows only (the loss and gradient over all): the blocks of
 * {@value #HESSIAN_BLOCK} rows, counted from the first row, whose index is a multiple of k ({@link #hessianRows} of
 * them), the same rows at any chunking.
 */
@WireName("tensor.logistic_terms")
public record TensorLogisticTerms(boolean intercept, boolean hessian, int hessianEvery) implements TensorOperand {
    /** The rows of a block the Hessian's sample takes or leaves whole. */
    public static final int HESSIAN_BLOCK = 512;

    public TensorLogisticTerms {
        if (hessianEvery < 1) {
            throw new IllegalArgumentException("hessianEvery should be at least 1, got " + hessianEvery);
        }
    }

    /** How many of {@code samples} rows the Hessian is summed over, one block in every {@code every}. */
    public static long hessianRows(long samples, int every) {
        long stride = (long) every * HESSIAN_BLOCK;
        long whole = samples / stride;
        return whole * HESSIAN_BLOCK + Math.min(HESSIAN_BLOCK, samples - whole * stride);
    }
}
