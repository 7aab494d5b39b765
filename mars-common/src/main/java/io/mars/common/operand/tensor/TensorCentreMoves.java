package io.mars.common.operand.tensor;

import io.mars.common.operand.WireName;

/**
 * What a bounded pass ({@link TensorCentreBounds}) changed in k-means' cluster sums: float64 (clusters, features + 2).
 * {@code initial}: inputs X, the pass's table and the offset; for each centre the sum of its rows less the offset,
 * their count, and in the last column X's sum of squares less the offset (in the first row; 0 in the others), from
 * which and the sums and counts k-means has the inertia.
 * Otherwise inputs X, the previous table, the new one and the offset; for each centre the sum of the rows (less the
 * offset) that joined it less that of the rows that left it, the same for the count, and 0 in the last column: added
 * to the previous sums and counts, the new ones. Only the rows whose centre changed are read.
 */
@WireName("tensor.centre_moves")
public record TensorCentreMoves(boolean initial) implements TensorOperand {
}
