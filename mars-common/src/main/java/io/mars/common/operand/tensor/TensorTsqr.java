package io.mars.common.operand.tensor;

import io.mars.common.operand.WireName;

/**
 * Tall-skinny QR of an (m, n) matrix with m >= n, by a tree of per-chunk QRs. Its value is Q (m, n) stacked over
 * R (n, n): shape (m + n, n); {@link TensorTsqrPart} picks either without copying Q's chunks.
 */
@WireName("tensor.tsqr")
public record TensorTsqr() implements TensorOperand {
}
