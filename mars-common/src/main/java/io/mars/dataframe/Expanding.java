package io.mars.dataframe;

import io.mars.types.DType;

/**
 * pandas' {@code expanding()} of a series (min_periods=1): each row's statistic over every row up to it, NaN
 * until the first value that is not null; float64. Running sums and extremes carried forward over nulls, so it
 * costs what {@link Series#cumsum()} costs. Made by {@link Series#expanding()}.
 */
public final class Expanding {
    private final Series s;

    Expanding(Series s) {
        this.s = s;
    }

    private Series floats() {
        io.mars.common.operand.dataframe.WindowFn.ROLLING_SUM.outputType(s.name(), s.dtype(), 1); // rolling's checks
        return s.dtype() == DType.FLOAT64 ? s : s.astype(DType.FLOAT64);
    }

    public Series sum() {
        return floats().cumsum().ffill();
    }

    public Series min() {
        return floats().cummin().ffill();
    }

    public Series max() {
        return floats().cummax().ffill();
    }

    public Series mean() {
        Series count = s.notna().cumsum();
        return sum().divide(count);
    }
}
