package io.mars.it.golden;

import static io.mars.it.golden.UserErrors.assertFails;
import static org.assertj.core.api.Assertions.assertThat;

import io.mars.common.error.ErrorCode;
import io.mars.dataframe.DataFrame;
import io.mars.dataframe.DataFrames;
import io.mars.it.LocalClusterExtension;
import io.mars.types.Column;
import io.mars.types.DType;
import io.mars.types.LocalTable;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Errors of the running and window functions and of round, clip, replace, quantile and nlargest name the argument or
 * column and its value, when the expression is built.
 */
class DataFrameWindowBadInputTest {
    @RegisterExtension
    static final LocalClusterExtension CLUSTER = new LocalClusterExtension(2);
    private static final LocalTable TABLE = LocalTable.of(Column.ofLongs("k", 1, 2, 1, 3, 2),
            Column.of("x", DType.FLOAT64, Arrays.asList(1.5, null, -2.0, 4.0, 0.25)),
            Column.ofStrings("s", Arrays.asList("a", null, "b", "c", "a")),
            Column.ofBooleans("b", true, false, true, true, false),
            Column.of("t", DType.TIMESTAMP, Arrays.asList(0L, 1L, null, 3L, 4L)));

    private static DataFrame df() {
        return DataFrames.fromTable(TABLE, 2);
    }

    @Test
    void runningSumsOfTextOrDatetimesAreUnsupportedDtypeNamingTheColumn() {
        assertFails(() -> df().col("s").cumsum(), ErrorCode.UNSUPPORTED_DTYPE, "cumsum", "'s'", "object");
        assertFails(() -> df().col("t").cumprod(), ErrorCode.UNSUPPORTED_DTYPE, "cumprod", "'t'", "datetime64[ns]");
        assertFails(() -> df().col("s").cummax(), ErrorCode.UNSUPPORTED_DTYPE, "cummax", "'s'");
        assertFails(() -> df().cumsum(), ErrorCode.UNSUPPORTED_DTYPE, "cumsum", "'s'");
    }

    @Test
    void shiftOfBoolAndDifferencesOfNonNumbersAreUnsupportedDtype() {
        assertFails(() -> df().col("b").shift(1), ErrorCode.UNSUPPORTED_DTYPE, "shift", "'b'", "astype(int64)");
        assertFails(() -> df().col("s").diff(), ErrorCode.UNSUPPORTED_DTYPE, "diff", "'s'", "object");
        assertFails(() -> df().col("t").diff(1), ErrorCode.UNSUPPORTED_DTYPE, "diff", "'t'");
        assertFails(() -> df().col("b").pctChange(), ErrorCode.UNSUPPORTED_DTYPE, "pct_change", "'b'", "bool");
        assertFails(() -> df().select("k", "s").pctChange(1), ErrorCode.UNSUPPORTED_DTYPE, "pct_change", "'s'");
        assertFails(() -> df().col("s").rolling(2).sum(), ErrorCode.UNSUPPORTED_DTYPE, "rolling.sum", "'s'");
        assertFails(() -> df().col("s").expanding().mean(), ErrorCode.UNSUPPORTED_DTYPE, "'s'");
        assertFails(() -> df().expanding(), ErrorCode.UNSUPPORTED_DTYPE, "'s'");
    }

    @Test
    void aRollingWindowBelowOneOrMinPeriodsOutsideItIsInvalidArgument() {
        assertFails(() -> df().col("x").rolling(0), ErrorCode.INVALID_ARGUMENT, "window", "at least 1", "0");
        assertFails(() -> df().col("x").rolling(-3), ErrorCode.INVALID_ARGUMENT, "window", "-3");
        assertFails(() -> df().col("x").rolling(2, 3), ErrorCode.INVALID_ARGUMENT, "min_periods", "2", "3");
        assertFails(() -> df().rolling(2, -1), ErrorCode.INVALID_ARGUMENT, "min_periods", "-1");
    }

    @Test
    void roundClipAndReplaceNameTheSeriesTheyCannotTake() {
        assertFails(() -> df().col("b").round(1), ErrorCode.UNSUPPORTED_DTYPE, "round", "'b'", "bool");
        assertFails(() -> df().col("s").clip(0, 1), ErrorCode.UNSUPPORTED_DTYPE, "clip", "'s'");
        assertFails(() -> df().clip(0, 1), ErrorCode.UNSUPPORTED_DTYPE, "clip", "'s'");
        assertFails(() -> df().col("k").replace(1, 1.5), ErrorCode.UNSUPPORTED_DTYPE, "'k'", "1.5", "astype(float64)");
        assertFails(() -> df().col("k").replace("a", "b"), ErrorCode.UNSUPPORTED_DTYPE, "'a'", "'k'");
        assertFails(() -> df().replace(1, 0.5), ErrorCode.UNSUPPORTED_DTYPE, "'k'", "0.5");
        assertFails(() -> df().col("s").replace(1, 2), ErrorCode.UNSUPPORTED_DTYPE, "replace", "'s'");
    }

    @Test
    void quantileOutsideZeroOneAndSelectionsOfTextAreRefused() {
        assertFails(() -> df().col("x").quantile(1.5), ErrorCode.INVALID_ARGUMENT, "quantile", "1.5");
        assertFails(() -> df().col("x").quantile(Double.NaN), ErrorCode.INVALID_ARGUMENT, "quantile", "NaN");
        assertFails(() -> df().col("s").quantile(0.5), ErrorCode.NON_NUMERIC_AGGREGATION, "'s'");
        assertFails(() -> df().nlargest(2, List.of("k", "s")), ErrorCode.UNSUPPORTED_DTYPE, "nlargest", "'s'");
        assertFails(() -> df().nsmallest(2, List.of()), ErrorCode.INVALID_ARGUMENT, "nsmallest", "at least one column");
        assertFails(() -> df().nlargest(-2, List.of("k")), ErrorCode.INVALID_ARGUMENT, "nlargest", "-2");
        assertFails(() -> df().nlargest(2, List.of("k", "nope")), ErrorCode.COLUMN_NOT_FOUND, "'nope'");
        assertFails(() -> df().col("s").idxmax(), ErrorCode.UNSUPPORTED_DTYPE, "'s'");
    }

    @Test
    void ilocPositionsPastEitherEndAreIndexOutOfRangeAndAZeroStepIsInvalid() {
        assertFails(() -> df().iloc(List.of(0L, 5L)), ErrorCode.INDEX_OUT_OF_RANGE, "position 5", "5 rows");
        assertFails(() -> df().col("x").iloc(List.of(-6L)), ErrorCode.INDEX_OUT_OF_RANGE, "position -6");
        assertFails(() -> df().iloc(0, 3, 0), ErrorCode.INVALID_ARGUMENT, "step", "zero");
        assertFails(() -> df().tail(-1), ErrorCode.INVALID_ARGUMENT, "tail", "-1");
        // after a filter the length is known only when it has run
        DataFrame some = df().filter(df().col("k").gt(1.0));
        assertFails(() -> some.iloc(List.of(3L)).execute(CLUSTER.session()), ErrorCode.INDEX_OUT_OF_RANGE, "position 3",
                "3 rows");
    }

    @Test
    void rankAndGroupByMembersNameWhatTheyCannotTake() {
        assertFails(() -> df().col("x").rank("ordinal"), ErrorCode.INVALID_ARGUMENT, "rank", "'ordinal'", "dense");
        assertFails(() -> df().groupBy("k").cumsum(), ErrorCode.UNSUPPORTED_DTYPE, "cumsum", "'s'");
        assertFails(() -> df().groupBy("k").transform("median_of_medians"), ErrorCode.INVALID_ARGUMENT,
                "median_of_medians");
        assertFails(() -> df().groupBy("k").filterBySize(-1), ErrorCode.INVALID_ARGUMENT, "minSize", "-1");
        assertFails(() -> df().groupBy("k").head(-2), ErrorCode.INVALID_ARGUMENT, "head", "-2");
        assertFails(() -> df().groupBy("nope").cumcount(), ErrorCode.COLUMN_NOT_FOUND, "'nope'");
        assertFails(() -> df().groupBy("k").tail(-1), ErrorCode.INVALID_ARGUMENT, "tail", "-1");
        assertFails(() -> df().groupBy("k").median(), ErrorCode.NON_NUMERIC_AGGREGATION, "median", "'s'", "object");
    }

    @Test
    void meltOfValuesThatCannotShareAColumnOrOfNoColumnsIsRefused() {
        assertFails(() -> df().melt(List.of("k"), List.of("x", "s")), ErrorCode.UNSUPPORTED_DTYPE, "'s'", "object",
                "float64");
        assertFails(() -> df().melt(List.of("k"), List.of("t", "x")), ErrorCode.UNSUPPORTED_DTYPE, "'x'", "datetime64[ns]");
        assertFails(() -> df().melt(List.of("k"), List.of()), ErrorCode.INVALID_ARGUMENT, "melt", "value column");
        assertFails(() -> df().melt(List.of("nope"), List.of("x")), ErrorCode.COLUMN_NOT_FOUND, "'nope'");
        assertFails(() -> df().melt(List.of("k"), List.of("x", "gone")), ErrorCode.COLUMN_NOT_FOUND, "'gone'");
    }

    @Test
    void idxmaxOfOnlyNullsGivesNoRow() {
        DataFrame nulls = DataFrames.fromTable(LocalTable.of(Column.of("x", DType.FLOAT64, Arrays.asList(null,
                null, null))), 1);
        assertThat(nulls.col("x").idxmax().execute(CLUSTER.session()).rowCount()).isZero();
    }
}
