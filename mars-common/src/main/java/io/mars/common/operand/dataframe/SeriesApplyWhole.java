package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import io.mars.types.DType;

/**
 * A user function of a whole series (one column of a frame, all its chunks gathered into one), giving one value of
 * {@code dtype} labelled by the series' name: the piece of pandas' {@code DataFrame.apply(func, axis=0)} for one
 * column; {@code function} is the serialized {@code io.mars.types.ColumnFunction}. With a {@code result} other than
 * {@link WholeColumnResult#VALUE} the function gives a column of as many values instead (pandas'
 * {@code DataFrame.transform(func)}), or for {@link WholeColumnResult#BROADCAST} also one value repeated, of
 * {@code dtype}.
 */
@WireName("df.series_apply_whole")
public record SeriesApplyWhole(byte[] function, DType dtype, WholeColumnResult result) implements TableOperand {
}
