package io.mars.it.golden;

import static io.mars.it.golden.UserErrors.assertFails;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.dataframe.CsvOptions;
import io.mars.dataframe.DataFrame;
import io.mars.dataframe.DataFrames;
import io.mars.dataframe.GroupBy;
import io.mars.it.LocalClusterExtension;
import io.mars.types.Column;
import io.mars.types.DType;
import io.mars.types.LocalTable;
import io.mars.types.Timedeltas;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * timedelta64[ns] beyond the golden cases: what pandas refuses is UNSUPPORTED_DTYPE (or NON_NUMERIC_AGGREGATION)
 * naming both operands' dtypes when the expression is built; bad text fails the job naming the value (or is NaT with
 * errors "coerce"; "ignore" is NOT_SUPPORTED); CSV is written as pandas' to_csv writes it and reads back; Parquet
 * stores int64 nanoseconds.
 */
class DataFrameTimedeltaTest {
    @RegisterExtension
    static final LocalClusterExtension CLUSTER = new LocalClusterExtension(2);
    private static final JsonNode GOLDEN = DataFrameGoldenTest.loadGolden("golden/dataframe/timedelta.json");

    private static final LocalTable TABLE = LocalTable.of(
            Column.of("t", DType.TIMESTAMP, Arrays.asList(Instant.parse("2024-01-01T10:00:00Z"), null,
                    Instant.parse("2023-12-31T00:00:00Z"))),
            Column.of("d", DType.TIMEDELTA, Arrays.asList(Duration.ofHours(26), null, Duration.ofMillis(-1500))),
            Column.ofDoubles("x", 1.5, 2.0, -1.0),
            Column.ofStrings("s", Arrays.asList("1 days", "2h", null)),
            Column.ofBooleans("b", true, false, true));

    private static DataFrame df() {
        return DataFrames.fromTable(TABLE, 2);
    }

    @Test
    void arithmeticPandasRefusesIsUnsupportedDtypeNamingBothDtypes() {
        assertFails(() -> df().col("t").add(df().col("t")), ErrorCode.UNSUPPORTED_DTYPE, "cannot add",
                "column 't' of datetime64[ns]", "datetime64[ns] + datetime64[ns] is not defined");
        assertFails(() -> df().col("d").subtract(df().col("t")), ErrorCode.UNSUPPORTED_DTYPE,
                "timedelta64[ns] - datetime64[ns]");
        assertFails(() -> df().col("t").multiply(2L), ErrorCode.UNSUPPORTED_DTYPE, "datetime64[ns] * int64");
        assertFails(() -> df().col("d").multiply(df().col("d")), ErrorCode.UNSUPPORTED_DTYPE,
                "timedelta64[ns] * timedelta64[ns]");
        assertFails(() -> df().col("d").multiply(df().col("b")), ErrorCode.UNSUPPORTED_DTYPE, "timedelta64[ns] * bool");
        assertFails(() -> df().col("d").add(1.0), ErrorCode.UNSUPPORTED_DTYPE, "timedelta64[ns] + float64",
                "the number 1.0");
        assertFails(() -> df().col("x").divide(df().col("d")), ErrorCode.UNSUPPORTED_DTYPE,
                "float64 / timedelta64[ns]");
        assertFails(() -> df().col("d").rdivide(3.0), ErrorCode.UNSUPPORTED_DTYPE, "float64 / timedelta64[ns]");
        assertFails(() -> df().col("d").floorDivide(df().col("t")), ErrorCode.UNSUPPORTED_DTYPE,
                "cannot floor-divide", "timedelta64[ns] // datetime64[ns]");
        assertFails(() -> df().col("x").floorDivide(df().col("d")), ErrorCode.UNSUPPORTED_DTYPE,
                "float64 // timedelta64[ns]");
        assertFails(() -> df().col("d").rfloordiv(3L), ErrorCode.UNSUPPORTED_DTYPE, "int64 // timedelta64[ns]");
        assertFails(() -> df().col("d").floorDivide(df().col("b")), ErrorCode.UNSUPPORTED_DTYPE,
                "timedelta64[ns] // bool");
        assertFails(() -> df().col("d").mod(df().col("t")), ErrorCode.UNSUPPORTED_DTYPE, "take the modulo of",
                "timedelta64[ns] % datetime64[ns]");
        assertFails(() -> df().col("d").mod(df().col("b")), ErrorCode.UNSUPPORTED_DTYPE, "timedelta64[ns] % bool");
        assertFails(() -> df().col("d").rmod(2L), ErrorCode.UNSUPPORTED_DTYPE, "int64 % timedelta64[ns]");
        assertFails(() -> df().col("t").mod(Duration.ofHours(1)), ErrorCode.UNSUPPORTED_DTYPE,
                "datetime64[ns] % timedelta64[ns]");
        assertFails(() -> df().col("t").floorDivide(Duration.ofHours(1)), ErrorCode.UNSUPPORTED_DTYPE,
                "datetime64[ns] // timedelta64[ns]");
        assertFails(() -> df().col("x").mod(Duration.ofHours(1)), ErrorCode.UNSUPPORTED_DTYPE,
                "float64 % timedelta64[ns]");
        assertFails(() -> df().col("t").negate(), ErrorCode.UNSUPPORTED_DTYPE, "'t'");
        assertFails(() -> df().col("x").add(Duration.ofHours(1)), ErrorCode.UNSUPPORTED_DTYPE,
                "float64 + timedelta64[ns]", "the timedelta 0 days 01:00:00");
        assertFails(() -> df().col("d").subtract(Instant.EPOCH), ErrorCode.UNSUPPORTED_DTYPE,
                "timedelta64[ns] - datetime64[ns]");
    }

    @Test
    void comparisonsAcrossKindsAreUnsupportedDtype() {
        assertFails(() -> df().col("d").lt(df().col("t")), ErrorCode.UNSUPPORTED_DTYPE, "'d' of timedelta64[ns]",
                "'t' of datetime64[ns]");
        assertFails(() -> df().col("d").gt(df().col("x")), ErrorCode.UNSUPPORTED_DTYPE, "timedelta64[ns]", "float64");
        assertFails(() -> df().col("d").gt(1.0), ErrorCode.UNSUPPORTED_DTYPE, "'d'", "the number 1.0");
        assertFails(() -> df().col("t").lt(Duration.ZERO), ErrorCode.UNSUPPORTED_DTYPE, "'t' of datetime64[ns]",
                "timedelta");
    }

    @Test
    void reductionsPandasRefusesAreNonNumericAggregation() {
        assertFails(() -> df().col("d").var(), ErrorCode.NON_NUMERIC_AGGREGATION, "var", "'d'", "timedelta64[ns]");
        assertFails(() -> df().col("d").var(0), ErrorCode.NON_NUMERIC_AGGREGATION, "var", "'d'");
        assertFails(() -> df().select("d", "x").var(), ErrorCode.NON_NUMERIC_AGGREGATION, "var", "'d'");
        assertFails(() -> df().select("s", "d").groupBy("s").var(), ErrorCode.NON_NUMERIC_AGGREGATION, "var", "'d'");
        assertFails(() -> df().col("d").sem(), ErrorCode.NON_NUMERIC_AGGREGATION, "sem", "'d'");
        assertFails(() -> df().col("t").median(), ErrorCode.NON_NUMERIC_AGGREGATION, "median", "'t'",
                "datetime64[ns]");
        assertFails(() -> df().col("t").quantile(0.5), ErrorCode.NON_NUMERIC_AGGREGATION, "quantile", "'t'");
        assertFails(() -> df().select("s", "d").groupBy("s").agg(GroupBy.named("sd", "d", "std")),
                ErrorCode.NON_NUMERIC_AGGREGATION, "groupby std", "'d'", "pandas 1.5 refuses it");
        assertFails(() -> df().col("d").prod(), ErrorCode.NON_NUMERIC_AGGREGATION, "prod", "'d'");
        assertFails(() -> df().col("t").sum(), ErrorCode.NON_NUMERIC_AGGREGATION, "sum", "'t'", "datetime64[ns]");
        assertFails(() -> df().select("s", "d").groupBy("s").std(), ErrorCode.NON_NUMERIC_AGGREGATION, "std", "'d'");
        assertFails(() -> df().col("d").cumprod(), ErrorCode.UNSUPPORTED_DTYPE, "cumprod", "'d'", "timedelta64[ns]");
        assertFails(() -> df().col("t").cumsum(), ErrorCode.UNSUPPORTED_DTYPE, "cumsum", "'t'", "datetime64[ns]");
    }

    @Test
    void constructorsAndAccessorCheckTheirInputs() {
        assertFails(() -> DataFrames.toTimedelta(df().col("x")), ErrorCode.UNSUPPORTED_DTYPE, "toTimedelta", "'x'",
                "float64", "unit");
        assertFails(() -> DataFrames.toTimedelta(df().col("s"), "s"), ErrorCode.INVALID_ARGUMENT, "'s'", "object",
                "errors", "no unit");
        assertFails(() -> DataFrames.toTimedelta(df().col("b"), "s"), ErrorCode.UNSUPPORTED_DTYPE, "'b'", "bool");
        assertFails(() -> DataFrames.toTimedelta(df().col("x"), "fortnight"), ErrorCode.INVALID_ARGUMENT,
                "'fortnight'");
        assertFails(() -> df().col("x").dt(), ErrorCode.UNSUPPORTED_DTYPE, ".dt", "'x'", "float64");
        assertFails(() -> df().col("t").dt().days(), ErrorCode.UNSUPPORTED_DTYPE, "timedelta64[ns]", "'t'");
        assertFails(() -> df().col("t").dt().components(), ErrorCode.UNSUPPORTED_DTYPE, ".dt components",
                "timedelta64[ns]", "'t'", "datetime64[ns]");
        assertFails(() -> df().col("s").dt().components(), ErrorCode.UNSUPPORTED_DTYPE, ".dt", "'s'", "object");
        assertFails(() -> df().col("d").dt().year(), ErrorCode.UNSUPPORTED_DTYPE, "datetime64[ns]", "'d'");
        assertFails(() -> df().col("d").dt().totalSeconds().add(df().col("d")), ErrorCode.UNSUPPORTED_DTYPE,
                "float64 + timedelta64[ns]");
        assertFails(() -> df().col("x").fillna(Duration.ZERO), ErrorCode.UNSUPPORTED_DTYPE, "'x'");
        assertFails(() -> df().col("d").astype(DType.BOOL), ErrorCode.UNSUPPORTED_DTYPE, "timedelta64[ns]", "bool");
        assertFails(() -> df().col("d").astype(DType.FLOAT64), ErrorCode.UNSUPPORTED_DTYPE, "timedelta64[ns]",
                "float64");
        assertFails(() -> Column.of("d", DType.TIMEDELTA, List.of("1h")), ErrorCode.UNSUPPORTED_DTYPE, "'d'",
                "Durations");
    }

    @Test
    void toTimedeltaErrorsAreRaiseOrCoerceAndIgnoreIsRefused() {
        assertFails(() -> DataFrames.toTimedelta(df().col("s"), "ignore"), ErrorCode.NOT_SUPPORTED,
                "errors='ignore'", "depends on the data", "errors='coerce'");
        assertFails(() -> DataFrames.toTimedelta(df().col("s"), null, "ignore"), ErrorCode.NOT_SUPPORTED,
                "errors='ignore'");
        assertFails(() -> DataFrames.toTimedelta(df().col("s"), null, "skip"), ErrorCode.INVALID_ARGUMENT,
                "errors='skip'", "'raise', 'coerce' or 'ignore'");
        assertFails(() -> DataFrames.toTimedelta(df().col("s"), "s", "coerce"), ErrorCode.INVALID_ARGUMENT,
                "unit='s'", "toTimedelta(series, null, errors)");
        assertFails(() -> DataFrames.toTimedelta(df().col("x"), "coerce"), ErrorCode.INVALID_ARGUMENT, "'coerce'",
                "not a unit", "'x'", "toTimedelta(series, unit, errors)");
        assertFails(() -> DataFrames.toTimedelta(df().col("x"), null, "coerce"), ErrorCode.UNSUPPORTED_DTYPE, "'x'",
                "float64", "give numbers a unit");
        assertFails(() -> DataFrames.toTimedelta(df().col("b"), null, "coerce"), ErrorCode.UNSUPPORTED_DTYPE, "'b'",
                "bool");
        assertThatThrownBy(() -> DataFrames.toTimedelta(df().col("s"), null, null))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("errors");
    }

    @Test
    void coerceMakesTextThatIsNoTimedeltaOrDoesNotFitNaT() {
        DataFrame d = DataFrames.fromTable(LocalTable.of(Column.ofStrings("w", Arrays.asList("1h", "soon",
                "200000 days", "99999999999999999999:00:00", null, "-1 days +23:00:00"))), 4);
        LocalTable got = CLUSTER.session().executeTables(DataFrames.toTimedelta(d.col("w"), "coerce")).get(0);
        // pandas 1.5.3 raises OverflowError for the two values beyond timedelta64[ns] even with errors='coerce'
        Column w = got.column(0);
        assertThat(java.util.stream.IntStream.range(0, w.length()).mapToObj(w::get))
                .containsExactly(Duration.ofHours(1), null, null, null, null, Duration.ofHours(-1));
        assertFails(() -> DataFrames.toTimedelta(d.col("w"), "raise").execute(CLUSTER.session()),
                ErrorCode.USER_FUNCTION_FAILED, "'soon'", "errors='coerce'");
        assertFails(() -> Timedeltas.parse("99999999999999999999:00:00"), ErrorCode.INVALID_ARGUMENT,
                "'99999999999999999999:00:00'", "±292 years", "errors='coerce'");
    }

    @Test
    void textThatIsNoTimedeltaFailsTheJobNamingIt() {
        DataFrame d = DataFrames.fromTable(LocalTable.of(Column.ofStrings("w", Arrays.asList("1h", "soon"))), 1);
        assertThatThrownBy(() -> DataFrames.toTimedelta(d.col("w")).execute(CLUSTER.session()))
                .isInstanceOf(MarsException.class).hasMessageContaining("'soon'");
        assertThatThrownBy(() -> Timedeltas.parse("1 parsec")).isInstanceOf(MarsException.class)
                .hasMessageContaining("'1 parsec'");
        assertThatThrownBy(() -> Timedeltas.parse("300 years")).isInstanceOf(MarsException.class)
                .hasMessageContaining("'300 years'");
        assertThatThrownBy(() -> Timedeltas.parse("200000 days")).isInstanceOf(MarsException.class)
                .hasMessageContaining("±292 years");
    }

    @Test
    void textIsPandasText() {
        assertThat(Timedeltas.format(-1)).isEqualTo("-1 days +23:59:59.999999999");
        assertThat(Timedeltas.format(Duration.ofMillis(1500).toNanos())).isEqualTo("0 days 00:00:01.500000");
        assertThat(Timedeltas.format(Timedeltas.DAY * 3, true)).isEqualTo("3 days");
        assertThat(Column.of("d", DType.TIMEDELTA, Arrays.asList(Duration.ofHours(-3), null)).getString(0))
                .isEqualTo("-1 days +21:00:00");
        LocalTable t = CLUSTER.session().executeTables(df().select("d")).get(0);
        assertThat(t.toString()).isEqualTo("""
                                         d
                0          1 days 02:00:00
                1                      NaT
                2 -1 days +23:59:58.500000""");
    }

    @Test
    void csvIsWhatPandasWritesAndReadsBack(@TempDir Path tmp) throws IOException {
        JsonNode in = GOLDEN.get("inputs").get("df");
        DataFrame d = DataFrames.fromTable(DataFrameGoldenTest.input(in, in.get("rows").size()), 0).select("g", "td");
        LocalTable files = CLUSTER.session().executeTables(d.toCsv(tmp.resolve("all").toString())).get(0);
        assertThat(files.rowCount()).isEqualTo(1);
        assertThat(read(files, 0)).isEqualTo(GOLDEN.get("to_csv").get("text").asText());
        LocalTable want = CLUSTER.session().executeTables(d).get(0);
        // as text, as pandas reads it back (object), then toTimedelta; or with the dtype given
        LocalTable asText = CLUSTER.session().executeTables(DataFrames.toTimedelta(
                DataFrames.readCsv(tmp.resolve("all").toString()).col("td"))).get(0);
        assertThat(asText.column(0).longs()).isEqualTo(want.column("td").longs());
        assertThat(asText.column(0).nulls()).isEqualTo(want.column("td").nulls());
        LocalTable typed = CLUSTER.session().executeTables(DataFrames.readCsv(tmp.resolve("all").toString(),
                CsvOptions.defaults().dtype("td", DType.TIMEDELTA))).get(0);
        assertThat(typed.toRows()).isEqualTo(want.toRows());

        DataFrame days = DataFrames.fromTable(LocalTable.of(Column.of("d", DType.TIMEDELTA,
                Arrays.asList(Duration.ofDays(1), null, Duration.ofDays(-2)))), 0);
        LocalTable dayFiles = CLUSTER.session().executeTables(days.toCsv(tmp.resolve("days").toString())).get(0);
        assertThat(read(dayFiles, 0)).isEqualTo(GOLDEN.get("to_csv").get("days_text").asText());
    }

    @Test
    void parquetStoresNanosecondsAsInt64(@TempDir Path tmp) {
        JsonNode in = GOLDEN.get("inputs").get("df");
        DataFrame d = DataFrames.fromTable(DataFrameGoldenTest.input(in, in.get("rows").size()), 4)
                .select("g", "td", "t");
        CLUSTER.session().executeTables(d.toParquet(tmp.toString()));
        DataFrame back = DataFrames.readParquet(tmp.toString());
        assertThat(back.dtype("td")).isEqualTo(DType.INT64);
        LocalTable got = CLUSTER.session().executeTables(back.assign("td", back.col("td").astype(DType.TIMEDELTA)))
                .get(0);
        assertThat(got.toRows()).isEqualTo(CLUSTER.session().executeTables(d).get(0).toRows());
    }

    private static String read(LocalTable files, int i) throws IOException {
        String written = files.column("path").getString(i);
        return Files.readString(written.startsWith("file:") ? Path.of(java.net.URI.create(written)) : Path.of(written),
                StandardCharsets.UTF_8);
    }
}
