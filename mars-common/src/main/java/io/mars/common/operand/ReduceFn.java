package io.mars.common.operand;

import io.mars.types.DataType;

/** Reductions along axes, tiled as tree reductions (map, combine, agg); numpy's names and result dtypes. */
public enum ReduceFn {
    SUM("sum"), MEAN("mean"), VAR("var"), STD("std"), MIN("min"), MAX("max"),
    PROD("prod"), ALL("all"), ANY("any"), COUNT_NONZERO("count_nonzero"), PTP("ptp"),
    ARGMIN("argmin"), ARGMAX("argmax"),
    NANSUM("nansum"), NANPROD("nanprod"), NANMEAN("nanmean"), NANVAR("nanvar"), NANSTD("nanstd"),
    NANMIN("nanmin"), NANMAX("nanmax"), NANARGMIN("nanargmin"), NANARGMAX("nanargmax"),
    /** The weighted mean of {@code average}: its map step reads the values and the weights. */
    AVERAGE("average");

    private final String numpyName;

    ReduceFn(String numpyName) {
        this.numpyName = numpyName;
    }

    public String numpyName() {
        return numpyName;
    }

    public DataType resultType(DataType in) {
        return switch (this) {
            case SUM, PROD, NANSUM, NANPROD -> in.isFloat() ? in : DataType.INT64;
            case MEAN, VAR, STD, NANMEAN, NANVAR, NANSTD, AVERAGE -> in.isFloat() ? in : DataType.FLOAT64;
            case MIN, MAX, NANMIN, NANMAX, PTP -> in;
            case ALL, ANY -> DataType.BOOL;
            case COUNT_NONZERO, ARGMIN, ARGMAX, NANARGMIN, NANARGMAX -> DataType.INT64;
        };
    }

    /** Whether an empty input is an error (numpy raises for min/max/ptp/argmin of an empty axis). */
    public boolean needsIdentity() {
        return switch (this) {
            case MIN, MAX, PTP, NANMIN, NANMAX, ARGMIN, ARGMAX, NANARGMIN, NANARGMAX -> true;
            case SUM, MEAN, VAR, STD, PROD, ALL, ANY, COUNT_NONZERO, NANSUM, NANPROD, NANMEAN, NANVAR, NANSTD,
                    AVERAGE -> false;
        };
    }

    /** Whether the state carries the position of the chosen element (argmin and friends: one axis or all). */
    public boolean isArg() {
        return this == ARGMIN || this == ARGMAX || this == NANARGMIN || this == NANARGMAX;
    }

    /** Whether NaN values are skipped rather than propagated. */
    public boolean skipsNaN() {
        return switch (this) {
            case NANSUM, NANPROD, NANMEAN, NANVAR, NANSTD, NANMIN, NANMAX, NANARGMIN, NANARGMAX -> true;
            case SUM, MEAN, VAR, STD, MIN, MAX, PROD, ALL, ANY, COUNT_NONZERO, PTP, ARGMIN, ARGMAX, AVERAGE -> false;
        };
    }

    /** How many arrays the state of this reduction holds. */
    public int stateParts() {
        return switch (this) {
            case SUM, MIN, MAX, PROD, ALL, ANY, COUNT_NONZERO, NANSUM, NANPROD, NANMIN, NANMAX -> 1;
            case MEAN, NANMEAN, PTP, ARGMIN, ARGMAX, NANARGMIN, NANARGMAX, AVERAGE -> 2;
            case VAR, STD, NANVAR, NANSTD -> 3;
        };
    }
}
