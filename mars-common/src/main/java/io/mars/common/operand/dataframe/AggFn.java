package io.mars.common.operand.dataframe;

/** Aggregations of groupby and of whole-column reductions, with pandas' names and null handling (nulls skipped). */
public enum AggFn {
    SUM("sum"), MEAN("mean"), COUNT("count"), SIZE("size"), MIN("min"), MAX("max"), VAR("var"), STD("std"),
    FIRST("first"), LAST("last"), PROD("prod");

    private final String pandasName;

    AggFn(String pandasName) {
        this.pandasName = pandasName;
    }

    public String pandasName() {
        return pandasName;
    }

    /** Whether the column must be numeric (bool, int, float). */
    public boolean needsNumeric() {
        return switch (this) {
            case SUM, MEAN, VAR, STD, PROD -> true;
            case COUNT, SIZE, MIN, MAX, FIRST, LAST -> false;
        };
    }

    public static AggFn fromName(String name) {
        for (AggFn f : values()) {
            if (f.pandasName.equals(name)) {
                return f;
            }
        }
        throw new io.mars.common.error.MarsException(io.mars.common.error.ErrorCode.INVALID_ARGUMENT, "aggregation '"
                + name + "' is not supported; use one of sum, mean, count, size, min, max, var, std, first, last,"
                + " prod");
    }
}
