package io.mars.it.golden;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mars.common.graph.Tileable;
import io.mars.dataframe.DataFrame;
import io.mars.dataframe.DataFrames;
import io.mars.dataframe.GroupBy;
import io.mars.submit.client.ClientSession;
import io.mars.submit.local.LocalCluster;
import io.mars.types.Column;
import io.mars.types.DType;
import io.mars.types.LocalTable;
import java.io.IOException;
import java.io.InputStream;
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
 * Row labels (pandas' index) against pandas: every case of {@code golden/dataframe/index.json} (written by
 * {@code src/test/python/golden_dataframe_index.py}) run with several row chunkings; the columns and the labels
 * ({@link LocalTable#index()}: values, dtype and name) must be pandas'.
 */
class DataFrameIndexGoldenTest {
    private static final long[] CHUNKINGS = {0, 1, 4, 7};
    private static final JsonNode GOLDEN = load("/golden/dataframe/index.json");
    private static final JsonNode INPUTS = load("/golden/dataframe/ops.json").get("inputs");
    private static LocalCluster cluster;
    private static ClientSession session;

    private static JsonNode load(String path) {
        try (InputStream in = DataFrameIndexGoldenTest.class.getResourceAsStream(path)) {
            return new ObjectMapper().readTree(in);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + path, e);
        }
    }

    @BeforeAll
    static void start() {
        cluster = new LocalCluster(2, Map.of());
        session = ClientSession.open(cluster.supervisor(), Map.of(), null);
    }

    @AfterAll
    static void stop() {
        session.close();
        cluster.close();
        assertThat(cluster.allocatedBytes()).as("Arrow bytes still allocated after the cluster stopped").isZero();
    }

    record Inputs(DataFrame df, DataFrame empty, DataFrame right) {
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
        add("plain", Inputs::df);
        add("select_assign", in -> in.df().select("k", "x").assign("z", in.df().col("y").multiply(2L)));
        add("head_5", in -> in.df().head(5));
        add("index_of_plain", in -> in.df().index());
        add("filter_x_gt_0", in -> in.df().filter(in.df().col("x").gt(0)));
        add("filter_then_filter", in -> {
            DataFrame f = in.df().filter(in.df().col("b"));
            return f.filter(f.col("y").gt(0));
        });
        add("filter_then_assign", in -> {
            DataFrame f = in.df().filter(in.df().col("b"));
            return f.assign("z", f.col("x").multiply(2.0)).select("k", "z");
        });
        add("filter_then_head", in -> in.df().filter(in.df().col("y").gt(0)).head(4));
        add("dropna", in -> in.df().dropna());
        add("dropna_x", in -> in.df().dropna("any", List.of("x")));
        add("sort_y", in -> in.df().sortValues("y"));
        add("sort_x_desc", in -> in.df().sortValues("x", false));
        add("nlargest_x_4", in -> in.df().nlargest(4, "x"));
        add("drop_duplicates_k", in -> in.df().dropDuplicates("k"));
        add("concat_head_filter", in -> DataFrames.concat(in.df().head(3), in.df().filter(in.df().col("y").gt(8))));
        add("where_y", in -> in.df().col("x").where(in.df().col("y").gt(3)));
        add("fillna_astype", in -> in.df().filter(in.df().col("b")).select("x", "y").fillna(0.0)
                .astype(DType.FLOAT64));
        add("rename", in -> in.df().filter(in.df().col("y").lt(0)).rename(Map.of("x", "xx")));
        add("series_filter", in -> in.df().col("y").filter(in.df().col("b")));
        add("series_sort", in -> in.df().col("x").sortValues());
        add("series_concat", in -> DataFrames.concat(in.df().col("y").filter(in.df().col("b")),
                in.df().col("y").head(3)));
        add("str_upper_filtered", in -> in.df().col("s").filter(in.df().col("b")).str().upper());
        add("index_after_filter", in -> in.df().filter(in.df().col("x").gt(0)).index());
        add("index_after_sort", in -> in.df().sortValues("y").index());
        add("groupby_k", in -> in.df().filter(in.df().col("b")).groupBy("k").agg(GroupBy.named("n", "y", "count"),
                GroupBy.named("t", "x", "sum")));
        add("merge_k", in -> in.df().filter(in.df().col("y").gt(0)).select("k", "x")
                .merge(in.right().select("k", "w"), List.of("k"), "inner", "_x", "_y", true));
        add("reset_after_filter", in -> in.df().filter(in.df().col("x").gt(0)).resetIndex());
        add("reset_drop_after_sort", in -> in.df().sortValues("x").resetIndex(true));
        add("reset_plain", in -> in.df().select("k", "y").resetIndex());
        add("set_index_g", in -> in.df().setIndex("g"));
        add("set_index_y_reset", in -> in.df().setIndex("y").resetIndex());
        add("set_index_y_sort_index", in -> in.df().setIndex("y").sortIndex());
        add("set_index_s_sort_index_desc", in -> in.df().setIndex("s").sortIndex(false));
        add("sort_index_after_sort", in -> in.df().sortValues("x").sortIndex());
        add("sort_index_desc_plain", in -> in.df().sortIndex(false));
        add("set_index_filter_sort", in -> in.df().setIndex("g").filter(in.df().col("y").gt(0)).sortValues("x"));
        add("index_of_set_index", in -> in.df().setIndex("y").index());
        add("loc_y_4", in -> in.df().setIndex("y").loc(4L));
        add("loc_y_range", in -> in.df().setIndex("y").sortIndex().loc(0L, 6L));
        add("loc_positions_range", in -> in.df().filter(in.df().col("x").gt(0)).loc(5L, 15L));
        add("loc_label_after_filter", in -> in.df().filter(in.df().col("x").gt(0)).loc(9L));
        add("loc_g_range", in -> in.df().setIndex("g").sortIndex().loc("a", "b"));
        add("loc_g_label", in -> in.df().setIndex("g").loc("c"));
        add("groupby_then_filter", in -> {
            DataFrame g = in.df().groupBy("k").agg(GroupBy.named("t", "x", "sum"));
            return g.filter(g.col("t").ne(11.0));
        });
        add("merge_then_sort", in -> in.df().select("k", "y").merge(in.right().select("k", "w"), List.of("k"),
                "inner", "_x", "_y", true).sortValues("w"));
        add("filter_then_sort_index_desc", in -> in.df().filter(in.df().col("x").gt(0)).sortIndex(false));
        add("series_sort_index_desc", in -> in.df().col("y").filter(in.df().col("b")).sortIndex(false));
        add("series_loc_range", in -> in.df().col("x").dropna().loc(3L, 12L));
        add("series_loc_label", in -> in.df().setIndex("g").col("y").loc("b"));
        add("index_unique_k", in -> in.df().setIndex("k").index().unique());
        add("index_min_after_filter", in -> in.df().filter(in.df().col("x").lt(0)).index().min());
        add("index_max_after_sort", in -> in.df().sortValues("x").head(5).index().max());
        add("index_size_set_g", in -> in.df().setIndex("g").index().size());
        add("index_count_set_g", in -> in.df().setIndex("g").index().count());
        add("empty_sort", in -> in.empty().sortValues("y"));
        add("empty_set_index_reset", in -> in.empty().setIndex("k").resetIndex());
        add("empty_filter_index", in -> in.df().filter(in.df().col("y").gt(100)).index());
    }

    static Stream<Arguments> cases() {
        return DataFrameGoldenTest.caseArguments(GOLDEN, CHUNKINGS);
    }

    @Test
    void everyGoldenCaseHasAnExpressionAndViceVersa() {
        DataFrameGoldenTest.assertSameCases(GOLDEN, CASES.keySet());
    }

    private static DataFrame frame(String name, long chunkRows, boolean empty) {
        JsonNode t = INPUTS.get(name);
        return DataFrames.fromTable(DataFrameGoldenTest.input(t, empty ? 0 : t.get("rows").size()), chunkRows);
    }

    @ParameterizedTest(name = "{0} rows/chunk={1}")
    @MethodSource("cases")
    void matchesPandas(String name, long chunkRows) {
        Inputs in = new Inputs(frame("df", chunkRows, false), frame("df", chunkRows, true),
                frame("right", chunkRows == 0 ? 0 : chunkRows + 1, false));
        Tileable t = CASES.get(name).build(in);
        LocalTable got = session.executeTables(t).get(0);
        JsonNode want = GOLDEN.get("cases").get(name);
        DataFrameGoldenTest.assertMatches(name, got, want);
        assertIndexMatches(name, got.index(), want.get("index"));
        session.releaseTileables(t);
    }

    static void assertIndexMatches(String name, Column got, JsonNode want) {
        String wantName = want.get("name").isNull() ? "" : want.get("name").asText();
        assertThat(got.name()).as(name + " index name").isEqualTo(wantName);
        assertThat(got.dtype().pandasName()).as(name + " index dtype").isEqualTo(want.get("dtype").asText());
        JsonNode labels = want.get("labels");
        assertThat(got.length()).as(name + " index length").isEqualTo(labels.size());
        for (int i = 0; i < labels.size(); i++) {
            JsonNode w = labels.get(i);
            String where = name + " label " + i;
            if (w.isNull()) {
                assertThat(got.isNull(i)).as(where + " is null, got " + got.get(i)).isTrue();
            } else if (w.isIntegralNumber()) {
                assertThat(got.getLong(i)).as(where).isEqualTo(w.longValue());
            } else {
                assertThat(got.getString(i)).as(where).isEqualTo(w.asText());
            }
        }
    }
}
