package io.mars.it.golden;

import static io.mars.it.golden.UserErrors.assertFails;

import io.mars.common.error.ErrorCode;
import io.mars.dataframe.DataFrame;
import io.mars.dataframe.DataFrames;
import io.mars.types.Column;
import io.mars.types.DType;
import io.mars.types.LocalTable;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Errors of the everyday members of issue 18 (statistics, arithmetic with a fill value, any/all, mask, insert,
 * combineFirst, groupby diff/pctChange) name the argument or column and its value, when the expression is built.
 */
class DataFrameEverydayBadInputTest {
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
    void statisticsOfTextAreNonNumericAggregationNamingTheColumn() {
        assertFails(() -> df().col("s").sem(), ErrorCode.NON_NUMERIC_AGGREGATION, "sem", "'s'", "object");
        assertFails(() -> df().col("s").skew(), ErrorCode.NON_NUMERIC_AGGREGATION, "skew", "'s'");
        assertFails(() -> df().col("s").kurt(), ErrorCode.NON_NUMERIC_AGGREGATION, "kurt", "'s'");
        assertFails(() -> df().col("x").cov(df().col("s")), ErrorCode.NON_NUMERIC_AGGREGATION, "cov", "'s'");
        assertFails(() -> df().col("s").corr(df().col("x")), ErrorCode.NON_NUMERIC_AGGREGATION, "corr", "'s'");
        assertFails(() -> df().skew(), ErrorCode.NON_NUMERIC_AGGREGATION, "skew", "'s'");
    }

    @Test
    void arithmeticWithTextIsUnsupportedDtypeNamingTheColumn() {
        assertFails(() -> df().col("x").add(df().col("s"), 0.0), ErrorCode.UNSUPPORTED_DTYPE, "fillValue", "'s'");
        assertFails(() -> df().col("s").dot(df().col("x")), ErrorCode.UNSUPPORTED_DTYPE, "dot", "'s'");
        assertFails(() -> df().col("x").combineFirst(df().col("s")), ErrorCode.UNSUPPORTED_DTYPE, "combineFirst",
                "'s'");
        assertFails(() -> df().col("s").any(), ErrorCode.UNSUPPORTED_DTYPE, "any", "'s'", "object");
        assertFails(() -> df().all(), ErrorCode.UNSUPPORTED_DTYPE, "all", "'s'");
        assertFails(() -> df().col("x").mask(df().col("k")), ErrorCode.UNSUPPORTED_DTYPE, "'k'", "bool");
    }

    @Test
    void seriesOfAnotherLengthIsLengthMismatch() {
        DataFrame shorter = df().head(3);
        assertFails(() -> df().col("x").cov(shorter.col("k")), ErrorCode.LENGTH_MISMATCH, "'x'", "5", "3");
        assertFails(() -> df().col("x").corr(shorter.col("x")), ErrorCode.LENGTH_MISMATCH, "5", "3");
    }

    @Test
    void insertOutsideTheColumnsOrOfAPresentNameIsInvalidArgument() {
        assertFails(() -> df().insert(5, "z", df().col("k")), ErrorCode.INVALID_ARGUMENT, "loc", "[0, 4]", "5");
        assertFails(() -> df().insert(-1, "z", df().col("k")), ErrorCode.INVALID_ARGUMENT, "loc", "-1");
        assertFails(() -> df().insert(1, "x", df().col("k")), ErrorCode.INVALID_ARGUMENT, "'x'", "already exists");
        assertFails(() -> df().select("k", "x").combineFirst(df().select("x", "k")), ErrorCode.INVALID_ARGUMENT,
                "combineFirst", "[k, x]", "[x, k]");
    }

    @Test
    void groupDifferencesOfTextOrBoolAreUnsupportedDtype() {
        assertFails(() -> df().select("k", "s").groupBy("k").diff(), ErrorCode.UNSUPPORTED_DTYPE, "diff", "'s'");
        assertFails(() -> df().select("k", "b").groupBy("k").pctChange(1), ErrorCode.UNSUPPORTED_DTYPE, "pctChange",
                "'b'", "bool");
        assertFails(() -> df().select("k", "s").groupBy("k").sem(), ErrorCode.NON_NUMERIC_AGGREGATION, "'s'");
    }

    @Test
    void stringMembersCheckTheirArgumentsAndDtype() {
        assertFails(() -> df().col("s").str().zfill(-1), ErrorCode.INVALID_ARGUMENT, "zfill", "-1");
        assertFails(() -> df().col("s").str().pad(3, "middle", ' '), ErrorCode.INVALID_ARGUMENT, "side", "'middle'");
        assertFails(() -> df().col("s").str().count("(a"), ErrorCode.INVALID_ARGUMENT, "count", "'(a'");
        assertFails(() -> df().col("s").str().extract("a"), ErrorCode.INVALID_ARGUMENT, "extract", "'a'", "0 groups");
        assertFails(() -> df().col("s").str().extract("(a)(b)"), ErrorCode.INVALID_ARGUMENT, "2 groups");
        assertFails(() -> df().col("x").str(), ErrorCode.UNSUPPORTED_DTYPE, "'x'");
    }

    @Test
    void dateMembersCheckFormatAndFrequency() {
        DataFrame d = DataFrames.fromTable(LocalTable.of(Column.of("t", DType.TIMESTAMP, Arrays.asList(0L, null)),
                Column.ofStrings("text", Arrays.asList("01/02/2020", "bad"))), 1);
        assertFails(() -> d.col("t").dt().strftime("%Y-%Q"), ErrorCode.INVALID_ARGUMENT, "'%Q'", "%Y-%Q");
        assertFails(() -> d.col("t").dt().floor("W"), ErrorCode.INVALID_ARGUMENT, "freq", "'W'");
        assertFails(() -> d.col("t").dt().round("3H"), ErrorCode.INVALID_ARGUMENT, "'3H'");
        assertFails(() -> DataFrames.toDatetime(d.col("t"), "%Y"), ErrorCode.UNSUPPORTED_DTYPE, "toDatetime", "'t'");
        assertFails(() -> DataFrames.toDatetime(d.col("text"), "%d/%m/%Y %z"), ErrorCode.INVALID_ARGUMENT, "'%z'");
    }

    @Test
    void aValueThatDoesNotMatchTheFormatFailsTheJobNamingIt() {
        DataFrame d = DataFrames.fromTable(LocalTable.of(Column.ofStrings("text", Arrays.asList("01/02/2020",
                "2020-13-45"))), 1);
        var parsed = DataFrames.toDatetime(d.col("text"), "%d/%m/%Y");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> parsed.execute(CLUSTER.session()))
                .isInstanceOf(io.mars.common.error.MarsException.class).hasMessageContaining("2020-13-45")
                .hasMessageContaining("%d/%m/%Y");
    }

    @Test
    void toDatetimeErrorsAreRaiseOrCoerceAndIgnoreIsRefused() {
        DataFrame d = DataFrames.fromTable(LocalTable.of(Column.ofStrings("text", Arrays.asList("01/02/2020",
                "31/02/2020", "01/01/1500", "NaT", null))), 2);
        assertFails(() -> DataFrames.toDatetime(d.col("text"), "%d/%m/%Y", "ignore"), ErrorCode.NOT_SUPPORTED,
                "toDatetime", "errors='ignore'", "depends on the data", "errors='coerce'");
        assertFails(() -> DataFrames.toDatetime(d.col("text"), "%d/%m/%Y", "Coerce"), ErrorCode.INVALID_ARGUMENT,
                "errors='Coerce'", "'raise', 'coerce' or 'ignore'");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> DataFrames.toDatetime(d.col("text"), "%d/%m/%Y",
                null)).isInstanceOf(NullPointerException.class).hasMessageContaining("errors");
        var coerced = CLUSTER.session().executeTables(DataFrames.toDatetime(d.col("text"), "%d/%m/%Y", "coerce"))
                .get(0).column(0);
        org.assertj.core.api.Assertions.assertThat(java.util.stream.IntStream.range(0, coerced.length())
                .mapToObj(coerced::get)).containsExactly(java.time.Instant.parse("2020-02-01T00:00:00Z"), null, null,
                null, null);
        // a day that does not exist, then a date outside datetime64[ns]: each fails the job naming it
        assertFails(() -> DataFrames.toDatetime(d.head(2).col("text"), "%d/%m/%Y", "raise")
                .execute(CLUSTER.session()), ErrorCode.USER_FUNCTION_FAILED, "'31/02/2020'", "%d/%m/%Y",
                "errors='coerce'");
        assertFails(() -> DataFrames.toDatetime(d.filter(d.col("text").ne("31/02/2020")).col("text"), "%d/%m/%Y")
                .execute(CLUSTER.session()), ErrorCode.USER_FUNCTION_FAILED, "'01/01/1500'", "outside datetime64[ns]",
                "errors='coerce'");
    }

    @Test
    void dropDuplicatesKeepAndConcatOfUnpromotableDtypesAreInvalidArgument() {
        assertFails(() -> df().dropDuplicates(java.util.List.of("k"), "middle"), ErrorCode.INVALID_ARGUMENT, "keep",
                "'middle'");
        assertFails(() -> df().col("s").dropDuplicates("all"), ErrorCode.INVALID_ARGUMENT, "keep", "'all'");
        assertFails(() -> DataFrames.concat(df().select("k"), df().select("s").rename(java.util.Map.of("s", "k"))),
                ErrorCode.INVALID_ARGUMENT, "concat", "int64", "object");
        assertFails(() -> df().dropna("some", null), ErrorCode.INVALID_ARGUMENT, "how='some'");
    }

    @Test
    void queryRefusesUnknownNamesAndMalformedExpressions() {
        assertFails(() -> df().query("x > 1 and zz < 3"), ErrorCode.COLUMN_NOT_FOUND, "'zz'", "[k, x, s, b]");
        assertFails(() -> df().query("x > "), ErrorCode.INVALID_ARGUMENT, "ends early", "position");
        assertFails(() -> df().query("(x > 1"), ErrorCode.INVALID_ARGUMENT, "')' expected");
        assertFails(() -> df().query("x > 1 $ 2"), ErrorCode.INVALID_ARGUMENT, "'$'", "position 6");
        assertFails(() -> df().query("x + 1"), ErrorCode.INVALID_ARGUMENT, "float64", "not bool");
        assertFails(() -> df().query("1 < 2"), ErrorCode.INVALID_ARGUMENT, "uses no column");
        assertFails(() -> df().query("s == 'a"), ErrorCode.INVALID_ARGUMENT, "unclosed");
        assertFails(() -> df().query("k % 1.5 == 0"), ErrorCode.INVALID_ARGUMENT, "whole number", "1.5");
        assertFails(() -> df().eval("x ** k"), ErrorCode.INVALID_ARGUMENT, "exponent");
    }

    @Test
    void groupQuantileOutsideZeroOneAndSampleBeyondTheRowsAreInvalidArgument() {
        assertFails(() -> df().select("k", "x").groupBy("k").quantile(1.5), ErrorCode.INVALID_ARGUMENT, "q", "1.5");
        assertFails(() -> df().select("k", "x").groupBy("k").quantile(Double.NaN), ErrorCode.INVALID_ARGUMENT, "NaN");
        assertFails(() -> df().select("k", "s").groupBy("k").quantile(0.5), ErrorCode.NON_NUMERIC_AGGREGATION, "'s'");
        assertFails(() -> df().select("k", "x").groupBy("k").rank("top"), ErrorCode.INVALID_ARGUMENT, "method",
                "'top'");
        assertFails(() -> df().select("k", "x").groupBy("k").rolling(0), ErrorCode.INVALID_ARGUMENT, "window", "0");
        assertFails(() -> df().select("k", "x").groupBy("k").rolling(2, 3), ErrorCode.INVALID_ARGUMENT,
                "min_periods", "[0, 2]", "3");
        assertFails(() -> df().select("k", "s").groupBy("k").rolling(2).sum(), ErrorCode.UNSUPPORTED_DTYPE,
                "rolling.sum", "'s'");
        assertFails(() -> df().pivotTable("k", "s", "x", "sum", java.util.List.of()), ErrorCode.INVALID_ARGUMENT,
                "pivotTable", "'s'");
        assertFails(() -> df().pivotTable("k", "s", "x", "sum", java.util.List.of(1)), ErrorCode.INVALID_ARGUMENT,
                "value 1", "'s'", "object");
        assertFails(() -> df().pivotTable("k", "s", "x", "sum", java.util.List.of("a", "a")),
                ErrorCode.INVALID_ARGUMENT, "'a'", "repeats");
        assertFails(() -> df().pivotTable("k", "zz", "x", "sum", java.util.List.of("a")), ErrorCode.COLUMN_NOT_FOUND,
                "'zz'");
        assertFails(() -> DataFrames.crosstab(df().col("k"), df().col("k"), java.util.List.of(1)),
                ErrorCode.INVALID_ARGUMENT, "crosstab", "'k'");
        assertFails(() -> df().join(df().select("x"), "left"), ErrorCode.INVALID_ARGUMENT, "join", "[x]", "lsuffix");
        assertFails(() -> df().sample(6, 1), ErrorCode.INVALID_ARGUMENT, "sample", "[0, 5]", "6");
        assertFails(() -> df().col("x").sample(-1, 1), ErrorCode.INVALID_ARGUMENT, "sample", "-1");
    }
}
