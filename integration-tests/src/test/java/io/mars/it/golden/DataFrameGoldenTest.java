package io.mars.it.golden;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.mars.common.graph.Tileable;
import io.mars.dataframe.DataFrame;
import io.mars.dataframe.DataFrames;
import io.mars.dataframe.GroupBy;
import io.mars.dataframe.Series;
import io.mars.it.LocalClusterExtension;
import io.mars.types.Column;
import io.mars.types.DType;
import io.mars.types.LocalTable;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The dataframe API against pandas: every case of {@code golden/dataframe/cases.json} (written by
 * {@code src/test/python/golden_dataframe.py}) built with Mars, run with several row chunkings on a local cluster
 * of two workers, and compared column by column (names, pandas dtypes, values, nulls). After the cluster stops,
 * every Arrow byte the workers allocated must be back.
 */
public class DataFrameGoldenTest {
    /** Rows per chunk: 0 is automatic (one chunk here), 1 is a chunk per row, 4 and 7 leave a shorter last chunk. */
    static final long[] CHUNKINGS = {0, 1, 4, 7};
    private static final JsonNode GOLDEN = loadGolden("golden/dataframe/cases.json");
    @RegisterExtension
    static final LocalClusterExtension CLUSTER = new LocalClusterExtension(2);

    /**
     * A golden file of the test resources; Infinity and NaN as Python's json writes them are read as numbers (a
     * pct_change of a zero is infinite).
     */
    static JsonNode loadGolden(String resource) {
        try (InputStream in = DataFrameGoldenTest.class.getResourceAsStream("/" + resource)) {
            if (in == null) {
                throw new IllegalStateException(resource + " is not among the test resources; run its golden script");
            }
            return JsonMapper.builder().enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS).build().readTree(in);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + resource, e);
        }
    }


    /** The input frame of the golden file as a local table. */
    static LocalTable input(JsonNode t, int rows) {
        List<Column> cols = new ArrayList<>();
        for (int j = 0; j < t.get("columns").size(); j++) {
            String name = t.get("columns").get(j).asText();
            DType dtype = DType.fromName(t.get("dtypes").get(j).asText());
            List<Object> values = new ArrayList<>();
            for (int i = 0; i < rows; i++) {
                values.add(value(t.get("rows").get(i).get(j)));
            }
            cols.add(Column.of(name, dtype, values));
        }
        return new LocalTable(cols);
    }

    private static Object value(JsonNode v) {
        if (v.isNull()) {
            return null;
        }
        if (v.isBoolean()) {
            return v.booleanValue();
        }
        if (v.isIntegralNumber()) {
            return v.longValue();
        }
        if (v.isNumber()) {
            return v.doubleValue();
        }
        return v.asText();
    }

    /** The Mars expression of each golden case: (the frame, the empty frame, rows per chunk) to a result. */
    private static final Map<String, Builder> CASES = new LinkedHashMap<>();

    @FunctionalInterface
    private interface Builder {
        Tileable build(DataFrame df, DataFrame empty, long chunkRows);
    }

    private static void add(String name, Builder b) {
        CASES.put(name, b);
    }

    private static void add(String name, BiFunction<DataFrame, DataFrame, Tileable> b) {
        CASES.put(name, (df, e, c) -> b.apply(df, e));
    }

    static {
        add("select_x_y", (df, e) -> df.select("x", "y"));
        add("drop_s_b", (df, e) -> df.drop("s", "b"));
        add("rename_x_k", (df, e) -> df.rename(Map.of("x", "xx", "k", "key")));
        add("assign_x_plus_y", (df, e) -> df.assign("z", df.col("x").add(df.col("y"))));
        add("assign_replace_y", (df, e) -> df.assign("y", df.col("y").multiply(2L)));
        // the same values from a frame cut into different chunks: the tiler re-cuts one side to align rows
        add("assign_other_chunking", (df, e, c) -> df.assign("z", DataFrames.fromTable(input(GOLDEN.get("input"),
                (int) df.rowCount()), c == 4 ? 3 : 4).col("y")));
        add("x_mul_2_5", (df, e) -> df.col("x").multiply(2.5));
        add("y_add_3", (df, e) -> df.col("y").add(3L));
        add("y_minus_x", (df, e) -> df.col("y").subtract(df.col("x")));
        add("rsub_10_5_y", (df, e) -> df.col("y").rsubtract(10.5));
        add("y_floordiv_3", (df, e) -> df.col("y").floorDivide(3L));
        add("y_mod_3", (df, e) -> df.col("y").mod(3L));
        add("x_div_y", (df, e) -> df.col("x").divide(df.col("y")));
        add("neg_x", (df, e) -> df.col("x").negate());
        add("abs_y", (df, e) -> df.col("y").abs());
        add("x_gt_0", (df, e) -> df.col("x").gt(0));
        add("x_ne_1", (df, e) -> df.col("x").ne(1.0));
        add("y_lt_3", (df, e) -> df.col("y").lt(3));
        add("y_ge_2_5", (df, e) -> df.col("y").ge(2.5));
        add("y_eq_1", (df, e) -> df.col("y").eq(1));
        add("filter_y_ne_2_x_sum", (df, e) -> df.filter(df.col("y").ne(2)).col("x").sum());
        add("x_le_y", (df, e) -> df.col("x").le(df.col("y")));
        add("s_eq_a", (df, e) -> df.col("s").eq("a"));
        add("x_gt_0_and_b", (df, e) -> df.col("x").gt(0).and(df.col("b")));
        add("not_b", (df, e) -> df.col("b").not());
        add("filter_x_gt_0", (df, e) -> df.filter(df.col("x").gt(0)));
        add("filter_b_then_y_sum", (df, e) -> df.filter(df.col("b")).col("y").sum());
        add("filter_then_assign", (df, e) -> {
            DataFrame f = df.filter(df.col("y").gt(0));
            return f.assign("z", f.col("x").multiply(f.col("y")));
        });
        add("filter_none", (df, e) -> df.filter(df.col("y").gt(100)));
        add("head_5", (df, e) -> df.head(5));
        add("head_100", (df, e) -> df.head(100));
        add("isna", (df, e) -> df.isna());
        add("notna_s", (df, e) -> df.col("s").notna());
        add("dropna", (df, e) -> df.dropna());
        add("dropna_all_x_s", (df, e) -> df.dropna("all", List.of("x", "s")));
        add("fillna_x_y", (df, e) -> df.select("x", "y").fillna(0.5));
        add("fillna_s", (df, e) -> df.col("s").fillna("zz"));
        add("astype_y_float", (df, e) -> df.col("y").astype(DType.FLOAT64));
        add("astype_x_int", (df, e) -> df.col("x").fillna(0).astype(DType.INT64));
        add("astype_b_int", (df, e) -> df.col("b").astype(DType.INT64));
        add("where_x_gt_0", (df, e) -> df.col("x").where(df.col("x").gt(0)));
        add("where_y_b_other", (df, e) -> df.col("y").where(df.col("b"), -1.5));
        add("x_sum", (df, e) -> df.col("x").sum());
        add("x_mean", (df, e) -> df.col("x").mean());
        add("x_count", (df, e) -> df.col("x").count());
        add("x_min", (df, e) -> df.col("x").min());
        add("x_max", (df, e) -> df.col("x").max());
        add("x_std", (df, e) -> df.col("x").std());
        add("x_var", (df, e) -> df.col("x").var());
        add("x_std_ddof0", (df, e) -> df.col("x").std(0));
        add("y_sum", (df, e) -> df.col("y").sum());
        add("y_mean", (df, e) -> df.col("y").mean());
        add("y_min", (df, e) -> df.col("y").min());
        add("b_sum", (df, e) -> df.col("b").sum());
        add("frame_sum", (df, e) -> df.select("k", "x", "y", "b").sum());
        add("frame_mean", (df, e) -> df.select("k", "x", "y").mean());
        add("frame_count", (df, e) -> df.count());
        add("frame_std", (df, e) -> df.select("x", "y").std());
        add("groupby_k_sum", (df, e) -> df.select("k", "x", "y").groupBy("k").sum());
        add("groupby_k_mean", (df, e) -> df.select("k", "x", "y").groupBy("k").mean());
        add("groupby_k_count", (df, e) -> df.select("k", "x", "s").groupBy("k").count());
        add("groupby_k_min_max", (df, e) -> df.groupBy("k").agg(GroupBy.named("x_min", "x", "min"),
                GroupBy.named("x_max", "x", "max"), GroupBy.named("y_min", "y", "min")));
        add("groupby_k_std_var", (df, e) -> df.groupBy("k").agg(GroupBy.named("x_std", "x", "std"),
                GroupBy.named("y_var", "y", "var")));
        add("groupby_k_first_last", (df, e) -> df.groupBy("k").agg(GroupBy.named("x_first", "x", "first"),
                GroupBy.named("x_last", "x", "last"), GroupBy.named("s_first", "s", "first")));
        add("groupby_g_named", (df, e) -> df.groupBy("g").agg(GroupBy.named("n", "y", "count"),
                GroupBy.named("total", "y", "sum"), GroupBy.named("avg", "x", "mean")));
        add("groupby_k_g_size", (df, e) -> df.groupBy("k", "g").size());
        add("groupby_s_sum_y", (df, e) -> df.select("s", "y").groupBy("s").sum());
        add("empty_sum", (df, e) -> e.select("x", "y").sum());
        add("empty_count", (df, e) -> e.count());
        add("empty_mean", (df, e) -> e.select("x", "y").mean());
        add("empty_filter", (df, e) -> e.filter(e.col("x").gt(0)));
        add("empty_head", (df, e) -> e.head(3));
        add("empty_groupby_sum", (df, e) -> e.select("k", "y").groupBy("k").sum());
        add("empty_assign", (df, e) -> e.assign("z", e.col("x").multiply(2L)));
    }

    static Stream<Arguments> cases() {
        return caseArguments(GOLDEN, CHUNKINGS);
    }

    /** A case built from the golden file's frame {@code df}, a second frame and an empty frame of df's columns. */
    @FunctionalInterface
    interface ThreeFrames {
        io.mars.common.graph.Tileable build(DataFrame df, DataFrame other, DataFrame empty);
    }

    /**
     * Runs case {@code name} of {@code golden} at {@code chunkRows} rows per chunk on the golden file's inputs
     * {@code df} and {@code other}, and checks the result against pandas'.
     */
    static void assertThreeFrameCase(JsonNode golden, String other, String name, long chunkRows, ThreeFrames build,
                                     io.mars.Session session) {
        JsonNode in = golden.get("inputs");
        JsonNode df = in.get("df");
        JsonNode second = in.get(other);
        io.mars.common.graph.Tileable t = build.build(
                DataFrames.fromTable(input(df, df.get("rows").size()), chunkRows),
                DataFrames.fromTable(input(second, second.get("rows").size()), chunkRows),
                DataFrames.fromTable(input(df, 0), chunkRows));
        LocalTable got = session.executeTables(t).get(0);
        assertMatches(name, got, golden.get("cases").get(name));
        session.releaseTileables(t);
    }

    /** {@code (case name, rows per chunk)} for every case of a golden file and every chunking. */
    static Stream<Arguments> caseArguments(JsonNode golden, long[] chunkings) {
        List<Arguments> out = new ArrayList<>();
        for (Iterator<String> it = golden.get("cases").fieldNames(); it.hasNext(); ) {
            String name = it.next();
            for (long c : chunkings) {
                out.add(Arguments.of(name, c));
            }
        }
        return out.stream();
    }

    /** The cases a test builds are exactly the golden file's: none without an answer, none left unrun. */
    static void assertSameCases(JsonNode golden, java.util.Collection<String> built) {
        List<String> names = new ArrayList<>();
        golden.get("cases").fieldNames().forEachRemaining(names::add);
        assertThat(built).containsExactlyInAnyOrderElementsOf(names);
    }

    @Test
    void everyGoldenCaseHasAnExpressionAndViceVersa() {
        assertSameCases(GOLDEN, CASES.keySet());
    }

    @ParameterizedTest(name = "{0} rows/chunk={1}")
    @MethodSource("cases")
    void matchesPandas(String name, long chunkRows) {
        JsonNode in = GOLDEN.get("input");
        LocalTable table = input(in, in.get("rows").size());
        DataFrame df = DataFrames.fromTable(table, chunkRows);
        DataFrame empty = DataFrames.fromTable(input(in, 0), chunkRows);
        Tileable t = CASES.get(name).build(df, empty, chunkRows);
        LocalTable got = CLUSTER.session().executeTables(t).get(0);
        assertMatches(name, got, GOLDEN.get("cases").get(name));
        CLUSTER.session().releaseTileables(t);
    }

    public static void assertMatches(String name, LocalTable got, JsonNode want) {
        List<String> names = new ArrayList<>();
        List<String> dtypes = new ArrayList<>();
        want.get("columns").forEach(n -> names.add(n.asText()));
        want.get("dtypes").forEach(n -> dtypes.add(n.asText()));
        assertThat(got.columnNames()).as(name + " columns").isEqualTo(names);
        List<String> gotTypes = new ArrayList<>();
        got.dtypes().forEach(d -> gotTypes.add(d.pandasName()));
        assertThat(gotTypes).as(name + " dtypes").isEqualTo(dtypes);
        JsonNode rows = want.get("rows");
        assertThat(got.rowCount()).as(name + " rows").isEqualTo(rows.size());
        for (int i = 0; i < rows.size(); i++) {
            for (int j = 0; j < names.size(); j++) {
                JsonNode w = rows.get(i).get(j);
                Column c = got.column(j);
                String where = name + " row " + i + " column " + names.get(j);
                if (w.isNull()) {
                    assertThat(c.isNull(i)).as(where + " is null, got " + c.get(i)).isTrue();
                    continue;
                }
                assertThat(c.isNull(i)).as(where + " is " + w + ", got null").isFalse();
                if (w.isBoolean()) {
                    assertThat(c.get(i)).as(where).isEqualTo(w.booleanValue());
                } else if (w.isIntegralNumber()) {
                    assertThat(c.getLong(i)).as(where).isEqualTo(w.longValue());
                } else if (w.isNumber()) {
                    double d = w.doubleValue();
                    if (Double.isInfinite(d)) { // written as Infinity by Python's json (pct_change of a zero)
                        assertThat(c.getDouble(i)).as(where).isEqualTo(d);
                        continue;
                    }
                    assertThat(c.getDouble(i)).as(where).isCloseTo(d, within(1e-9 * Math.max(1, Math.abs(d))));
                } else {
                    assertThat(c.getString(i)).as(where).isEqualTo(w.asText());
                }
            }
        }
    }
}
