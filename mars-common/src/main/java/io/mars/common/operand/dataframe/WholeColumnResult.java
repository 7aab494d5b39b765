package io.mars.common.operand.dataframe;

/** What the user function of a whole column ({@link SeriesApplyWhole}) gives. */
public enum WholeColumnResult {
    /** One value: the column's row of pandas' {@code apply(func)} reducing each column. */
    VALUE,
    /** A column of as many values: pandas' {@code transform(func)}. */
    COLUMN,
    /** One value repeated down the column, or a column of as many values: {@code result_type='broadcast'}. */
    BROADCAST,
    /**
     * A column of any length, labelled by position ({@code Column} or {@code List}): one column of pandas'
     * {@code apply(func)} when {@code func} gives a series of another length; {@link TableAlignSeries} pads the
     * shorter ones.
     */
    SERIES,
    /** Values labelled by a {@code Map}'s keys: one column of pandas' {@code apply(func)} giving a labelled series. */
    LABELLED_SERIES
}
