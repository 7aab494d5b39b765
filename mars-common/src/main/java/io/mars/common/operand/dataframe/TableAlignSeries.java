package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import io.mars.types.DType;
import java.util.Collection;
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
    /**
     * The dtype of labels given as a Map's keys: STRING when all are strings (also when there are none), INT64 when
     * all are integers (Long, Integer, Short, Byte), else null (not labels Mars can align).
     */
    public static DType labelDtype(Collection<?> labels) {
        boolean text = true;
        boolean integers = true;
        for (Object l : labels) {
            text &= l instanceof String;
            integers &= l instanceof Long || l instanceof Integer || l instanceof Short || l instanceof Byte;
        }
        return text ? DType.STRING : integers ? DType.INT64 : null;
    }
}
