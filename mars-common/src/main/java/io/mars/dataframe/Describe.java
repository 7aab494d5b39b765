package io.mars.dataframe;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.operand.QuantileMethod;
import io.mars.types.Column;
import io.mars.types.DType;
import io.mars.types.LocalTable;
import java.util.ArrayList;
import java.util.List;

/**
 * pandas' {@code describe()} of the int, float and timedelta columns: count, mean, std, min, 25%, 50%, 75%, max, as a
 * frame whose first column {@code stat} names the row (pandas puts those names in the index). Built from the
 * reductions and the tensor percentile, so it is lazy like everything else.
 */
final class Describe {
    static final List<String> STATS = List.of("count", "mean", "std", "min", "25%", "50%", "75%", "max");

    private Describe() {
    }

    static DataFrame of(DataFrame df) {
        List<String> numeric = new ArrayList<>();
        for (int i = 0; i < df.columns().size(); i++) {
            DType t = df.dtypes().get(i);
            if (t.isNumeric() && t != DType.BOOL || t == DType.TIMEDELTA) {
                numeric.add(df.columns().get(i));
            }
        }
        if (numeric.isEmpty()) {
            throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "describe needs at least one int, float or"
                    + " timedelta64[ns] column;"
                    + " the frame has " + df.columns() + " of " + df.dtypes());
        }
        DataFrame out = DataFrames.fromTable(LocalTable.of(Column.ofStrings("stat", STATS)), 0);
        for (String c : numeric) {
            out = out.assign(c, column(df.col(c)));
        }
        return out;
    }

    private static Series column(Series s) {
        if (s.dtype() == DType.TIMEDELTA) {
            return timedeltas(s);
        }
        Series values = s.dropna().astype(DType.FLOAT64);
        Series quartiles = DataFrames.fromTensor(values.toTensor().percentile(new double[] {25, 50, 75}, null, false,
                QuantileMethod.LINEAR), s.name()).col(s.name());
        return DataFrames.concat(s.count().astype(DType.FLOAT64), s.mean(), s.std(), s.min().astype(DType.FLOAT64),
                quartiles, s.max().astype(DType.FLOAT64));
    }

    /**
     * A timedelta column's statistics as pandas prints them in its object column: the count as an int, the others
     * as {@code str(Timedelta)} ({@code "0 days 04:24:01.100000001"}); null where pandas has NaT.
     */
    private static Series timedeltas(Series s) {
        Series quartiles = DataFrameOps.ofFloatNanos(DataFrames.fromTensor(DataFrameOps.floatValues(s).toTensor()
                .percentile(new double[] {25, 50, 75}, null, false, QuantileMethod.LINEAR), s.name()).col(s.name()),
                DType.TIMEDELTA);
        return DataFrames.concat(s.count().astype(DType.STRING), s.mean().astype(DType.STRING),
                s.std().astype(DType.STRING), s.min().astype(DType.STRING), quartiles.astype(DType.STRING),
                s.max().astype(DType.STRING));
    }
}
