package io.mars.it.golden;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mars.common.graph.Tileable;
import io.mars.common.tiling.TilingConfig;
import io.mars.dataframe.DataFrame;
import io.mars.dataframe.DataFrames;
import io.mars.dataframe.GroupBy;
import io.mars.submit.client.ClientSession;
import io.mars.submit.local.LocalCluster;
import io.mars.types.DType;
import io.mars.types.LocalTable;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Sort, merge, shuffle groupby, concat, drop_duplicates, the reductions median/nunique/unique/valueCounts/describe
 * and the .str/.dt accessors against pandas: every case of {@code golden/dataframe/ops.json} (written by
 * {@code src/test/python/golden_dataframe_ops.py}) run with several row chunkings, in a session with the default
 * settings (broadcast joins, tree groupbys for few groups) and in one that sends every merge and groupby through a
 * shuffle ({@code mars.dataframe.broadcast-rows=0}, {@code mars.dataframe.shuffle-groups=0}).
 */
class DataFrameOpsGoldenTest {
    private static final long[] CHUNKINGS = {0, 1, 4, 7};
    private static final JsonNode GOLDEN = load();
    private static LocalCluster cluster;
    private static ClientSession defaults;
    private static ClientSession shuffled;

    private static JsonNode load() {
        try (InputStream in = DataFrameOpsGoldenTest.class.getResourceAsStream("/golden/dataframe/ops.json")) {
            return new ObjectMapper().readTree(in);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read golden/dataframe/ops.json", e);
        }
    }

    @BeforeAll
    static void start() {
        cluster = new LocalCluster(2, Map.of());
        defaults = ClientSession.open(cluster.supervisor(), Map.of(), null);
        shuffled = ClientSession.open(cluster.supervisor(), Map.of(TilingConfig.BROADCAST_ROWS, "0",
                TilingConfig.SHUFFLE_GROUPS, "0"), null);
    }

    @AfterAll
    static void stop() {
        defaults.close();
        shuffled.close();
        cluster.close();
        assertThat(cluster.allocatedBytes()).as("Arrow bytes still allocated after the cluster stopped").isZero();
    }

    /** The inputs of a case: the frames of the golden file cut into chunks of {@code chunkRows} rows. */
    record Inputs(DataFrame df, DataFrame empty, DataFrame right, DataFrame dates) {
    }

    @FunctionalInterface
    private interface Builder {
        Tileable build(Inputs in);
    }

    private static final Map<String, Builder> CASES = new LinkedHashMap<>();

    private static void add(String name, Builder b) {
        CASES.put(name, b);
    }

    static {
        add("sort_y", in -> in.df().sortValues("y"));
        add("sort_x_desc", in -> in.df().sortValues("x", false));
        add("sort_k_x", in -> in.df().sortValues(List.of("k", "x"), List.of(true, false)));
        add("sort_s", in -> in.df().sortValues("s"));
        add("sort_g_y_desc", in -> in.df().sortValues(List.of("g", "y"), List.of(false, false)));
        add("sort_series_y", in -> in.df().col("y").sortValues());
        add("nlargest_x_5", in -> in.df().nlargest(5, "x"));
        add("sort_k_x_head_7", in -> in.df().sortValues(List.of("k", "x"), List.of(true, false)).head(7));
        add("sort_k_head_9_ties", in -> in.df().sortValues("k").head(9));
        add("sort_s_desc_head_3", in -> in.df().sortValues("s", false).head(3));
        add("sort_y_head_0", in -> in.df().sortValues("y").head(0));
        add("sort_g_y_head_past_end", in -> in.df().sortValues("g", "y").head(10_000));
        add("sort_series_y_desc_head_4", in -> in.df().col("y").sortValues(false).head(4));
        add("nsmallest_y_4", in -> in.df().nsmallest(4, "y"));
        add("nlargest_series_y_3", in -> in.df().col("y").nlargest(3));
        add("empty_sort", in -> in.empty().sortValues("y"));
        add("merge_inner_k", in -> in.df().select("k", "x", "y").merge(in.right().select("k", "w", "y"), List.of("k"),
                "inner", "_x", "_y", true));
        add("merge_left_k", in -> in.df().select("k", "x", "s").merge(in.right().select("k", "w", "y"), List.of("k"),
                "left", "_x", "_y", true));
        add("merge_right_k", in -> in.df().select("k", "x", "y").merge(in.right().select("k", "w"), List.of("k"),
                "right", "_x", "_y", true));
        add("merge_outer_k", in -> in.df().select("k", "x", "y").merge(in.right().select("k", "w", "g"), List.of("k"),
                "outer", "_x", "_y", true));
        add("merge_inner_k_g", in -> in.df().select("k", "g", "x").merge(in.right(), List.of("k", "g"), "inner", "_x",
                "_y", true));
        add("groupby_y_sum_x", in -> in.df().select("y", "x").groupBy("y").sum());
        add("groupby_s_b_named", in -> in.df().groupBy("s", "b").agg(GroupBy.named("n", "y", "count"),
                GroupBy.named("first_x", "x", "first"), GroupBy.named("last_k", "k", "last"),
                GroupBy.named("m", "x", "mean")));
        add("groupby_k_skewed_std", in -> in.df().groupBy("k").agg(GroupBy.named("sd", "y", "std"),
                GroupBy.named("lo", "x", "min"), GroupBy.named("hi", "y", "max")));
        add("x_median", in -> in.df().col("x").median());
        add("y_median", in -> in.df().col("y").median());
        add("x_sum_min_count_1", in -> in.df().col("x").sum(1));
        add("y_sum_min_count_1_empty", in -> in.empty().col("y").sum(1));
        add("x_nunique", in -> in.df().col("x").nunique());
        add("g_nunique", in -> in.df().col("g").nunique());
        add("s_unique", in -> in.df().col("s").unique());
        add("k_unique", in -> in.df().col("k").unique());
        add("g_value_counts", in -> in.df().col("g").valueCounts());
        add("describe_x_y", in -> in.df().select("k", "x", "y").describe());
        add("describe_series_x", in -> in.df().col("x").describe());
        add("empty_describe", in -> in.empty().select("k", "x", "y").describe());
        add("concat_df_head", in -> DataFrames.concat(in.df(), in.df().head(5)));
        add("concat_with_empty", in -> DataFrames.concat(in.empty(), in.df().head(3), in.empty(),
                in.df().sortValues("y").filter(in.df().sortValues("y").col("y").gt(100)), tail2(in.df())));
        add("concat_series", in -> DataFrames.concat(in.df().col("y"), in.df().col("y").head(4)));
        add("merge_left_on_right_on", in -> in.df().select("k", "x").merge(in.right().rename(Map.of("k", "rk"))
                .select("rk", "w"), "k", "rk", "inner").sortValues("k", "x", "w"));
        add("merge_left_on_two_keys_left", in -> in.df().select("k", "g", "y").merge(in.right()
                .rename(Map.of("k", "rk", "g", "rg")).select("rk", "rg", "w"), List.of("k", "g"), List.of("rk", "rg"),
                "left").sortValues("k", "g", "y"));
        add("merge_semi_as_isin", in -> in.df().select("k", "x", "y").merge(in.right().select("k"), "k", "k",
                "leftsemi").sortValues("k", "x", "y"));
        add("merge_anti_as_not_isin", in -> in.df().select("k", "x", "y").merge(in.right().select("k"), "k", "k",
                "leftanti").sortValues("k", "x", "y"));
        add("merge_cross", in -> in.df().select("k", "x").head(4).merge(in.right().select("w", "g").head(3),
                "cross"));
        add("merge_cross_scalar", in -> in.df().select("y").merge(in.df().col("y").mean().rename("m").toFrame(),
                "cross"));
        add("groupby_g_nunique_k", in -> in.df().groupBy("g").nunique("k"));
        add("groupby_b_g_nunique_y", in -> in.df().groupBy("b", "g").nunique("y", "ny"));
        add("isin_g_a_c", in -> in.df().col("g").isin(List.of("a", "c")));
        add("isin_k_1_3", in -> in.df().col("k").isin(List.of(1, 3)));
        add("isin_x_empty", in -> in.df().col("x").isin(List.of()));
        add("between_x", in -> in.df().col("x").between(-1.0, 2.0));
        add("between_s", in -> in.df().col("s").between("a", "b"));
        add("dt_le_text", in -> in.dates().col("t").le("2000-01-01"));
        add("dt_between_text", in -> in.dates().col("t").between("1999-12-31", "2023-07-04 08:00:00"));
        add("filter_dt_gt_text", in -> in.dates().filter(in.dates().col("t").gt("2021-11-28")));
        add("drop_duplicates_k", in -> in.df().dropDuplicates("k"));
        add("drop_duplicates_k_b", in -> in.df().select("k", "b").dropDuplicates());
        add("drop_duplicates_g", in -> in.df().dropDuplicates("g"));
        add("empty_drop_duplicates", in -> in.empty().dropDuplicates());
        add("str_len", in -> in.df().col("s").fillna("").str().len());
        add("str_upper", in -> in.df().col("s").str().upper());
        add("str_upper_lower", in -> in.df().col("s").str().upper().str().lower());
        add("str_contains_a", in -> in.df().col("s").str().contains("a"));
        add("str_startswith_b", in -> in.df().col("s").str().startswith("b"));
        add("str_replace_a", in -> in.df().col("s").str().replace("a", "XY"));
        add("filter_str_contains", in -> in.df().filter(in.df().col("s").str().contains("b")));
        add("str_endswith_a", in -> in.df().col("s").str().endswith("a"));
        add("str_contains_regex", in -> in.df().col("s").str().contains("^b.|a$", true));
        add("str_slice_1_3", in -> in.df().col("s").str().slice(1, 3));
        add("str_slice_neg_2", in -> in.df().col("s").str().slice(-2));
        add("empty_str_upper", in -> in.empty().col("s").str().upper());
        add("dt_year", in -> in.dates().col("t").dt().year());
        add("dt_month", in -> in.dates().col("t").dt().month());
        add("dt_day", in -> in.dates().col("t").dt().day());
        add("dt_dayofweek", in -> in.dates().col("t").dt().dayofweek());
    }

    /** pandas' {@code df.tail(2)}: the rows at positions 21 and 22, picked by a mask on a row number. */
    private static DataFrame tail2(DataFrame df) {
        DataFrame numbered = df.assign("pos", DataFrames.fromTensor(io.mars.tensor.Tensors.arange(df.rowCount()),
                "pos").col("pos"));
        return numbered.filter(numbered.col("pos").ge(df.rowCount() - 2)).drop("pos");
    }

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (Iterator<String> it = GOLDEN.get("cases").fieldNames(); it.hasNext(); ) {
            String name = it.next();
            for (long c : CHUNKINGS) {
                out.add(Arguments.of(name, c, false));
                out.add(Arguments.of(name, c, true));
            }
        }
        return out.stream();
    }

    @Test
    void everyGoldenCaseHasAnExpressionAndViceVersa() {
        DataFrameGoldenTest.assertSameCases(GOLDEN, CASES.keySet());
    }

    private static DataFrame frame(String name, long chunkRows, boolean empty) {
        JsonNode t = GOLDEN.get("inputs").get(name);
        return DataFrames.fromTable(DataFrameGoldenTest.input(t, empty ? 0 : t.get("rows").size()), chunkRows);
    }

    @ParameterizedTest(name = "{0} rows/chunk={1} shuffle={2}")
    @MethodSource("cases")
    void matchesPandas(String name, long chunkRows, boolean shuffle) {
        Inputs in = new Inputs(frame("df", chunkRows, false), frame("df", chunkRows, true),
                frame("right", chunkRows == 0 ? 0 : chunkRows + 1, false), frame("dates", chunkRows, false));
        Tileable t = CASES.get(name).build(in);
        ClientSession session = shuffle ? shuffled : defaults;
        LocalTable got = session.executeTables(t).get(0);
        DataFrameGoldenTest.assertMatches(name, got, GOLDEN.get("cases").get(name));
        session.releaseTileables(t);
    }
}
