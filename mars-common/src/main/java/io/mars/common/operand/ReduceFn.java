package io.mars.common.operand;

import io.mars.tensor.DataType;

/** Reductions along axes, tiled as tree reductions (map, combine, agg); numpy's names and result dtypes. */
public enum ReduceFn {
    SUM("sum"), MEAN("mean"), VAR("var"), STD("std"), MIN("min"), MAX("max");

    private final String numpyName;

    ReduceFn(String numpyName) {
        this.numpyName = numpyName;
    }

    public String numpyName() {
        return numpyName;
    }

    public DataType resultType(DataType in) {
        return switch (this) {
            case SUM -> in.isFloat() ? in : DataType.INT64;
            case MEAN, VAR, STD -> in.isFloat() ? in : DataType.FLOAT64;
            case MIN, MAX -> in;
        };
    }

    /** Whether an empty input is an error (numpy raises for min/max of an empty axis). */
    public boolean needsIdentity() {
        return this == MIN || this == MAX;
    }
}
