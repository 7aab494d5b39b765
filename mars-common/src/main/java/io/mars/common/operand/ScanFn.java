package io.mars.common.operand;

import io.mars.types.DataType;

/** Cumulative functions along one axis; numpy's names and result dtypes. */
public enum ScanFn {
    CUMSUM("cumsum", ReduceFn.SUM), CUMPROD("cumprod", ReduceFn.PROD),
    NANCUMSUM("nancumsum", ReduceFn.NANSUM), NANCUMPROD("nancumprod", ReduceFn.NANPROD);

    private final String numpyName;
    private final ReduceFn total;

    ScanFn(String numpyName, ReduceFn total) {
        this.numpyName = numpyName;
        this.total = total;
    }

    public String numpyName() {
        return numpyName;
    }

    /** The reduction whose state is a chunk's total, which later chunks along the axis start from. */
    public ReduceFn total() {
        return total;
    }

    public boolean isProduct() {
        return this == CUMPROD || this == NANCUMPROD;
    }

    public boolean skipsNaN() {
        return this == NANCUMSUM || this == NANCUMPROD;
    }

    /** bool and integers accumulate in int64, floats in their own dtype. */
    public DataType resultType(DataType in) {
        return in.isFloat() ? in : DataType.INT64;
    }
}
