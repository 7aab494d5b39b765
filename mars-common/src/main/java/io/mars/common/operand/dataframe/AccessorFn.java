package io.mars.common.operand.dataframe;

import io.mars.types.DType;

/**
 * Functions of pandas' {@code .str} and {@code .dt} accessors. A null stays null, except that the tests
 * ({@code contains}, {@code startswith}, {@code endswith}) give false for it (pandas' {@code na=False}).
 */
public enum AccessorFn {
    STR_LEN, STR_LOWER, STR_UPPER, STR_CONTAINS, STR_STARTSWITH, STR_REPLACE, STR_ENDSWITH,
    /** Whether a regular expression matches somewhere in the value (pandas' {@code contains(pat, regex=True)}). */
    STR_CONTAINS_REGEX,
    /** Python's {@code value[start:stop]} in UTF-16 code units. */
    STR_SLICE,
    DT_YEAR, DT_MONTH, DT_DAY, DT_DAYOFWEEK;

    public DType inputType() {
        return name().startsWith("STR_") ? DType.STRING : DType.TIMESTAMP;
    }

    /** Whether a null value gives false rather than null. */
    public boolean isTest() {
        return outputType() == DType.BOOL;
    }

    public DType outputType() {
        return switch (this) {
            case STR_LEN, DT_YEAR, DT_MONTH, DT_DAY, DT_DAYOFWEEK -> DType.INT64;
            case STR_LOWER, STR_UPPER, STR_REPLACE, STR_SLICE -> DType.STRING;
            case STR_CONTAINS, STR_STARTSWITH, STR_ENDSWITH, STR_CONTAINS_REGEX -> DType.BOOL;
        };
    }
}
