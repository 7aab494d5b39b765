package io.mars.it.golden;

import io.mars.dataframe.DataFrame;
import io.mars.dataframe.DataFrames;
import io.mars.dataframe.GroupBy;
import io.mars.dataframe.Series;
import io.mars.it.LocalClusterExtension;
import io.mars.submit.client.ClientSession;
import io.mars.types.Column;
import io.mars.types.LocalTable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The everyday members of issue 18 added after session 15 (aliases, arithmetic with a fill value, sem/skew/kurt/cov/
 * corr/dot/any/all, mask, combineFirst, bfill, frame-wide arithmetic, comparisons and reductions, groupby nth/ngroups/
 * sem/shift/diff/pctChange/ffill) against pandas: every case of {@code golden/dataframe/everyday.json} (written by
 * {@code src/test/python/golden_dataframe_everyday.py}) with one chunk, a chunk per row and uneven chunks.
 */
class DataFrameEverydayGoldenTest extends ThreeFrameGoldenTest {
    @RegisterExtension
    static final LocalClusterExtension CLUSTER = new LocalClusterExtension(2);

    private static final Map<String, DataFrameGoldenTest.ThreeFrames> CASES = new LinkedHashMap<>();

    private static void add(String name, DataFrameGoldenTest.ThreeFrames b) {
        CASES.put(name, b);
    }

    static {
        add("isnull_x", (df, o, e) -> df.col("x").isnull());
        add("notnull_s", (df, o, e) -> df.col("s").notnull());
        add("sub_x_y", (df, o, e) -> df.col("x").sub(df.col("y")));
        add("mul_y_2", (df, o, e) -> df.col("y").mul(2.0));
        add("div_y_4", (df, o, e) -> df.col("y").div(4.0));
        add("truediv_x_y", (df, o, e) -> df.col("x").truediv(df.col("y")));
        add("floordiv_y_3", (df, o, e) -> df.col("y").floordiv(3));
        add("pow_x_2", (df, o, e) -> df.col("x").pow(2.0));
        add("radd_x_10", (df, o, e) -> df.col("x").radd(10.0));
        add("rsub_y_1", (df, o, e) -> df.col("y").rsub(1.0));
        add("rmul_x_3", (df, o, e) -> df.col("x").rmul(3.0));
        add("rdiv_p_1", (df, o, e) -> o.col("p").rdiv(1.0));
        add("rtruediv_k_6", (df, o, e) -> df.col("k").rtruediv(6.0));
        add("rfloordiv_k_7", (df, o, e) -> df.col("k").rfloordiv(7));
        add("rmod_k_7", (df, o, e) -> df.col("k").rmod(7));
        add("rpow_k_2", (df, o, e) -> df.col("k").rpow(2.0));
        add("add_fill_p_q", (df, o, e) -> o.col("p").add(o.col("q"), 0.0));
        add("sub_fill_p_q", (df, o, e) -> o.col("p").sub(o.col("q"), 1.5));
        add("mul_fill_p_q", (df, o, e) -> o.col("p").mul(o.col("q"), 2.0));
        add("div_fill_p_q", (df, o, e) -> o.col("p").div(o.col("q"), 4.0));
        add("mask_x_y_gt_2", (df, o, e) -> df.col("x").mask(df.col("y").gt(2.0)));
        add("mask_y_b_other", (df, o, e) -> df.col("y").mask(df.col("b"), -1.0));
        add("combine_first_p_q", (df, o, e) -> o.col("p").combineFirst(o.col("q")));
        add("combine_first_x_y", (df, o, e) -> df.col("x").combineFirst(df.col("y")));
        add("bfill_x", (df, o, e) -> df.col("x").bfill());
        add("bfill_p", (df, o, e) -> o.col("p").bfill());
        add("bfill_after_filter", (df, o, e) -> positive(df).col("x").bfill());
        add("empty_bfill_x", (df, o, e) -> e.col("x").bfill());
        add("sem_x", (df, o, e) -> df.col("x").sem());
        add("sem_y_ddof_0", (df, o, e) -> df.col("y").sem(0));
        add("skew_x", (df, o, e) -> df.col("x").skew());
        add("skew_y", (df, o, e) -> df.col("y").skew());
        add("skew_c_constant", (df, o, e) -> o.col("c").skew());
        add("kurt_x", (df, o, e) -> df.col("x").kurt());
        add("kurtosis_y", (df, o, e) -> df.col("y").kurtosis());
        add("kurt_p", (df, o, e) -> o.col("p").kurt());
        add("skew_after_filter", (df, o, e) -> positive(df).col("x").skew());
        add("cov_x_y", (df, o, e) -> df.col("x").cov(df.col("y")));
        add("cov_p_q", (df, o, e) -> o.col("p").cov(o.col("q")));
        add("cov_x_k_ddof_0", (df, o, e) -> df.col("x").cov(df.col("k"), 0));
        add("corr_x_y", (df, o, e) -> df.col("x").corr(df.col("y")));
        add("corr_p_q", (df, o, e) -> o.col("p").corr(o.col("q")));
        add("autocorr_y", (df, o, e) -> df.col("y").autocorr());
        add("autocorr_x_2", (df, o, e) -> df.col("x").autocorr(2));
        add("dot_y_k", (df, o, e) -> df.col("y").dot(df.col("k")));
        add("dot_x_y_nan", (df, o, e) -> df.col("x").dot(df.col("y")));
        add("dot_q_c", (df, o, e) -> o.col("q").fillna(0.0).dot(o.col("c")));
        add("any_b", (df, o, e) -> df.col("b").any());
        add("all_b", (df, o, e) -> df.col("b").all());
        add("any_x", (df, o, e) -> df.col("x").any());
        add("all_x", (df, o, e) -> df.col("x").all());
        add("all_c", (df, o, e) -> o.col("c").all());
        add("any_y_after_filter", (df, o, e) -> positive(df).col("y").any());
        add("empty_any_y", (df, o, e) -> e.col("y").any());
        add("empty_all_y", (df, o, e) -> e.col("y").all());
        add("frame_abs", (df, o, e) -> num(df).abs());
        add("frame_isnull", (df, o, e) -> df.isnull());
        add("frame_notnull", (df, o, e) -> df.notnull());
        add("frame_add_1", (df, o, e) -> num(df).add(1.0));
        add("frame_sub_2", (df, o, e) -> num(df).sub(2.0));
        add("frame_mul_3", (df, o, e) -> num(df).mul(3.0));
        add("frame_div_4", (df, o, e) -> num(df).div(4.0));
        add("frame_truediv_8", (df, o, e) -> num(df).truediv(8.0));
        add("frame_floordiv_3", (df, o, e) -> df.select("k", "y").floordiv(3));
        add("frame_mod_4", (df, o, e) -> df.select("k", "y").mod(4));
        add("frame_pow_2", (df, o, e) -> num(df).pow(2.0));
        add("frame_radd_5", (df, o, e) -> num(df).radd(5.0));
        add("frame_rsub_5", (df, o, e) -> num(df).rsub(5.0));
        add("frame_rmul_2", (df, o, e) -> num(df).rmul(2.0));
        add("frame_rdiv_12", (df, o, e) -> o.rdiv(12.0));
        add("frame_eq_1", (df, o, e) -> num(df).eq(1.0));
        add("frame_ne_1", (df, o, e) -> num(df).ne(1.0));
        add("frame_lt_2", (df, o, e) -> num(df).lt(2.0));
        add("frame_le_2", (df, o, e) -> num(df).le(2.0));
        add("frame_gt_2", (df, o, e) -> num(df).gt(2.0));
        add("frame_ge_2", (df, o, e) -> num(df).ge(2.0));
        add("frame_where_b", (df, o, e) -> num(df).where(df.col("b")));
        add("frame_where_b_other", (df, o, e) -> num(df).where(df.col("b"), -1.0));
        add("frame_mask_b", (df, o, e) -> num(df).mask(df.col("b")));
        add("frame_mask_b_other", (df, o, e) -> num(df).mask(df.col("b"), 0.5));
        add("frame_bfill", (df, o, e) -> o.bfill());
        add("frame_combine_first", (df, o, e) -> o.select("p", "q").combineFirst(
                o.select("q", "p").rename(Map.of("q", "p", "p", "q")).select("p", "q")));
        add("frame_add_prefix", (df, o, e) -> df.addPrefix("col_"));
        add("frame_add_suffix", (df, o, e) -> df.addSuffix("_v"));
        add("frame_insert", (df, o, e) -> df.insert(2, "z", df.col("y").multiply(2L)));
        add("frame_insert_first", (df, o, e) -> df.insert(0, "z", df.col("x")));
        add("frame_rank", (df, o, e) -> num(df).rank());
        add("frame_rank_dense", (df, o, e) -> num(df).rank("dense"));
        add("frame_median", (df, o, e) -> num(df).median());
        add("frame_quantile_0_25", (df, o, e) -> num(df).quantile(0.25));
        add("frame_sem", (df, o, e) -> num(df).sem());
        add("frame_skew", (df, o, e) -> num(df).skew());
        add("frame_kurt", (df, o, e) -> o.kurt());
        add("frame_nunique", (df, o, e) -> df.nunique());
        add("frame_any", (df, o, e) -> df.select("k", "x", "b").any());
        add("frame_all", (df, o, e) -> df.select("k", "x", "b").all());
        add("frame_idxmax", (df, o, e) -> num(df).idxmax());
        add("frame_idxmin", (df, o, e) -> num(df).idxmin());
        add("empty_frame_add_1", (df, o, e) -> num(e).add(1.0));
        add("empty_frame_bfill", (df, o, e) -> o.head(0).bfill());
        add("query_and", (df, o, e) -> df.query("x > 1 and y < 5"));
        add("query_or_not", (df, o, e) -> df.query("not (k == 1) or s == 'a'"));
        add("query_not_nan", (df, o, e) -> df.query("not (x > 1)"));
        add("query_arithmetic", (df, o, e) -> df.query("x * 2 + y >= 3"));
        add("query_chain", (df, o, e) -> df.query("0 < y <= 6"));
        add("query_bool_column", (df, o, e) -> df.query("b and y > 0"));
        add("query_reversed", (df, o, e) -> df.query("3 > x"));
        add("query_pow_mod", (df, o, e) -> df.query("y % 3 == 1 or x ** 2 > 10"));
        add("query_floordiv", (df, o, e) -> df.query("y // 4 == 1"));
        add("query_symbols", (df, o, e) -> df.query("(x > 0) & (y > 0) | ~b"));
        add("query_text", (df, o, e) -> df.query("g == 'a' and x > 0.5"));
        add("query_constants", (df, o, e) -> df.query("y > 2 * 3 - 1"));
        add("query_after_filter", (df, o, e) -> positive(df).query("k != 1"));
        add("empty_query", (df, o, e) -> e.query("x > 1"));
        add("eval_x_plus_2y", (df, o, e) -> df.eval("x + y * 2").rename(""));
        add("eval_negate", (df, o, e) -> df.eval("-x + 1 - k / 4").rename(""));
        add("eval_comparison", (df, o, e) -> df.eval("y >= k * 3").rename(""));
        add("pivot_table_k_g_x_sum", (df, o, e) -> df.pivotTable("k", "g", "x", "sum", List.of("a", "b", "c")));
        add("pivot_table_g_b_y_mean", (df, o, e) -> df.pivotTable("g", "b", "y", "mean", List.of(false, true)));
        add("pivot_table_k_b_y_count", (df, o, e) -> df.pivotTable("k", "b", "y", "count", List.of(false, true)));
        add("pivot_table_g_k_x_max", (df, o, e) -> df.pivotTable("g", "k", "x", "max", List.of(1, 3, 5, 7)));
        add("pivot_first_rows", (df, o, e) -> {
            DataFrame labels = DataFrames.fromTable(LocalTable.of(Column.ofLongs("c", 0, 1, 2, 0, 1, 2),
                    Column.ofLongs("r", 1, 1, 1, 2, 2, 2)), 4);
            return df.head(6).assign("c", labels.col("c")).assign("r", labels.col("r")).pivot("r", "c", "y",
                    List.of(0, 1, 2));
        });
        add("crosstab_k_g", (df, o, e) -> DataFrames.crosstab(df.col("k"), df.col("g"), List.of("a", "b", "c")));
        add("crosstab_g_b", (df, o, e) -> DataFrames.crosstab(df.col("g"), df.col("b"), List.of(false, true)));
        add("crosstab_after_filter", (df, o, e) -> DataFrames.crosstab(positive(df).col("g"), positive(df).col("k"),
                List.of(1, 3, 5, 7)));
        add("join_left", (df, o, e) -> df.select("k", "y").join(o.select("p", "q"), "left"));
        add("join_inner", (df, o, e) -> df.select("k", "x").join(o.select("p"), "inner"));
        add("join_right_after_filter", (df, o, e) -> positive(df).select("k", "y").join(o.select("q"), "right"));
        add("join_outer_suffixes", (df, o, e) -> o.select("p", "c").join(df.select("x", "k").iloc(5, 15)
                .rename(java.util.Map.of("x", "p")), "outer", "_l", "_r"));
        add("pipe_x_abs", (df, o, e) -> df.col("x").pipe(Series::abs));
        add("pipe_frame_head", (df, o, e) -> df.pipe(d -> d.head(3)));
        add("pipe_groupby_sum", (df, o, e) -> df.select("k", "y").groupBy("k").pipe(GroupBy::sum));
        add("groupby_k_nth_1", (df, o, e) -> df.groupBy("k").nth(1));
        add("groupby_g_nth_0", (df, o, e) -> df.groupBy("g").nth(0));
        add("groupby_g_nth_neg_1", (df, o, e) -> df.groupBy("g").nth(-1));
        add("groupby_k_ngroups", (df, o, e) -> df.groupBy("k").ngroups());
        add("groupby_g_ngroups", (df, o, e) -> df.groupBy("g").ngroups());
        add("groupby_k_sem", (df, o, e) -> num(df).groupBy("k").sem());
        add("groupby_g_sem_x", (df, o, e) -> df.select("g", "x").groupBy("g").sem());
        add("groupby_k_shift_1", (df, o, e) -> num(df).groupBy("k").shift(1));
        add("groupby_g_shift_2", (df, o, e) -> df.select("g", "x", "y", "s").groupBy("g").shift(2));
        add("groupby_g_shift_neg_1", (df, o, e) -> df.select("g", "x", "y").groupBy("g").shift(-1));
        add("groupby_k_diff", (df, o, e) -> num(df).groupBy("k").diff());
        add("groupby_g_diff_neg_2", (df, o, e) -> df.select("g", "y").groupBy("g").diff(-2));
        add("groupby_k_pct_change", (df, o, e) -> df.select("k", "x").assign("x", df.col("x").add(100.0)).groupBy("k")
                .pctChange());
        add("groupby_g_ffill", (df, o, e) -> df.select("g", "x", "s").groupBy("g").ffill());
        add("groupby_k_b_ffill", (df, o, e) -> df.select("k", "b", "x").groupBy("k", "b").ffill());
        add("groupby_shift_after_filter", (df, o, e) -> positive(df).select("k", "x").groupBy("k").shift(1));
        add("groupby_k_quantile_0_3", (df, o, e) -> num(df).groupBy("k").quantile(0.3));
        add("groupby_g_quantile_0_75_x", (df, o, e) -> df.select("g", "x").groupBy("g").quantile(0.75));
        add("groupby_k_b_quantile_1", (df, o, e) -> df.select("k", "b", "y").groupBy("k", "b").quantile(1.0));
        add("groupby_k_quantile_0", (df, o, e) -> df.select("k", "y").groupBy("k").quantile(0.0));
        add("groupby_k_rank", (df, o, e) -> num(df).groupBy("k").rank());
        add("groupby_g_rank_min", (df, o, e) -> df.select("g", "k", "x").groupBy("g").rank("min"));
        add("groupby_g_rank_max", (df, o, e) -> df.select("g", "k").groupBy("g").rank("max"));
        add("groupby_g_rank_first", (df, o, e) -> df.select("g", "k", "s").groupBy("g").rank("first"));
        add("groupby_b_rank_dense", (df, o, e) -> df.select("b", "k", "x").groupBy("b").rank("dense"));
        add("groupby_rank_after_filter", (df, o, e) -> positive(df).select("k", "y").groupBy("k").rank());
        add("groupby_k_rolling_2_sum", (df, o, e) -> num(df).groupBy("k").rolling(2).sum());
        add("groupby_k_rolling_3_mean", (df, o, e) -> num(df).groupBy("k").rolling(3).mean());
        add("groupby_k_rolling_3_1_sum", (df, o, e) -> df.select("k", "x").groupBy("k").rolling(3, 1).sum());
        add("groupby_k_rolling_2_1_mean", (df, o, e) -> num(df).groupBy("k").rolling(2, 1).mean());
        add("groupby_k_rolling_3_count", (df, o, e) -> df.select("k", "x").groupBy("k").rolling(3, 0).count());
        add("groupby_k_rolling_2_count_default", (df, o, e) -> df.select("k", "y").groupBy("k").rolling(2).count());
        add("empty_groupby_shift", (df, o, e) -> e.select("k", "x").groupBy("k").shift(1));
    }

    /** pandas' {@code df[df.y > 0]}: a frame whose chunk lengths are known only when it has run. */
    private static DataFrame positive(DataFrame df) {
        return df.filter(df.col("y").gt(0.0));
    }

    private static DataFrame num(DataFrame df) {
        return df.select("k", "x", "y");
    }

    DataFrameEverydayGoldenTest() {
        super("golden/dataframe/everyday.json", "o");
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
