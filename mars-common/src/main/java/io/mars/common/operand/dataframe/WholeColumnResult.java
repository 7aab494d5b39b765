package io.mars.common.operand.dataframe;

/** What the user function of a whole column ({@link SeriesApplyWhole}) gives. */
public enum WholeColumnResult {
    /** One value: the column's row of pandas' {@code apply(func)} reducing each column. */
    VALUE,
    /** A column of as many values: pandas' {@code transform(func)}. */
    COLUMN,
    /** One value repeated down the column, or a column of as many values: {@code result_type='broadcast'}. */
    BROADCAST
}
