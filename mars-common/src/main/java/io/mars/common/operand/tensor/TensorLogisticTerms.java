package io.mars.common.operand.tensor;

import io.mars.common.operand.WireName;

/**
 * The log-loss of a linear model summed over the rows of a matrix, with its gradient and Hessian in the parameters:
 * inputs X (samples × features), the targets (samples × outputs, 0/1 float64: the positive class for one output, one
 * column per class for several) and the parameters (outputs × width, each row a class's weights then, with
 * {@code intercept}, its intercept, so width is features + 1). One output: the logistic loss {@code log(1 + e^z) - y z};
 * several: the softmax loss {@code logsumexp(z) - y·z}. Float64 vector {@code [loss, gradient (outputs · width),
 * Hessian ((outputs · width)², row-major)]}, with no penalty; without {@code hessian} only {@code [loss, gradient]}
 * (what a first-order solver such as L-BFGS needs, a fraction of the work).
 */
@WireName("tensor.logistic_terms")
public record TensorLogisticTerms(boolean intercept, boolean hessian) implements TensorOperand {
}
