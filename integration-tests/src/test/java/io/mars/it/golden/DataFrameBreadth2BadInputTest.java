package io.mars.it.golden;

import static io.mars.it.golden.UserErrors.assertFails;

import io.mars.common.error.ErrorCode;
import io.mars.dataframe.DataFrame;
import io.mars.dataframe.DataFrames;
import io.mars.dataframe.EwmOptions;
import io.mars.types.Column;
import io.mars.types.DType;
import io.mars.types.LocalTable;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Errors of issue 18's second breadth round (ewm's decays and arguments, its dtypes, sum without adjust; str.split,
 * str.cat and the width and dtype checks of the new str members) name the argument or column and its value, when
 * the expression is built.
 */
class DataFrameBreadth2BadInputTest {
    @org.junit.jupiter.api.extension.RegisterExtension
    static final io.mars.it.LocalClusterExtension CLUSTER = new io.mars.it.LocalClusterExtension(2);
    private static final LocalTable TABLE = LocalTable.of(Column.ofLongs("k", 1, 2, 1, 3, 2),
            Column.of("x", DType.FLOAT64, Arrays.asList(1.5, null, -2.0, 4.0, 0.25)),
            Column.ofStrings("s", Arrays.asList("a", null, "b", "c", "a")),
            Column.ofBooleans("b", true, false, true, true, false));

    private static DataFrame df() {
        return DataFrames.fromTable(TABLE, 2);
    }

    @Test
    void decaysOutOfTheirRangesAreInvalidArgumentNamingTheDecayAndValue() {
        assertFails(() -> df().col("x").ewm(EwmOptions.com(-0.5)), ErrorCode.INVALID_ARGUMENT, "comass >= 0",
                "com=-0.5");
        assertFails(() -> df().col("x").ewm(EwmOptions.span(0.5)), ErrorCode.INVALID_ARGUMENT, "span >= 1",
                "span=0.5");
        assertFails(() -> df().col("x").ewm(EwmOptions.halflife(0)), ErrorCode.INVALID_ARGUMENT, "halflife > 0",
                "halflife=0.0");
        assertFails(() -> df().col("x").ewm(EwmOptions.alpha(0)), ErrorCode.INVALID_ARGUMENT, "0 < alpha <= 1",
                "alpha=0.0");
        assertFails(() -> df().col("x").ewm(EwmOptions.alpha(1.5)), ErrorCode.INVALID_ARGUMENT, "alpha=1.5");
        assertFails(() -> df().col("x").ewm(EwmOptions.com(Double.NaN)), ErrorCode.INVALID_ARGUMENT, "com=NaN");
        assertFails(() -> df().col("x").ewm(new EwmOptions("times", 1, true, false, 0)), ErrorCode.INVALID_ARGUMENT,
                "'times'");
        assertFails(() -> df().col("x").ewm(EwmOptions.com(1).minPeriods(-1)), ErrorCode.INVALID_ARGUMENT,
                "min_periods", "-1");
    }

    @Test
    void ewmOfTextIsUnsupportedDtypeAndSumWithoutAdjustIsNotSupported() {
        assertFails(() -> df().col("s").ewm(EwmOptions.com(1)), ErrorCode.UNSUPPORTED_DTYPE, "ewm", "'s'", "object");
        assertFails(() -> df().ewm(EwmOptions.span(3)), ErrorCode.UNSUPPORTED_DTYPE, "ewm", "'s'");
        assertFails(() -> df().col("x").ewm(EwmOptions.com(1).adjust(false)).sum(), ErrorCode.NOT_SUPPORTED,
                "sum", "adjust=False");
        assertFails(() -> df().select("k", "s").groupBy("k").ewm(EwmOptions.com(1)), ErrorCode.UNSUPPORTED_DTYPE,
                "ewm", "'s'");
        assertFails(() -> df().select("k", "x").groupBy("k").ewm(EwmOptions.span(0)), ErrorCode.INVALID_ARGUMENT,
                "span=0.0");
    }

    @Test
    void splitWithAnEmptySeparatorOrUnknownColumnsIsInvalidArgument() {
        assertFails(() -> df().col("s").str().split("", 2), ErrorCode.INVALID_ARGUMENT, "separator");
        assertFails(() -> df().col("s").str().split(",", 0), ErrorCode.INVALID_ARGUMENT, "n must be at least 1",
                "0");
        assertFails(() -> df().col("s").str().splitGet("", -1, 0), ErrorCode.INVALID_ARGUMENT, "separator");
        assertFails(() -> df().col("s").str().match("(a"), ErrorCode.INVALID_ARGUMENT, "str.match", "'(a'");
        assertFails(() -> df().col("s").str().rsplit(",", 0), ErrorCode.INVALID_ARGUMENT, "str.rsplit", "0");
        assertFails(() -> df().col("s").str().rsplit("", 1), ErrorCode.INVALID_ARGUMENT, "str.rsplit", "separator");
        assertFails(() -> df().col("s").str().normalize("NFX"), ErrorCode.INVALID_ARGUMENT, "str.normalize",
                "'NFX'");
        assertFails(() -> df().col("s").str().fullmatch("[z"), ErrorCode.INVALID_ARGUMENT, "str.fullmatch", "'[z'");
    }

    @Test
    void textMembersRefuseOtherDtypesAndNegativeWidths() {
        assertFails(() -> df().col("s").str().cat(df().col("x"), "-"), ErrorCode.UNSUPPORTED_DTYPE, "str.cat",
                "'x'");
        assertFails(() -> df().col("x").str(), ErrorCode.UNSUPPORTED_DTYPE, ".str", "'x'");
        assertFails(() -> df().col("s").str().center(-1), ErrorCode.INVALID_ARGUMENT, "width", "-1");
        assertFails(() -> df().col("s").str().ljust(-3, '.'), ErrorCode.INVALID_ARGUMENT, "width", "-3");
        assertFails(() -> df().col("x").dt(), ErrorCode.UNSUPPORTED_DTYPE, ".dt", "'x'");
        assertFails(() -> df().col("s").str().cat(df().head(3).col("s"), "-"), ErrorCode.LENGTH_MISMATCH, "5", "3");
    }

    @Test
    void groupRunningProductsOfTextOrBoolAreUnsupportedDtypeNamingTheColumn() {
        assertFails(() -> df().select("k", "s").groupBy("k").cumprod(), ErrorCode.UNSUPPORTED_DTYPE, "cumprod",
                "'s'");
        assertFails(() -> df().select("k", "b").groupBy("k").cummax(), ErrorCode.UNSUPPORTED_DTYPE, "cummax", "'b'");
        assertFails(() -> df().select("k", "x", "s").groupBy("k").cummin(), ErrorCode.UNSUPPORTED_DTYPE, "cummin",
                "'s'");
        assertFails(() -> df().groupBy("z").ngroup(), ErrorCode.COLUMN_NOT_FOUND, "'z'");
        assertFails(() -> df().select("k", "s").groupBy("k").rolling(2).max(), ErrorCode.UNSUPPORTED_DTYPE,
                "rolling.max", "'s'");
        assertFails(() -> df().select("k", "x").groupBy("k").rolling(0), ErrorCode.INVALID_ARGUMENT, "window", "0");
        assertFails(() -> df().select("k", "s").groupBy("k").rolling(2).std(), ErrorCode.UNSUPPORTED_DTYPE,
                "rolling.std", "'s'");
    }

    @Test
    void interpolateAndRollingMediansOfTextAreUnsupportedDtypeNamingTheColumn() {
        assertFails(() -> df().col("s").interpolate(), ErrorCode.UNSUPPORTED_DTYPE, "interpolate", "'s'", "object");
        assertFails(() -> df().interpolate(), ErrorCode.UNSUPPORTED_DTYPE, "interpolate", "'s'");
        assertFails(() -> df().col("b").interpolate(), ErrorCode.UNSUPPORTED_DTYPE, "interpolate", "'b'", "bool");
        assertFails(() -> df().col("s").rolling(2).median(), ErrorCode.UNSUPPORTED_DTYPE, "rolling.median", "'s'");
        assertFails(() -> df().select("k", "s").rolling(2).var(), ErrorCode.UNSUPPORTED_DTYPE, "rolling.var", "'s'");
    }

    @Test
    void productsOfTextAreNonNumericAggregationNamingTheColumn() {
        assertFails(() -> df().col("s").prod(), ErrorCode.NON_NUMERIC_AGGREGATION, "prod", "'s'");
        assertFails(() -> df().prod(), ErrorCode.NON_NUMERIC_AGGREGATION, "prod", "'s'");
        assertFails(() -> df().select("k", "s").groupBy("k").prod(), ErrorCode.NON_NUMERIC_AGGREGATION, "prod",
                "'s'");
    }

    @Test
    void matricesAndExpandingMomentsOfTextAreRefusedNamingTheColumn() {
        assertFails(() -> df().corr(), ErrorCode.NON_NUMERIC_AGGREGATION, "corr", "'s'");
        assertFails(() -> df().select("x", "s").cov(), ErrorCode.NON_NUMERIC_AGGREGATION, "cov", "'s'");
        assertFails(() -> df().select().corr(), ErrorCode.INVALID_ARGUMENT, "at least one column");
        assertFails(() -> df().col("s").expanding().var(), ErrorCode.UNSUPPORTED_DTYPE, "'s'");
        assertFails(() -> df().col("s").expanding().count(), ErrorCode.UNSUPPORTED_DTYPE, "'s'");
    }

    @Test
    void duplicatedWithAnUnknownKeepOrColumnIsRefused() {
        assertFails(() -> df().duplicated(java.util.List.of("k"), "middle"), ErrorCode.INVALID_ARGUMENT, "keep",
                "'middle'");
        assertFails(() -> df().duplicated(java.util.List.of("zz"), "first"), ErrorCode.COLUMN_NOT_FOUND, "'zz'");
        assertFails(() -> df().col("s").duplicated("both"), ErrorCode.INVALID_ARGUMENT, "'both'");
    }

    @Test
    void mapsMixingKindsAndGroupTruthsOfTextAreUnsupportedDtype() {
        assertFails(() -> df().col("k").map(java.util.Map.of(1, "one", 2, 2)), ErrorCode.UNSUPPORTED_DTYPE, "map",
                "mix");
        assertFails(() -> df().col("k").map(java.util.Map.of(1, java.util.List.of(1))), ErrorCode.UNSUPPORTED_DTYPE,
                "map", "key 1");
        assertFails(() -> df().select("k", "s").groupBy("k").any(), ErrorCode.UNSUPPORTED_DTYPE, "any", "'s'");
        assertFails(() -> df().select("k", "s").groupBy("k").all(), ErrorCode.UNSUPPORTED_DTYPE, "all", "'s'");
        assertFails(() -> df().select("k", "s").groupBy("k").idxmax(), ErrorCode.UNSUPPORTED_DTYPE, "idxmax", "'s'");
        assertFails(() -> df().select("k", "s").groupBy("k").idxmin(), ErrorCode.UNSUPPORTED_DTYPE, "idxmin", "'s'");
    }

    @Test
    void mapWithADeclaredDtypeRefusesAValueItCannotHoldNamingItsKey() {
        assertFails(() -> df().col("k").map(java.util.Map.of(1, "one"), DType.INT64), ErrorCode.UNSUPPORTED_DTYPE,
                "map", "one", "key 1", "int64");
        assertFails(() -> df().col("k").map(java.util.Map.of(1, 1.5), DType.INT64), ErrorCode.UNSUPPORTED_DTYPE,
                "1.5", "key 1", "int64");
        assertFails(() -> df().col("k").map(java.util.Map.of(2, 2), DType.TIMEDELTA), ErrorCode.UNSUPPORTED_DTYPE,
                "key 2", "timedelta64[ns]");
        assertFails(() -> df().col("s").map(java.util.Map.of("a", 1), DType.STRING), ErrorCode.UNSUPPORTED_DTYPE,
                "key a", "object");
        assertFails(() -> df().col("k").map(java.util.Map.of(1, java.time.Duration.ofHours(1), 2, "two")),
                ErrorCode.UNSUPPORTED_DTYPE, "mix", "timedelta64[ns]", "object", "one kind");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> df().col("k").map(java.util.Map.of(1, 1), null))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("dtype");
    }

    @Test
    void mapToDurationsGivesTimedeltasAndNullForAValueNotFound() {
        var got = df().col("k").map(java.util.Map.of(1, java.time.Duration.ofHours(1), 3L,
                java.time.Duration.ofMillis(-5)));
        org.assertj.core.api.Assertions.assertThat(got.dtype()).isEqualTo(DType.TIMEDELTA);
        Column c = CLUSTER.session().executeTables(got).get(0).column(0);
        org.assertj.core.api.Assertions.assertThat(java.util.stream.IntStream.range(0, c.length()).mapToObj(c::get))
                .containsExactly(java.time.Duration.ofHours(1), null, java.time.Duration.ofHours(1),
                        java.time.Duration.ofMillis(-5), null);
    }

    @Test
    void getDummiesWithoutValuesOrWithARepeatedOneIsInvalidArgument() {
        assertFails(() -> DataFrames.getDummies(df().col("s"), java.util.List.of()), ErrorCode.INVALID_ARGUMENT,
                "getDummies", "values");
        assertFails(() -> DataFrames.getDummies(df().col("s"), java.util.List.of("a", "a"), "p"),
                ErrorCode.INVALID_ARGUMENT, "getDummies", "a", "twice");
    }
}
