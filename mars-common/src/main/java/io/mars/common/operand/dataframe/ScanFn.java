package io.mars.common.operand.dataframe;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.types.DType;

/**
 * A running (prefix) function of a column, pandas' {@code cumsum, cumprod, cummax, cummin} and the forward fill that
 * {@code pct_change} applies first. Each folds values left to right skipping nulls (a null row stays null, except
 * for the fill), and is associative, so a chunk's running values start from the fold of every earlier chunk.
 */
public enum ScanFn {
    CUMSUM("cumsum"),
    CUMPROD("cumprod"),
    CUMMAX("cummax"),
    CUMMIN("cummin"),
    FFILL("ffill");

    private final String pandasName;

    ScanFn(String pandasName) {
        this.pandasName = pandasName;
    }

    public String pandasName() {
        return pandasName;
    }

    /**
     * The dtype of the running values of a {@code column} of {@code in}, as pandas gives it: a bool sum or product
     * counts in int64, max and min keep the type, the fill keeps any type; UNSUPPORTED_DTYPE for what pandas refuses
     * or Mars does not do (text and datetimes for sums and products, timedeltas for products, text for max and min).
     */
    public DType outputType(String column, DType in) {
        boolean ok = switch (this) {
            case CUMSUM -> in.isNumeric() || in == DType.TIMEDELTA;
            case CUMPROD -> in.isNumeric();
            case CUMMAX, CUMMIN -> in.isNumeric() || in.isTemporal();
            case FFILL -> true;
        };
        if (!ok) {
            throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, pandasName + " of column '" + column + "' of " + in
                    + " is not supported; give a numeric column");
        }
        return in == DType.BOOL && (this == CUMSUM || this == CUMPROD) ? DType.INT64 : in;
    }
}
