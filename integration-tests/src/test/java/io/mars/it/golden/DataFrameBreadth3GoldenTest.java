package io.mars.it.golden;

import io.mars.it.LocalClusterExtension;
import io.mars.submit.client.ClientSession;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Issue 18's last breadth items against pandas: {@code rolling(w).count()} (min_periods counting the window's rows),
 * {@code stack()} (as pandas' {@code df.stack().reset_index()}) and {@code unstack(columnValues)};
 * every case of {@code golden/dataframe/breadth3.json} (written by
 * {@code src/test/python/golden_dataframe_breadth3.py}) with one chunk, a chunk per row and uneven chunks.
 */
class DataFrameBreadth3GoldenTest extends ThreeFrameGoldenTest {
    @RegisterExtension
    static final LocalClusterExtension CLUSTER = new LocalClusterExtension(2);

    private static final Map<String, DataFrameGoldenTest.ThreeFrames> CASES = new LinkedHashMap<>();

    private static void add(String name, DataFrameGoldenTest.ThreeFrames b) {
        CASES.put(name, b);
    }

    static {
        add("rolling_x_3_count", (df, d, e) -> df.col("x").rolling(3).count());
        add("rolling_x_3_count_min_2", (df, d, e) -> df.col("x").rolling(3, 2).count());
        add("rolling_x_3_count_min_3", (df, d, e) -> df.col("x").rolling(3, 3).count());
        add("rolling_x_1_count", (df, d, e) -> df.col("x").rolling(1).count());
        add("rolling_x_5_count_min_0", (df, d, e) -> df.col("x").rolling(5, 0).count());
        add("rolling_y_4_count", (df, d, e) -> df.col("y").rolling(4).count());
        add("rolling_s_2_count", (df, d, e) -> df.col("s").rolling(2).count());
        add("rolling_b_3_count_min_3", (df, d, e) -> df.col("b").rolling(3, 3).count());
        add("rolling_frame_3_count", (df, d, e) -> df.select("x", "y", "s", "g").rolling(3).count());
        add("rolling_frame_4_count_min_4", (df, d, e) -> df.select("x", "s").rolling(4, 4).count());
        add("rolling_d_3_count", (df, d, e) -> d.rolling(3).count());
        add("rolling_d_2_count_min_2", (df, d, e) -> d.rolling(2, 2).count());
        add("rolling_v_30_count", (df, d, e) -> d.col("v").rolling(30).count());
        add("rolling_filtered_count", (df, d, e) -> df.filter(df.col("y").gt(0)).col("x").rolling(3, 2).count());
        add("empty_rolling_count", (df, d, e) -> e.col("x").rolling(3).count());
        add("stack_x_y", (df, d, e) -> df.select("x", "y").stack());
        add("stack_ints", (df, d, e) -> df.select("y", "k").stack());
        add("stack_strings", (df, d, e) -> df.select("s", "g").stack());
        add("stack_dates", (df, d, e) -> d.select("t").stack());
        add("stack_after_filter", (df, d, e) -> df.filter(df.col("y").gt(0)).select("x", "y").stack());
        add("stack_named_index", (df, d, e) -> df.setIndex("k").select("x", "y").stack());
        add("empty_stack", (df, d, e) -> e.select("x", "y").stack());
        add("unstack_x_y", (df, d, e) -> df.select("x", "y").stack().unstack(List.of("x", "y")));
        add("unstack_strings", (df, d, e) -> df.select("s", "g").stack().unstack(List.of("s", "g")));
        add("unstack_after_filter", (df, d, e) -> df.filter(df.col("y").gt(0)).select("x", "y").stack()
                .unstack(List.of("x", "y")));
        add("unstack_ints_full", (df, d, e) -> df.select("y", "k").stack().unstack("level_0", "level_1", "0",
                List.of("y", "k")));
    }

    DataFrameBreadth3GoldenTest() {
        super("golden/dataframe/breadth3.json", "d");
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
