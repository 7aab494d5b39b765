package io.mars.common.operand.tensor;

import io.mars.common.operand.LinalgFn;
import io.mars.common.operand.WireName;

/**
 * Result {@code output} of a decomposition or solver run on the whole matrix, gathered into one chunk: for
 * matrices that fit one worker (and the small R of a tall-skinny QR).
 */
@WireName("tensor.small_linalg")
public record TensorSmallLinalg(LinalgFn fn, int output) implements TensorOperand {
}
