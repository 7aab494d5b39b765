package io.mars.it.golden;

import io.mars.dataframe.DataFrame;
import io.mars.dataframe.EwmOptions;
import io.mars.dataframe.Series;
import io.mars.it.LocalClusterExtension;
import io.mars.submit.client.ClientSession;
import io.mars.types.DType;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Issue 18's second breadth round against pandas: ewm of series, frames and groups (mean, sum, var, std with each
 * decay, adjust, ignore_na, min_periods and bias); rolling var/median; interpolate; expanding var/std/count; corr and
 * cov matrices; duplicated; isin of a frame; map with a dict; getDummies; hasnans, isUnique and the monotonic tests;
 * prod of series, frames and groups; groupby idxmax/idxmin, any/all, rolling min/max/var/std and
 * cumprod/cummax/cummin/bfill/ngroup; more str members (center/ljust/rjust/repeat/title/swapcase/casefold, the is*
 * tests, match/fullmatch, removeprefix/removesuffix, split/rsplit with expand and part selection, sliceReplace,
 * normalize, cat) and more dt members (microsecond, nanosecond, daysInMonth, the is*Start/End flags, isLeapYear,
 * normalize, dayName, monthName, isocalendar): every case of {@code golden/dataframe/breadth2.json} (written by
 * {@code src/test/python/golden_dataframe_breadth2.py}) with one chunk, a chunk per row and uneven chunks, so the
 * exponential windows and scans cross chunk boundaries.
 */
class DataFrameBreadth2GoldenTest extends ThreeFrameGoldenTest {
    @RegisterExtension
    static final LocalClusterExtension CLUSTER = new LocalClusterExtension(2);

    private static final Map<String, DataFrameGoldenTest.ThreeFrames> CASES = new LinkedHashMap<>();

    private static void add(String name, DataFrameGoldenTest.ThreeFrames b) {
        CASES.put(name, b);
    }

    static {
        add("ewm_com_0_5_mean_x", (df, u, e) -> x(df).ewm(EwmOptions.com(0.5)).mean());
        add("ewm_span_3_mean_y", (df, u, e) -> df.col("y").ewm(EwmOptions.span(3)).mean());
        add("ewm_halflife_2_mean_x_noadjust", (df, u, e) -> x(df).ewm(EwmOptions.halflife(2).adjust(false)).mean());
        add("ewm_alpha_0_3_mean_x_ignore_na", (df, u, e) -> x(df).ewm(EwmOptions.alpha(0.3).ignoreNa(true)).mean());
        add("ewm_alpha_0_3_mean_x_ignore_na_noadjust", (df, u, e) -> x(df).ewm(EwmOptions.alpha(0.3).ignoreNa(true)
                .adjust(false)).mean());
        add("ewm_alpha_1_mean_x", (df, u, e) -> x(df).ewm(EwmOptions.alpha(1.0)).mean());
        add("ewm_min_periods_4_mean_x", (df, u, e) -> x(df).ewm(EwmOptions.com(1.5).minPeriods(4)).mean());
        add("ewm_com_1_sum_x", (df, u, e) -> x(df).ewm(EwmOptions.com(1)).sum());
        add("ewm_com_1_sum_x_ignore_na", (df, u, e) -> x(df).ewm(EwmOptions.com(1).ignoreNa(true)).sum());
        add("ewm_span_4_var_x", (df, u, e) -> x(df).ewm(EwmOptions.span(4)).var());
        add("ewm_span_4_var_x_bias", (df, u, e) -> x(df).ewm(EwmOptions.span(4)).var(true));
        add("ewm_span_4_std_y", (df, u, e) -> df.col("y").ewm(EwmOptions.span(4)).std());
        add("ewm_com_2_std_x_bias_noadjust", (df, u, e) -> x(df).ewm(EwmOptions.com(2).adjust(false)).std(true));
        add("ewm_com_2_var_x_noadjust_ignore_na", (df, u, e) -> x(df).ewm(EwmOptions.com(2).adjust(false)
                .ignoreNa(true)).var());
        add("ewm_halflife_3_std_x_min_periods_3", (df, u, e) -> x(df).ewm(EwmOptions.halflife(3).minPeriods(3)).std());
        add("ewm_b_mean", (df, u, e) -> df.col("b").ewm(EwmOptions.com(1)).mean());
        add("ewm_frame_mean", (df, u, e) -> df.select("k", "x", "y", "b").ewm(EwmOptions.com(2)).mean());
        add("ewm_frame_std", (df, u, e) -> df.select("x", "y").ewm(EwmOptions.span(5).adjust(false)).std());
        add("ewm_frame_sum", (df, u, e) -> df.select("k", "x").ewm(EwmOptions.alpha(0.6)).sum());
        add("ewm_after_filter", (df, u, e) -> x(positive(df)).ewm(EwmOptions.span(2)).mean());
        add("empty_ewm_mean", (df, u, e) -> x(e).ewm(EwmOptions.com(1)).mean());
        add("empty_ewm_frame_var", (df, u, e) -> e.select("x", "y").ewm(EwmOptions.com(1)).var());
        add("rolling_3_var_x", (df, u, e) -> x(df).rolling(3).var());
        add("rolling_4_var_y_min_periods_2", (df, u, e) -> df.col("y").rolling(4, 2).var());
        add("rolling_3_median_x", (df, u, e) -> x(df).rolling(3).median());
        add("rolling_4_median_x_min_periods_1", (df, u, e) -> x(df).rolling(4, 1).median());
        add("rolling_frame_median", (df, u, e) -> df.select("x", "y").rolling(5, 2).median());
        add("rolling_var_after_filter", (df, u, e) -> x(positive(df)).rolling(2).var());
        add("interpolate_x", (df, u, e) -> x(df).interpolate());
        add("interpolate_x_shift_2", (df, u, e) -> x(df).shift(2).interpolate());
        add("interpolate_x_shift_neg_3", (df, u, e) -> x(df).shift(-3).interpolate());
        add("interpolate_x_masked_runs", (df, u, e) -> x(df).where(df.col("y").gt(2.0)).interpolate());
        add("interpolate_frame", (df, u, e) -> df.select("k", "x", "y").assign("z", x(df).where(df.col("y").lt(5.0))
                .rename("z")).interpolate());
        add("interpolate_after_filter", (df, u, e) -> x(positive(df)).interpolate());
        add("empty_interpolate_x", (df, u, e) -> x(e).interpolate());
        add("expanding_var_x", (df, u, e) -> x(df).expanding().var());
        add("expanding_std_y", (df, u, e) -> df.col("y").expanding().std());
        add("expanding_count_x", (df, u, e) -> x(df).expanding().count());
        add("expanding_frame_std", (df, u, e) -> df.select("k", "x", "y").expanding().std());
        add("expanding_var_after_filter", (df, u, e) -> x(positive(df)).expanding().var());
        add("expanding_var_shifted", (df, u, e) -> x(df).shift(3).expanding().var());
        add("empty_expanding_std", (df, u, e) -> x(e).expanding().std());
        add("frame_corr", (df, u, e) -> df.select("k", "x", "y", "b").corr());
        add("frame_cov", (df, u, e) -> df.select("k", "x", "y").cov());
        add("frame_corr_after_filter", (df, u, e) -> positive(df).select("x", "y").corr());
        add("duplicated_frame_k_g_first", (df, u, e) -> df.duplicated(List.of("k", "g"), "first"));
        add("duplicated_frame_k_last", (df, u, e) -> df.duplicated(List.of("k"), "last"));
        add("duplicated_frame_g_none", (df, u, e) -> df.duplicated(List.of("g"), "none"));
        add("duplicated_frame_all", (df, u, e) -> df.select("k", "b").duplicated());
        add("duplicated_series_s", (df, u, e) -> df.col("s").duplicated());
        add("duplicated_series_s_none", (df, u, e) -> df.col("s").duplicated("none"));
        add("duplicated_after_filter", (df, u, e) -> positive(df).duplicated(List.of("k"), "first"));
        add("empty_duplicated", (df, u, e) -> e.duplicated(List.of("k"), "first"));
        add("isin_frame_mixed", (df, u, e) -> df.select("k", "g", "x", "s").isin(List.of(1L, "a", 2.75, "bb")));
        add("isin_frame_numbers", (df, u, e) -> df.select("k", "y", "s").isin(List.of(1L, 4L, 7L)));
        add("map_k_dict_missing", (df, u, e) -> df.col("k").map(Map.of(1, 10, 2, 20, 7, 70)).astype(DType.FLOAT64));
        add("map_k_dict_all", (df, u, e) -> df.col("k").map(Map.of(1, 0.5, 2, 1.5, 3, 2.5, 5, 3.5, 7, 4.5)));
        add("map_g_dict_text", (df, u, e) -> df.col("g").map(Map.of("a", "A", "b", "B")));
        add("map_b_dict_text", (df, u, e) -> df.col("b").map(Map.of(true, "yes", false, "no")));
        add("map_k_dict_float64", (df, u, e) -> df.col("k").map(Map.of(1, 10, 2, 20, 7, 70), DType.FLOAT64));
        add("map_k_dict_declared_int64", (df, u, e) -> df.col("k").map(Map.of(1, 10.0, 2, 20.0, 3, 30.0, 5, 50.0,
                7, 70.0), DType.INT64));
        add("map_g_dict_dates", (df, u, e) -> df.col("g").map(Map.of("a", java.time.LocalDate.of(2024, 1, 1),
                "b", java.time.Instant.parse("1999-12-31T12:30:00Z"))));
        add("map_empty_dict", (df, u, e) -> e.col("k").map(Map.of(1, 10)));
        add("map_x_dict_float_keys", (df, u, e) -> x(df).map(Map.of(1.5, 1, 4.0, 2, 1L, 3)).astype(DType.FLOAT64));
        add("get_dummies_g", (df, u, e) -> io.mars.dataframe.DataFrames.getDummies(df.col("g"),
                List.of("a", "b", "c")));
        add("get_dummies_k_prefix", (df, u, e) -> io.mars.dataframe.DataFrames.getDummies(df.col("k"),
                List.of(1L, 2L, 3L, 5L, 7L), "k"));
        add("get_dummies_s_after_filter", (df, u, e) -> io.mars.dataframe.DataFrames.getDummies(positive(df).col("s"),
                List.of("a", "bb", "f"), "s"));
        add("groupby_k_idxmax", (df, u, e) -> df.select("k", "x", "y").groupBy("k").idxmax());
        add("groupby_g_idxmin_x", (df, u, e) -> df.select("g", "x").groupBy("g").idxmin());
        add("groupby_k_b_idxmin_y", (df, u, e) -> df.select("k", "b", "y").groupBy("k", "b").idxmin());
        add("groupby_idxmax_after_filter_labels", (df, u, e) -> positive(df).select("k", "x").groupBy("k").idxmax());
        add("groupby_k_any", (df, u, e) -> df.select("k", "x", "y", "b").groupBy("k").any());
        add("groupby_g_all", (df, u, e) -> df.select("g", "x", "y", "b").groupBy("g").all());
        add("groupby_k_all_after_filter", (df, u, e) -> positive(df).select("k", "x", "b").groupBy("k").all());
        add("hasnans_x", (df, u, e) -> x(df).hasnans());
        add("hasnans_y", (df, u, e) -> df.col("y").hasnans());
        add("is_unique_y", (df, u, e) -> df.col("y").isUnique());
        add("is_unique_y_head_5", (df, u, e) -> df.col("y").head(5).isUnique());
        add("is_unique_s", (df, u, e) -> df.col("s").isUnique());
        add("is_monotonic_increasing_cumsum", (df, u, e) -> df.col("y").abs().cumsum().isMonotonicIncreasing());
        add("is_monotonic_increasing_y", (df, u, e) -> df.col("y").isMonotonicIncreasing());
        add("is_monotonic_decreasing_neg_cumsum", (df, u, e) -> df.col("y").abs().cumsum().negate()
                .isMonotonicDecreasing());
        add("is_monotonic_increasing_x_nan", (df, u, e) -> x(df).cumsum().isMonotonicIncreasing());
        add("is_monotonic_increasing_text", (df, u, e) -> io.mars.dataframe.DataFrames.fromColumns(Map.of("w",
                List.of("a", "a", "b", "bc")), 3).col("w").isMonotonicIncreasing());
        add("is_monotonic_increasing_after_filter", (df, u, e) -> positive(df).col("k").isMonotonicIncreasing());
        add("empty_is_monotonic_decreasing", (df, u, e) -> e.col("y").isMonotonicDecreasing());
        add("prod_y_gt_5", (df, u, e) -> df.filter(df.col("y").gt(5.0)).col("y").prod());
        add("prod_x_after_filter", (df, u, e) -> df.filter(df.col("y").gt(0.0).and(x(df).ne(0.0))).col("x").prod());
        add("empty_prod_x", (df, u, e) -> x(e).prod());
        add("frame_prod", (df, u, e) -> df.filter(df.col("y").gt(5.0)).select("x", "y", "b").prod());
        add("groupby_k_prod", (df, u, e) -> df.select("k", "x", "y").groupBy("k").prod());
        add("groupby_g_prod_x", (df, u, e) -> df.select("g", "x").groupBy("g").prod());
        add("groupby_k_agg_prod", (df, u, e) -> df.groupBy("k").agg(io.mars.dataframe.GroupBy.named("p", "y", "prod"),
                io.mars.dataframe.GroupBy.named("s", "y", "sum")));
        add("groupby_k_rolling_3_max", (df, u, e) -> df.select("k", "x", "y").groupBy("k").rolling(3).max());
        add("groupby_k_rolling_2_min", (df, u, e) -> df.select("k", "x", "y").groupBy("k").rolling(2).min());
        add("groupby_k_rolling_4_1_max_x", (df, u, e) -> df.select("k", "x").groupBy("k").rolling(4, 1).max());
        add("groupby_k_rolling_3_2_min", (df, u, e) -> df.select("k", "x", "y").groupBy("k").rolling(3, 2).min());
        add("groupby_k_rolling_1_max_y", (df, u, e) -> df.select("k", "y").groupBy("k").rolling(1).max());
        add("groupby_k_rolling_3_var", (df, u, e) -> df.select("k", "x", "y").groupBy("k").rolling(3).var());
        add("groupby_k_rolling_4_2_std", (df, u, e) -> df.select("k", "x", "y").groupBy("k").rolling(4, 2).std());
        add("groupby_k_rolling_2_1_var_x", (df, u, e) -> df.select("k", "x").groupBy("k").rolling(2, 1).var());
        add("groupby_k_rolling_3_std_far", (df, u, e) -> df.select("k", "y").assign("y", df.col("y").multiply(1.0)
                .add(1e6).rename("y")).groupBy("k").rolling(3).std());
        add("groupby_k_cumprod", (df, u, e) -> df.select("k", "x", "y").groupBy("k").cumprod());
        add("groupby_g_cummax_x", (df, u, e) -> df.select("g", "x").groupBy("g").cummax());
        add("groupby_k_cummax", (df, u, e) -> df.select("k", "x", "y").groupBy("k").cummax());
        add("groupby_k_b_cummin_y", (df, u, e) -> df.select("k", "b", "y").groupBy("k", "b").cummin());
        add("groupby_g_cummin_x", (df, u, e) -> df.select("g", "x").groupBy("g").cummin());
        add("groupby_cumprod_after_filter", (df, u, e) -> positive(df).select("k", "x").groupBy("k").cumprod());
        add("empty_groupby_cummax", (df, u, e) -> e.select("k", "y").groupBy("k").cummax());
        add("groupby_k_bfill", (df, u, e) -> df.select("k", "x", "s").groupBy("k").bfill());
        add("groupby_g_bfill_x", (df, u, e) -> df.select("g", "x").groupBy("g").bfill());
        add("groupby_k_ngroup", (df, u, e) -> df.groupBy("k").ngroup());
        add("groupby_g_ngroup_float", (df, u, e) -> df.groupBy("g").ngroup().astype(DType.FLOAT64));
        add("groupby_k_b_ngroup", (df, u, e) -> df.groupBy("k", "b").ngroup());
        add("empty_groupby_ngroup", (df, u, e) -> e.groupBy("k").ngroup());
        add("groupby_k_ewm_com_1_mean", (df, u, e) -> df.select("k", "x", "y").groupBy("k").ewm(EwmOptions.com(1))
                .mean());
        add("groupby_k_ewm_span_3_std", (df, u, e) -> df.select("k", "x", "y").groupBy("k").ewm(EwmOptions.span(3))
                .std());
        add("groupby_k_b_ewm_alpha_var_noadjust", (df, u, e) -> df.select("k", "b", "x").groupBy("k", "b")
                .ewm(EwmOptions.alpha(0.4).adjust(false)).var());
        add("groupby_g_ewm_halflife_sum_ignore_na", (df, u, e) -> df.select("g", "x").groupBy("g")
                .ewm(EwmOptions.halflife(2).ignoreNa(true)).sum());
        add("groupby_ewm_after_filter", (df, u, e) -> positive(df).select("k", "x").groupBy("k")
                .ewm(EwmOptions.com(0.5)).mean());
        add("str_center_8_star", (df, u, e) -> w(u).str().center(8, '*'));
        add("str_center_7", (df, u, e) -> w(u).str().center(7));
        add("str_ljust_6_dot", (df, u, e) -> w(u).str().ljust(6, '.'));
        add("str_rjust_6", (df, u, e) -> w(u).str().rjust(6));
        add("str_repeat_2", (df, u, e) -> w(u).str().repeat(2));
        add("str_repeat_0", (df, u, e) -> w(u).str().repeat(0));
        add("str_title", (df, u, e) -> w(u).str().title());
        add("str_swapcase", (df, u, e) -> w(u).str().swapcase());
        add("str_isalpha", (df, u, e) -> wf(u).str().isalpha());
        add("str_isalnum", (df, u, e) -> wf(u).str().isalnum());
        add("str_isnumeric", (df, u, e) -> wf(u).str().isnumeric());
        add("str_isdecimal", (df, u, e) -> wf(u).str().isdecimal());
        add("str_isspace", (df, u, e) -> wf(u).str().isspace());
        add("str_isupper", (df, u, e) -> wf(u).str().isupper());
        add("str_islower", (df, u, e) -> wf(u).str().islower());
        add("str_match_letters", (df, u, e) -> wf(u).str().match("[A-Za-z]+"));
        add("str_match_digit", (df, u, e) -> wf(u).str().match("\\d"));
        add("str_fullmatch_word", (df, u, e) -> wf(u).str().fullmatch("[a-z]+"));
        add("str_fullmatch_csv", (df, u, e) -> wf(u).str().fullmatch("(\\w+,)+\\w+"));
        add("str_rsplit_comma_expand_1", (df, u, e) -> w(u).str().rsplit(",", 1));
        add("str_rsplit_comma_expand_2", (df, u, e) -> w(u).str().rsplit(",", 2));
        add("str_slice_replace_1_3", (df, u, e) -> w(u).str().sliceReplace(1, 3, "XY"));
        add("str_slice_replace_neg", (df, u, e) -> w(u).str().sliceReplace(-2, -1, ""));
        add("str_slice_replace_empty_slice", (df, u, e) -> w(u).str().sliceReplace(4, 2, "_"));
        add("str_normalize_nfkd", (df, u, e) -> w(u).str().normalize("NFKD"));
        add("str_casefold", (df, u, e) -> w(u).str().casefold());
        add("str_removeprefix_ab", (df, u, e) -> w(u).str().removeprefix("ab"));
        add("str_removesuffix_ab", (df, u, e) -> w(u).str().removesuffix("ab"));
        add("str_split_comma_expand_2", (df, u, e) -> w(u).str().split(",", 2));
        add("str_split_comma_get_0", (df, u, e) -> w(u).str().splitGet(",", -1, 0));
        add("str_split_comma_get_last", (df, u, e) -> w(u).str().splitGet(",", -1, -1));
        add("str_split_space_1_get_1", (df, u, e) -> w(u).str().splitGet(" ", 1, 1));
        add("str_split_comma_1_get_neg_1", (df, u, e) -> w(u).str().splitGet(",", 1, -1));
        add("str_cat_o_dash", (df, u, e) -> w(u).str().cat(u.col("o"), "-"));
        add("str_cat_after_filter", (df, u, e) -> {
            DataFrame f = u.filter(u.col("o").notna());
            return w(f).str().cat(f.col("o"), "");
        });
        add("dt_microsecond", (df, u, e) -> t(u).dt().microsecond().astype(DType.FLOAT64));
        add("dt_nanosecond", (df, u, e) -> t(u).dt().nanosecond().astype(DType.FLOAT64));
        add("dt_days_in_month", (df, u, e) -> t(u).dt().daysInMonth().astype(DType.FLOAT64));
        add("dt_is_month_start", (df, u, e) -> t(u).dt().isMonthStart());
        add("dt_is_month_end", (df, u, e) -> t(u).dt().isMonthEnd());
        add("dt_is_quarter_start", (df, u, e) -> t(u).dt().isQuarterStart());
        add("dt_is_quarter_end", (df, u, e) -> t(u).dt().isQuarterEnd());
        add("dt_is_year_start", (df, u, e) -> t(u).dt().isYearStart());
        add("dt_is_year_end", (df, u, e) -> t(u).dt().isYearEnd());
        add("dt_is_leap_year", (df, u, e) -> t(u).dt().isLeapYear());
        add("dt_isocalendar", (df, u, e) -> t(u).dt().isocalendar().astype(Map.of("year", DType.FLOAT64, "week",
                DType.FLOAT64, "day", DType.FLOAT64)));
        add("dt_normalize", (df, u, e) -> t(u).dt().normalize());
        add("dt_day_name", (df, u, e) -> t(u).dt().dayName());
        add("dt_month_name", (df, u, e) -> t(u).dt().monthName());
        add("dt_normalize_after_filter", (df, u, e) -> t(u.filter(u.col("o").notna())).dt().normalize());
    }

    private static Series x(DataFrame df) {
        return df.col("x");
    }

    private static Series w(DataFrame u) {
        return u.col("w");
    }

    /** pandas' {@code w.fillna("")}: the is* tests run without nulls (pandas gives object with NaN there). */
    private static Series wf(DataFrame u) {
        return u.col("w").fillna("");
    }

    private static Series t(DataFrame u) {
        return u.col("t");
    }

    /** pandas' {@code df[df.y > 0]}: a frame whose chunk lengths are known only when it has run. */
    private static DataFrame positive(DataFrame df) {
        return df.filter(df.col("y").gt(0.0));
    }

    DataFrameBreadth2GoldenTest() {
        super("golden/dataframe/breadth2.json", "u");
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
