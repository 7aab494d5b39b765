package io.mars.common.operand.dataframe;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.types.DType;

/** The statistic of pandas' exponentially weighted window ({@code ewm(...).mean()} ...), float64 for every input. */
public enum EwmFn {
    MEAN("mean"),
    SUM("sum"),
    VAR("var"),
    STD("std");

    private final String pandasName;

    EwmFn(String pandasName) {
        this.pandasName = pandasName;
    }

    public String pandasName() {
        return pandasName;
    }

    /** float64 for a numeric (or bool) column, as pandas; UNSUPPORTED_DTYPE for text and datetimes. */
    public DType outputType(String column, DType in) {
        if (!in.isNumeric()) {
            throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "ewm of column '" + column
                    + "' of " + in + " is not supported; give a numeric column");
        }
        return DType.FLOAT64;
    }
}
