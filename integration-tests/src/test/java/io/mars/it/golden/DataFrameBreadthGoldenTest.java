package io.mars.it.golden;

import io.mars.dataframe.DataFrame;
import io.mars.it.LocalClusterExtension;
import io.mars.submit.client.ClientSession;
import io.mars.types.DType;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * round, clip, replace, idxmax/idxmin, nlargest/nsmallest on several columns, quantile and mode against pandas: every
 * case of {@code golden/dataframe/breadth.json} (written by {@code src/test/python/golden_dataframe_breadth.py}) with
 * one chunk, a chunk per row and uneven chunks.
 */
class DataFrameBreadthGoldenTest extends ThreeFrameGoldenTest {
    @RegisterExtension
    static final LocalClusterExtension CLUSTER = new LocalClusterExtension(2);

    private static final Map<String, DataFrameGoldenTest.ThreeFrames> CASES = new LinkedHashMap<>();

    private static void add(String name, DataFrameGoldenTest.ThreeFrames b) {
        CASES.put(name, b);
    }

    static {
        add("round_f_2", (df, r, e) -> r.col("f").round(2));
        add("round_f_0", (df, r, e) -> r.col("f").round(0));
        add("round_f_neg_2", (df, r, e) -> r.col("f").round(-2));
        add("round_i_1", (df, r, e) -> r.col("i").round(1));
        add("round_i_neg_1", (df, r, e) -> r.col("i").round(-1));
        add("round_frame_1", (df, r, e) -> df.round(1));
        add("empty_round_x", (df, r, e) -> e.col("x").round(1));
        add("clip_x", (df, r, e) -> df.col("x").clip(-1.0, 3.0));
        add("clip_y_whole", (df, r, e) -> df.col("y").clip(-2, 5));
        add("clip_y_halves", (df, r, e) -> df.col("y").clip(-2.5, 5.5));
        add("clip_y_swapped", (df, r, e) -> df.col("y").clip(5, -2));
        add("clip_x_lower_only", (df, r, e) -> df.col("x").clip(0.5, Double.NaN));
        add("clip_frame", (df, r, e) -> df.select("k", "x", "y").clip(0, 4));
        add("replace_y_4_40", (df, r, e) -> df.col("y").replace(4, 40));
        add("replace_x_1_5", (df, r, e) -> df.col("x").replace(1.0, -5.5));
        add("replace_x_nan_0", (df, r, e) -> df.col("x").replace(Double.NaN, 0.0));
        add("replace_s_a_z", (df, r, e) -> df.col("s").replace("a", "z"));
        add("replace_g_none_found", (df, r, e) -> df.col("g").replace("q", "z"));
        add("replace_frame_1_100", (df, r, e) -> df.select("k", "x", "y", "s").replace(1, 100));
        add("replace_frame_a_z", (df, r, e) -> df.select("g", "s", "y").replace("a", "z"));
        add("idxmax_x", (df, r, e) -> df.col("x").idxmax());
        add("idxmin_y", (df, r, e) -> df.col("y").idxmin());
        add("idxmax_k_ties", (df, r, e) -> df.col("k").idxmax());
        add("idxmin_x_after_filter", (df, r, e) -> positive(df).col("x").idxmin());
        add("nlargest_k_y_5", (df, r, e) -> df.nlargest(5, List.of("k", "y")));
        add("nsmallest_k_y_6", (df, r, e) -> df.nsmallest(6, List.of("k", "y")));
        add("nlargest_x_y_4", (df, r, e) -> df.nlargest(4, List.of("x", "y")));
        add("nlargest_b_k_3", (df, r, e) -> df.select("b", "k", "y").astype(Map.of("b", DType.INT64))
                .nlargest(3, List.of("b", "k")));
        add("quantile_x_0_3", (df, r, e) -> df.col("x").quantile(0.3));
        add("quantile_y_0_75", (df, r, e) -> df.col("y").quantile(0.75));
        add("quantile_y_0", (df, r, e) -> df.col("y").quantile(0.0));
        add("quantile_x_1", (df, r, e) -> df.col("x").quantile(1.0));
        add("mode_k", (df, r, e) -> df.col("k").mode());
        add("mode_y", (df, r, e) -> df.col("y").mode());
        add("mode_s", (df, r, e) -> df.col("s").mode());
        add("mode_x", (df, r, e) -> df.col("x").mode());
        add("empty_mode_y", (df, r, e) -> e.col("y").mode());
        add("iloc_3_9", (df, r, e) -> df.iloc(3, 9));
        add("iloc_neg_5_end", (df, r, e) -> df.iloc(-5, Long.MAX_VALUE));
        add("iloc_2_20_3", (df, r, e) -> df.iloc(2, 20, 3));
        add("iloc_reversed", (df, r, e) -> df.iloc(-1, Long.MIN_VALUE, -1));
        add("iloc_neg_2_4_neg_3", (df, r, e) -> df.iloc(-2, 4, -3));
        add("iloc_past_end", (df, r, e) -> df.iloc(20, 100));
        add("iloc_empty_slice", (df, r, e) -> df.iloc(9, 3));
        add("iloc_list", (df, r, e) -> df.iloc(List.of(5L, 0L, 22L, -1L, 5L, 6L, 7L, 1L)));
        add("iloc_series_y_list", (df, r, e) -> df.col("y").iloc(List.of(3L, 2L, 1L)));
        add("iloc_after_filter", (df, r, e) -> positive(df).iloc(2, 7));
        add("iloc_list_after_filter", (df, r, e) -> positive(df).iloc(List.of(-1L, 0L)));
        add("tail_4", (df, r, e) -> df.tail(4));
        add("tail_0", (df, r, e) -> df.tail(0));
        add("tail_100", (df, r, e) -> df.tail(100));
        add("tail_series_x_3", (df, r, e) -> df.col("x").tail(3));
        add("tail_index_after_filter", (df, r, e) -> positive(df).tail(3).index().toSeries().rename("i"));
        add("empty_tail_2", (df, r, e) -> e.tail(2));
        add("rank_x_average", (df, r, e) -> df.col("x").rank());
        add("rank_y_min", (df, r, e) -> df.col("k").rank("min"));
        add("rank_k_max", (df, r, e) -> df.col("k").rank("max"));
        add("rank_k_first", (df, r, e) -> df.col("k").rank("first"));
        add("rank_x_first", (df, r, e) -> df.col("x").rank("first"));
        add("rank_k_dense", (df, r, e) -> df.col("k").rank("dense"));
        add("rank_s_average", (df, r, e) -> df.col("s").rank());
        add("rank_after_filter", (df, r, e) -> positive(df).col("y").rank("dense"));
        add("empty_rank_x", (df, r, e) -> e.col("x").rank());
        add("groupby_k_cumcount", (df, r, e) -> df.groupBy("k").cumcount());
        add("groupby_g_cumcount_float", (df, r, e) -> df.groupBy("g").cumcount().astype(DType.FLOAT64));
        add("groupby_k_b_cumcount", (df, r, e) -> df.groupBy("k", "b").cumcount());
        add("groupby_k_transform_sum", (df, r, e) -> df.select("k", "x", "y").groupBy("k").transform("sum"));
        add("groupby_g_transform_mean", (df, r, e) -> df.select("g", "x").groupBy("g").transform("mean"));
        add("groupby_k_transform_max", (df, r, e) -> df.select("k", "y", "x").groupBy("k").transform("max"));
        add("groupby_k_filter_size_3", (df, r, e) -> df.groupBy("k").filterBySize(3));
        add("groupby_g_filter_size_6", (df, r, e) -> df.groupBy("g").filterBySize(6));
        add("groupby_k_head_2", (df, r, e) -> df.groupBy("k").head(2));
        add("groupby_g_head_1", (df, r, e) -> df.groupBy("g").head(1));
        add("groupby_head_after_filter", (df, r, e) -> positive(df).groupBy("k").head(1));
        add("empty_groupby_cumcount", (df, r, e) -> e.groupBy("k").cumcount());
        add("groupby_k_cumsum", (df, r, e) -> df.select("k", "x", "y").groupBy("k").cumsum());
        add("groupby_g_cumsum_x", (df, r, e) -> df.select("g", "x").groupBy("g").cumsum());
        add("groupby_k_b_cumsum_y", (df, r, e) -> df.select("k", "b", "y").groupBy("k", "b").cumsum());
        add("groupby_cumsum_after_filter", (df, r, e) -> positive(df).select("k", "x").groupBy("k").cumsum());
        add("empty_groupby_cumsum", (df, r, e) -> e.select("k", "y").groupBy("k").cumsum());
        add("groupby_k_median", (df, r, e) -> df.select("k", "x", "y").groupBy("k").median());
        add("groupby_g_median_x", (df, r, e) -> df.select("g", "x").groupBy("g").median());
        add("groupby_k_b_median_y", (df, r, e) -> df.select("k", "b", "y").groupBy("k", "b").median());
        add("groupby_k_tail_2", (df, r, e) -> df.groupBy("k").tail(2));
        add("groupby_g_tail_1", (df, r, e) -> df.groupBy("g").tail(1));
        add("argsort_x", (df, r, e) -> df.col("x").argsort());
        add("argsort_k_ties", (df, r, e) -> df.col("k").argsort());
        add("argsort_after_filter", (df, r, e) -> positive(df).col("y").argsort());
        add("empty_argsort_y", (df, r, e) -> e.col("y").argsort());
        add("melt_k_x_y", (df, r, e) -> df.melt(List.of("k"), List.of("x", "y")));
        add("melt_g_b_s", (df, r, e) -> df.melt(List.of("g", "b"), List.of("s"), "col", "text"));
        add("melt_no_ids", (df, r, e) -> df.melt(List.of(), List.of("y", "k")));
        add("empty_melt", (df, r, e) -> e.melt(List.of("k"), List.of("x", "y")));
    }

    /** pandas' {@code df[df.y > 0]}: a frame whose chunk lengths are known only when it has run. */
    private static DataFrame positive(DataFrame df) {
        return df.filter(df.col("y").gt(0.0));
    }

    DataFrameBreadthGoldenTest() {
        super("golden/dataframe/breadth.json", "r");
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
