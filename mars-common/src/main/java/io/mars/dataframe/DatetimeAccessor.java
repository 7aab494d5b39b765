package io.mars.dataframe;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.operand.dataframe.AccessorFn;
import io.mars.types.DType;

/** pandas' {@code Series.dt}: calendar fields of datetime64[ns] values (UTC), int64, null for null (NaT). */
public final class DatetimeAccessor {
    private final Series series;

    DatetimeAccessor(Series series) {
        if (series.dtype() != DType.TIMESTAMP) {
            throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, ".dt needs a datetime64[ns] series, got series '"
                    + series.name() + "' of " + series.dtype());
        }
        this.series = series;
    }

    public Series year() { return StringAccessor.apply(series, AccessorFn.DT_YEAR, null, null); }

    public Series month() { return StringAccessor.apply(series, AccessorFn.DT_MONTH, null, null); }

    public Series day() { return StringAccessor.apply(series, AccessorFn.DT_DAY, null, null); }

    /** Monday = 0 ... Sunday = 6, as pandas. */
    public Series dayofweek() { return StringAccessor.apply(series, AccessorFn.DT_DAYOFWEEK, null, null); }
}
