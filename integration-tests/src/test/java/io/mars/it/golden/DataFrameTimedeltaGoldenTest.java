package io.mars.it.golden;

import io.mars.dataframe.DataFrame;
import io.mars.dataframe.DataFrames;
import io.mars.dataframe.GroupBy;
import io.mars.dataframe.Series;
import io.mars.it.LocalClusterExtension;
import io.mars.submit.client.ClientSession;
import io.mars.types.DType;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The timedelta64[ns] dtype against pandas: datetime and timedelta arithmetic ({@code //} and {@code %} too),
 * comparisons, reductions (std, median, quantile, describe too) and groupby aggregations with NaT,
 * {@code toTimedelta} of strings (errors "raise" and "coerce") and of numbers with a unit, and the {@code dt} members
 * of timedeltas; every case of {@code golden/dataframe/timedelta.json} (written by
 * {@code src/test/python/golden_dataframe_timedelta.py}) with one chunk, a chunk per row and uneven chunks.
 */
class DataFrameTimedeltaGoldenTest extends ThreeFrameGoldenTest {
    @RegisterExtension
    static final LocalClusterExtension CLUSTER = new LocalClusterExtension(2);

    private static final Map<String, DataFrameGoldenTest.ThreeFrames> CASES = new LinkedHashMap<>();

    private static void add(String name, DataFrameGoldenTest.ThreeFrames b) {
        CASES.put(name, b);
    }

    private static Series c(DataFrame d, String name) {
        return d.col(name);
    }

    private static Series td(DataFrame d) {
        return d.col("td");
    }

    private static GroupBy gb(DataFrame d) {
        return d.select("g", "td").groupBy("g");
    }

    static {
        add("ts_minus_ts", (d, o, e) -> c(d, "t").subtract(c(d, "u")));
        add("ts_plus_td", (d, o, e) -> c(d, "t").add(td(d)));
        add("td_plus_ts", (d, o, e) -> td(d).add(c(d, "t")));
        add("ts_minus_td", (d, o, e) -> c(d, "t").subtract(td(d)));
        add("td_plus_td2", (d, o, e) -> td(d).add(c(d, "td2")));
        add("td_minus_td2", (d, o, e) -> td(d).subtract(c(d, "td2")));
        add("td_mul_3", (d, o, e) -> td(d).multiply(3L));
        add("td_mul_1_5", (d, o, e) -> td(d).multiply(1.5));
        add("td_rmul_2_5", (d, o, e) -> td(d).rmul(2.5));
        add("td_mul_x", (d, o, e) -> td(d).multiply(c(d, "x")));
        add("td_mul_k", (d, o, e) -> td(d).multiply(c(d, "k")));
        add("td_div_4", (d, o, e) -> td(d).divide(4L));
        add("td_div_2_5", (d, o, e) -> td(d).divide(2.5));
        add("td_div_x", (d, o, e) -> td(d).divide(c(d, "x")));
        add("td_div_k", (d, o, e) -> td(d).divide(c(d, "k")));
        add("td_div_td2", (d, o, e) -> td(d).divide(c(d, "td2")));
        add("td_div_1h", (d, o, e) -> td(d).divide(Duration.ofHours(1)));
        add("ts_minus_timestamp", (d, o, e) -> c(d, "t").subtract(Instant.parse("2020-01-01T12:00:00Z")));
        add("ts_plus_timedelta", (d, o, e) -> c(d, "t").add(Duration.ofHours(26)));
        add("ts_minus_timedelta", (d, o, e) -> c(d, "t").subtract(Duration.ofMinutes(90)));
        add("td_plus_timedelta", (d, o, e) -> td(d).add(Duration.ofSeconds(1)));
        add("neg_td", (d, o, e) -> td(d).negate());
        add("abs_td", (d, o, e) -> td(d).abs());
        add("td_lt_td2", (d, o, e) -> td(d).lt(c(d, "td2")));
        add("td_ge_td2", (d, o, e) -> td(d).ge(c(d, "td2")));
        add("td_eq_td2", (d, o, e) -> td(d).eq(c(d, "td2")));
        add("td_ne_td2", (d, o, e) -> td(d).ne(c(d, "td2")));
        add("td_gt_1h", (d, o, e) -> td(d).gt(Duration.ofHours(1)));
        add("td_le_0", (d, o, e) -> td(d).le(Duration.ZERO));
        add("td_eq_0", (d, o, e) -> td(d).eq(Duration.ZERO));
        add("td_ne_0", (d, o, e) -> td(d).ne(Duration.ZERO));
        add("filter_td_gt_0", (d, o, e) -> d.filter(td(d).gt(Duration.ZERO)).select("g", "td"));
        add("between_ts_diff", (d, o, e) -> d.filter(c(d, "t").subtract(c(d, "u")).gt(Duration.ofHours(1)))
                .select("g", "t", "u"));
        add("td_sum", (d, o, e) -> td(d).sum());
        add("td_mean", (d, o, e) -> td(d).mean());
        add("td_min", (d, o, e) -> td(d).min());
        add("td_max", (d, o, e) -> td(d).max());
        add("td_count", (d, o, e) -> td(d).count());
        add("diff_mean", (d, o, e) -> c(d, "t").subtract(c(d, "u")).mean());
        add("frame_sum", (d, o, e) -> d.select("td", "td2").sum());
        add("frame_max", (d, o, e) -> d.select("td", "td2").max());
        add("nat_only_sum", (d, o, e) -> d.filter(td(d).isna()).col("td").sum());
        add("nat_only_mean", (d, o, e) -> d.filter(td(d).isna()).col("td").mean());
        add("empty_sum", (d, o, e) -> td(e).sum());
        add("empty_mean", (d, o, e) -> td(e).mean());
        add("empty_max", (d, o, e) -> td(e).max());
        add("empty_ts_minus_ts", (d, o, e) -> c(e, "t").subtract(c(e, "u")));
        add("groupby_sum", (d, o, e) -> gb(d).sum());
        add("groupby_mean", (d, o, e) -> gb(d).mean());
        add("groupby_min", (d, o, e) -> gb(d).min());
        add("groupby_max", (d, o, e) -> gb(d).max());
        add("groupby_count", (d, o, e) -> gb(d).count());
        add("groupby_agg_named", (d, o, e) -> gb(d).agg(GroupBy.named("total", "td", "sum"),
                GroupBy.named("avg", "td", "mean"), GroupBy.named("n", "td", "count"), GroupBy.named("lo", "td", "min")));
        add("groupby_diff_sum", (d, o, e) -> d.assign("diff", c(d, "t").subtract(c(d, "u"))).select("g", "diff")
                .groupBy("g").sum());
        add("empty_groupby_sum", (d, o, e) -> gb(e).sum());
        add("dt_days", (d, o, e) -> td(d).dt().days().astype(DType.FLOAT64));
        add("dt_seconds", (d, o, e) -> td(d).dt().seconds().astype(DType.FLOAT64));
        add("dt_microseconds", (d, o, e) -> td(d).dt().microseconds().astype(DType.FLOAT64));
        add("dt_nanoseconds", (d, o, e) -> td(d).dt().nanoseconds().astype(DType.FLOAT64));
        add("dt_total_seconds", (d, o, e) -> td(d).dt().totalSeconds());
        add("dt_days_of_diff", (d, o, e) -> c(d, "t").subtract(c(d, "u")).dt().days().astype(DType.FLOAT64));
        // components: Mars gives int64 with null at NaT, pandas float64 with NaN when there is one (compared as float64)
        add("dt_components", (d, o, e) -> td(d).dt().components().astype(DType.FLOAT64));
        add("dt_components_no_nat", (d, o, e) -> d.dropna("any", java.util.List.of("td")).col("td").dt().components());
        add("dt_components_td2", (d, o, e) -> c(d, "td2").dt().components().astype(DType.FLOAT64));
        add("dt_components_of_diff", (d, o, e) -> c(d, "t").subtract(c(d, "u")).dt().components()
                .astype(DType.FLOAT64));
        add("dt_components_nat_only", (d, o, e) -> d.filter(td(d).isna()).col("td").dt().components()
                .astype(DType.FLOAT64));
        add("dt_components_empty", (d, o, e) -> td(e).dt().components());
        add("to_timedelta_strings", (d, o, e) -> DataFrames.toTimedelta(c(d, "s")));
        add("to_timedelta_other_strings", (d, o, e) -> DataFrames.toTimedelta(o.col("w")));
        add("to_timedelta_coerce", (d, o, e) -> DataFrames.toTimedelta(o.col("v"), "coerce"));
        add("to_timedelta_coerce_all_read", (d, o, e) -> DataFrames.toTimedelta(c(d, "s"), null, "coerce"));
        add("to_timedelta_raise", (d, o, e) -> DataFrames.toTimedelta(o.col("w"), "raise"));
        add("to_timedelta_coerce_empty", (d, o, e) -> DataFrames.toTimedelta(c(e, "s"), "coerce"));
        add("to_timedelta_float_s", (d, o, e) -> DataFrames.toTimedelta(c(d, "n"), "s"));
        add("to_timedelta_float_ms", (d, o, e) -> DataFrames.toTimedelta(c(d, "n"), "ms"));
        add("to_timedelta_float_d", (d, o, e) -> DataFrames.toTimedelta(c(d, "n"), "D"));
        add("to_timedelta_int_h", (d, o, e) -> DataFrames.toTimedelta(c(d, "k"), "h"));
        add("to_timedelta_int_us", (d, o, e) -> DataFrames.toTimedelta(c(d, "k"), "us"));
        add("fillna_1s", (d, o, e) -> td(d).fillna(Duration.ofSeconds(1)));
        add("isna_td", (d, o, e) -> td(d).isna());
        add("where_x_gt_0", (d, o, e) -> td(d).where(c(d, "x").gt(0.0)));
        add("shift_1", (d, o, e) -> td(d).shift(1));
        add("cummax_td", (d, o, e) -> td(d).cummax());
        add("cummin_td", (d, o, e) -> td(d).cummin());
        add("cumsum_td", (d, o, e) -> td(d).fillna(Duration.ZERO).cumsum());
        add("groupby_timedelta_key", (d, o, e) -> d.select("td2", "x").groupBy("td2").sum());
        add("merge_on_timedelta", (d, o, e) -> d.select("td", "k").dropna().merge(d.select("td2", "g").dropna()
                .rename(Map.of("td2", "td")), java.util.List.of("td"), "inner", "_x", "_y", true));
        add("timedelta_labels_sorted", (d, o, e) -> d.setIndex("td").select("k").sortIndex().resetIndex());
        add("value_counts_td2", (d, o, e) -> c(d, "td2").valueCounts());
        add("astype_str", (d, o, e) -> td(d).fillna(Duration.ZERO).astype(DType.STRING));
        add("astype_int64", (d, o, e) -> td(d).fillna(Duration.ZERO).astype(DType.INT64));
        add("sort_by_td", (d, o, e) -> d.sortValues("td").select("g", "td"));
        add("int64_astype_timedelta", (d, o, e) -> c(d, "k").astype(DType.TIMEDELTA));
        add("float64_astype_timedelta", (d, o, e) -> c(d, "n").multiply(1e9).astype(DType.TIMEDELTA));
        // timedelta // timedelta: Mars gives int64 with null at NaT, pandas float64 with NaN (compared as float64)
        add("td_floordiv_td2", (d, o, e) -> td(d).floorDivide(c(d, "td2")).astype(DType.FLOAT64));
        add("td_floordiv_1h", (d, o, e) -> td(d).floordiv(Duration.ofHours(1)).astype(DType.FLOAT64));
        add("td_floordiv_minus_90min", (d, o, e) -> td(d).floorDivide(Duration.ofMinutes(-90)).astype(DType.FLOAT64));
        add("td_floordiv_zero_td", (d, o, e) -> td(d).floorDivide(Duration.ZERO).astype(DType.FLOAT64));
        add("no_nat_floordiv", (d, o, e) -> {
            DataFrame known = d.dropna("any", java.util.List.of("td", "td2"));
            return known.col("td").floorDivide(known.col("td2"));
        });
        add("empty_floordiv", (d, o, e) -> td(e).floorDivide(c(e, "td2")));
        add("td_floordiv_3", (d, o, e) -> td(d).floorDivide(3L));
        add("td_floordiv_minus_7", (d, o, e) -> td(d).floordiv(-7L));
        add("td_floordiv_0", (d, o, e) -> td(d).floorDivide(0L));
        add("td_floordiv_k", (d, o, e) -> td(d).floorDivide(c(d, "k")));
        add("td_floordiv_x", (d, o, e) -> td(d).floorDivide(c(d, "x")));
        add("td_mod_td2", (d, o, e) -> td(d).mod(c(d, "td2")));
        add("td_mod_1h", (d, o, e) -> td(d).mod(Duration.ofHours(1)));
        add("td_mod_minus_7min", (d, o, e) -> td(d).mod(Duration.ofMinutes(-7)));
        add("td_mod_zero_td", (d, o, e) -> td(d).mod(Duration.ZERO));
        add("td_mod_3", (d, o, e) -> td(d).mod(3L));
        add("td_mod_minus_7", (d, o, e) -> td(d).mod(-7L));
        add("td_mod_k", (d, o, e) -> td(d).mod(c(d, "k")));
        add("td_mod_x", (d, o, e) -> td(d).mod(c(d, "x")));
        add("empty_mod", (d, o, e) -> td(e).mod(c(e, "td2")));
        add("frame_floordiv_4", (d, o, e) -> d.select("td", "td2").floordiv(4L));
        add("frame_mod_5", (d, o, e) -> d.select("td", "td2").mod(5L));
        add("td_std", (d, o, e) -> td(d).std());
        add("td_std_ddof0", (d, o, e) -> td(d).std(0));
        add("one_value_std", (d, o, e) -> d.head(1).col("td").std());
        add("nat_only_std", (d, o, e) -> d.filter(td(d).isna()).col("td").std());
        add("empty_std", (d, o, e) -> td(e).std());
        add("frame_std", (d, o, e) -> d.select("td", "x").std());
        add("td_median", (d, o, e) -> td(d).median());
        add("td2_median", (d, o, e) -> c(d, "td2").median());
        add("td_quantile_0_3", (d, o, e) -> td(d).quantile(0.3));
        add("td_quantile_0", (d, o, e) -> td(d).quantile(0.0));
        add("td_quantile_1", (d, o, e) -> td(d).quantile(1.0));
        add("td_quantile_0_85", (d, o, e) -> td(d).quantile(0.85));
        add("nat_only_median", (d, o, e) -> d.filter(td(d).isna()).col("td").median());
        add("empty_median", (d, o, e) -> td(e).median());
        add("empty_quantile", (d, o, e) -> td(e).quantile(0.5));
        add("frame_median", (d, o, e) -> d.select("td", "td2").median());
        add("frame_quantile_0_3", (d, o, e) -> d.select("td", "td2").quantile(0.3));
        add("describe_td", (d, o, e) -> td(d).describe());
        add("describe_frame", (d, o, e) -> d.select("td", "x", "k").describe());
        add("describe_one_value", (d, o, e) -> d.head(1).col("td").describe());
        add("describe_nat_only", (d, o, e) -> d.filter(td(d).isna()).col("td").describe());
        add("describe_empty", (d, o, e) -> td(e).describe());
        // pandas' own groupby median/quantile of timedeltas misread NaT: its answers are of the rows without NaT
        add("groupby_median", (d, o, e) -> gb(d).median());
        add("groupby_quantile_0_3", (d, o, e) -> gb(d).quantile(0.3));
        add("groupby_quantile_0_75", (d, o, e) -> gb(d).quantile(0.75));
        add("groupby_quantile_0_15_plus_1ns", (d, o, e) -> gb(d.assign("td", td(d).add(Duration.ofNanos(1))))
                .quantile(0.15));
        add("groupby_quantile_0_9_plus_1ns", (d, o, e) -> gb(d.assign("td", td(d).add(Duration.ofNanos(1))))
                .quantile(0.9));
    }

    DataFrameTimedeltaGoldenTest() {
        super("golden/dataframe/timedelta.json", "o");
    }

    @Override
    Map<String, DataFrameGoldenTest.ThreeFrames> cases() {
        return CASES;
    }

    @Override
    ClientSession session() {
        return CLUSTER.session();
    }
}
