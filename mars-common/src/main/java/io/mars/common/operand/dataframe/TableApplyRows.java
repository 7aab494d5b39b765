package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;

/**
 * A user function of every row of a frame (pandas' {@code DataFrame.apply(func, axis=1)} giving one value per row),
 * chunk by chunk: a series of {@code dtype} (declared or inferred on the client); {@code function} is the serialized
 * {@code io.mars.types.RowFunction}.
 */
@WireName("df.apply_rows")
public record TableApplyRows(byte[] function, io.mars.types.DType dtype) implements TableOperand {
}
