package io.mars.it.golden;

import io.mars.dataframe.DataFrame;
import io.mars.it.LocalClusterExtension;
import io.mars.submit.client.ClientSession;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Running functions (cumsum, cumprod, cummax, cummin, ffill), shift, diff, pctChange, rolling and expanding against
 * pandas: every case of {@code golden/dataframe/window.json} (written by
 * {@code src/test/python/golden_dataframe_window.py}) with one chunk, a chunk per row and uneven chunks, so that
 * running values and windows cross chunk boundaries.
 */
class DataFrameWindowGoldenTest extends ThreeFrameGoldenTest {
    @RegisterExtension
    static final LocalClusterExtension CLUSTER = new LocalClusterExtension(2);

    private static final Map<String, DataFrameGoldenTest.ThreeFrames> CASES = new LinkedHashMap<>();

    private static void add(String name, DataFrameGoldenTest.ThreeFrames b) {
        CASES.put(name, b);
    }

    static {
        // running functions
        add("cumsum_x", (df, v, e) -> df.col("x").cumsum());
        add("cumsum_y", (df, v, e) -> df.col("y").cumsum());
        add("cumsum_b", (df, v, e) -> df.col("b").cumsum());
        add("cumprod_q", (df, v, e) -> v.col("q").cumprod());
        add("cumprod_p", (df, v, e) -> v.col("p").cumprod());
        add("cummax_x", (df, v, e) -> df.col("x").cummax());
        add("cummax_b", (df, v, e) -> df.col("b").cummax());
        add("cummin_y", (df, v, e) -> df.col("y").cummin());
        add("cummin_p", (df, v, e) -> v.col("p").cummin());
        add("cumsum_frame", (df, v, e) -> df.select("k", "x", "y").cumsum());
        add("cummax_frame_v", (df, v, e) -> v.cummax());
        add("cumsum_after_filter", (df, v, e) -> positive(df).col("x").cumsum());
        add("ffill_x", (df, v, e) -> df.col("x").ffill());
        add("ffill_s", (df, v, e) -> df.col("s").ffill());
        add("ffill_p", (df, v, e) -> v.col("p").ffill());
        add("empty_cumsum_y", (df, v, e) -> e.col("y").cumsum());
        add("empty_cummax_frame", (df, v, e) -> e.select("k", "x", "y").cummax());
        // shift, diff, pct_change
        add("shift_x_1", (df, v, e) -> df.col("x").shift(1));
        add("shift_x_3", (df, v, e) -> df.col("x").shift(3));
        add("shift_x_neg_2", (df, v, e) -> df.col("x").shift(-2));
        add("shift_y_1", (df, v, e) -> df.col("y").shift(1));
        add("shift_y_0", (df, v, e) -> df.col("y").shift(0));
        add("shift_y_neg_9", (df, v, e) -> df.col("y").shift(-9));
        add("shift_x_30", (df, v, e) -> df.col("x").shift(30));
        add("shift_s_2", (df, v, e) -> df.col("s").shift(2));
        add("shift_frame_neg_1", (df, v, e) -> df.select("k", "x", "s").shift(-1));
        add("shift_after_filter", (df, v, e) -> positive(df).col("y").shift(2));
        add("diff_x", (df, v, e) -> df.col("x").diff());
        add("diff_y_2", (df, v, e) -> df.col("y").diff(2));
        add("diff_y_neg_3", (df, v, e) -> df.col("y").diff(-3));
        add("diff_frame_5", (df, v, e) -> df.select("k", "x", "y").diff(5));
        add("pct_change_x", (df, v, e) -> df.col("x").pctChange());
        add("pct_change_y_2", (df, v, e) -> df.col("y").pctChange(2));
        add("pct_change_p", (df, v, e) -> v.col("p").pctChange());
        add("pct_change_p_neg_1", (df, v, e) -> v.col("p").pctChange(-1));
        add("pct_change_frame_v_3", (df, v, e) -> v.pctChange(3));
        add("empty_shift_y", (df, v, e) -> e.col("y").shift(1));
        add("empty_diff_x", (df, v, e) -> e.col("x").diff());
        add("empty_pct_change_y", (df, v, e) -> e.col("y").pctChange());
        // rolling
        add("rolling_x_3_sum", (df, v, e) -> df.col("x").rolling(3).sum());
        add("rolling_y_4_mean", (df, v, e) -> df.col("y").rolling(4).mean());
        add("rolling_x_2_min", (df, v, e) -> df.col("x").rolling(2).min());
        add("rolling_y_5_max", (df, v, e) -> df.col("y").rolling(5).max());
        add("rolling_x_3_std", (df, v, e) -> df.col("x").rolling(3).std());
        add("rolling_y_6_std", (df, v, e) -> df.col("y").rolling(6).std());
        add("rolling_y_1_sum", (df, v, e) -> df.col("y").rolling(1).sum());
        add("rolling_x_4_min_periods_2_sum", (df, v, e) -> df.col("x").rolling(4, 2).sum());
        add("rolling_p_3_min_periods_1_mean", (df, v, e) -> v.col("p").rolling(3, 1).mean());
        add("rolling_p_2_min_periods_0_sum", (df, v, e) -> v.col("p").rolling(2, 0).sum());
        add("rolling_p_2_min_periods_0_max", (df, v, e) -> v.col("p").rolling(2, 0).max());
        add("rolling_x_30_min_periods_1_mean", (df, v, e) -> df.col("x").rolling(30, 1).mean());
        add("rolling_frame_3_sum", (df, v, e) -> df.select("k", "x", "y").rolling(3).sum());
        add("rolling_after_filter", (df, v, e) -> positive(df).col("x").rolling(3, 2).max());
        add("empty_rolling_x_3_mean", (df, v, e) -> e.col("x").rolling(3).mean());
        // expanding
        add("expanding_x_sum", (df, v, e) -> df.col("x").expanding().sum());
        add("expanding_x_mean", (df, v, e) -> df.col("x").expanding().mean());
        add("expanding_y_min", (df, v, e) -> df.col("y").expanding().min());
        add("expanding_y_max", (df, v, e) -> df.col("y").expanding().max());
        add("expanding_p_mean", (df, v, e) -> v.col("p").expanding().mean());
        add("expanding_p_sum", (df, v, e) -> v.col("p").expanding().sum());
        add("empty_expanding_y_mean", (df, v, e) -> e.col("y").expanding().mean());
        add("expanding_frame_mean", (df, v, e) -> df.select("k", "x", "y").expanding().mean());
        add("expanding_frame_v_max", (df, v, e) -> v.expanding().max());
    }

    /** pandas' {@code df[df.y > 0]}: a frame whose chunk lengths are known only when it has run. */
    private static DataFrame positive(DataFrame df) {
        return df.filter(df.col("y").gt(0.0));
    }

    DataFrameWindowGoldenTest() {
        super("golden/dataframe/window.json", "v");
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
