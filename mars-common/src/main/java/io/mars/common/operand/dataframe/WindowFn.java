package io.mars.common.operand.dataframe;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.types.DType;

/**
 * A function of a row and its neighbours a fixed distance away: pandas' {@code shift(n)}, {@code diff(n)},
 * {@code pct_change(n)} (of values already forward-filled) and {@code rolling(w).sum/mean/min/max/std/var/median/count}.
 * A chunk computes it from its own rows and the rows of neighbouring chunks within that distance ({@link #before},
 * {@link #after}).
 */
public enum WindowFn {
    SHIFT("shift"),
    DIFF("diff"),
    PCT_CHANGE("pct_change"),
    ROLLING_SUM("rolling.sum"),
    ROLLING_MEAN("rolling.mean"),
    ROLLING_MIN("rolling.min"),
    ROLLING_MAX("rolling.max"),
    ROLLING_STD("rolling.std"),
    ROLLING_VAR("rolling.var"),
    ROLLING_MEDIAN("rolling.median"),
    /**
     * The values that are not null among the window's rows, float64, of a column of any dtype; NaN where the window
     * has fewer than min_periods rows (pandas 1.5 applies min_periods to the rows, not to the values, for count).
     */
    ROLLING_COUNT("rolling.count");

    private final String pandasName;

    WindowFn(String pandasName) {
        this.pandasName = pandasName;
    }

    public String pandasName() {
        return pandasName;
    }

    public boolean rolling() {
        return this != SHIFT && this != DIFF && this != PCT_CHANGE;
    }

    /** How many rows before a row its value reads: the periods of a positive shift, the window less one. */
    public long before(long periods) {
        return rolling() ? periods - 1 : Math.max(0, periods);
    }

    /** How many rows after a row its value reads: the periods of a negative shift. */
    public long after(long periods) {
        return rolling() ? 0 : Math.max(0, -periods);
    }

    /**
     * The dtype of the result for a {@code column} of {@code in}, as pandas gives it: a shift keeps the type but
     * turns ints into float64 (the rows shifted in are NaN), differences and windows are float64 (float32 stays
     * float32 for diff and pct_change); UNSUPPORTED_DTYPE for what pandas makes object or refuses (bool shifted,
     * differences of text, datetimes or bools).
     */
    public DType outputType(String column, DType in, long periods) {
        if (this == ROLLING_COUNT) {
            return DType.FLOAT64;
        }
        if (this == SHIFT) {
            if (periods == 0 || in == DType.STRING || in.isTemporal() || in.isFloat()) {
                return in;
            }
            if (in == DType.BOOL) {
                throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "shift of bool column '" + column + "' would be"
                        + " object in pandas, which Mars does not have; convert it with astype(int64) first");
            }
            return DType.FLOAT64;
        }
        if (!in.isNumeric() || in == DType.BOOL) {
            throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, pandasName + " of column '" + column + "' of " + in
                    + " is not supported; give an int or float column");
        }
        return !rolling() && in == DType.FLOAT32 ? DType.FLOAT32 : DType.FLOAT64;
    }
}
