package io.mars.common.operand.dataframe;

import io.mars.types.DType;

/**
 * Functions of pandas' {@code .str} and {@code .dt} accessors. A null stays null, except that {@code contains} and
 * {@code startswith} give false for it (pandas' {@code na=False}).
 */
public enum AccessorFn {
    STR_LEN, STR_LOWER, STR_UPPER, STR_CONTAINS, STR_STARTSWITH, STR_REPLACE,
    DT_YEAR, DT_MONTH, DT_DAY, DT_DAYOFWEEK;

    public DType inputType() {
        return name().startsWith("STR_") ? DType.STRING : DType.TIMESTAMP;
    }

    public DType outputType() {
        return switch (this) {
            case STR_LEN, DT_YEAR, DT_MONTH, DT_DAY, DT_DAYOFWEEK -> DType.INT64;
            case STR_LOWER, STR_UPPER, STR_REPLACE -> DType.STRING;
            case STR_CONTAINS, STR_STARTSWITH -> DType.BOOL;
        };
    }
}
