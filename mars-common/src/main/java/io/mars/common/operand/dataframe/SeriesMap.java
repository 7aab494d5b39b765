package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;

/**
 * A user function of every value of a series (pandas' {@code Series.map(func)}), chunk by chunk; {@code function} is
 * the serialized {@code io.mars.types.ValueFunction}, {@code dtype} the result's (declared or inferred on the client).
 */
@WireName("df.series_map")
public record SeriesMap(byte[] function, io.mars.types.DType dtype) implements TableOperand {
}
