package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import io.mars.types.DType;
import java.util.List;

/**
 * The series a user function gave for each column of a frame ({@link SeriesApplyWhole} with
 * {@link WholeColumnResult#SERIES} or {@link WholeColumnResult#LABELLED_SERIES}), put side by side as the columns of
 * one frame, aligned by label as pandas' {@code apply(func)} aligns them: by position (the shorter ones padded with
 * missing values) unless {@code labelled}, else by the labels they carry (of {@code labels}' dtype). The result has
 * the {@code columns} of {@code dtypes}.
 */
@WireName("df.align_series")
public record TableAlignSeries(List<String> columns, List<DType> dtypes, boolean labelled, DType labels)
        implements TableOperand {
}
