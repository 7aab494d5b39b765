package io.mars.it.golden;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mars.common.graph.Tileable;
import io.mars.common.tiling.TilingConfig;
import io.mars.dataframe.DataFrame;
import io.mars.dataframe.DataFrames;
import io.mars.it.LocalClusterExtension;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import io.mars.types.DType;
import io.mars.types.LocalTable;
import io.mars.types.NDArray;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A wide frame (29 rows, 1,003 columns) against pandas: every case of {@code golden/dataframe-wide/cases.json}
 * (written by {@code src/test/python/golden_dataframe_wide.py}) on a cluster whose column chunk is 64 columns, so the
 * frame is cut into 16 column chunks (the last of 43) and, with 5 rows per chunk, 6 row chunks. Column-wise
 * operations run per column chunk, the others on stitched full-width chunks; the answers must not differ. After the
 * cluster stops, every Arrow byte the workers allocated must be back.
 */
public class DataFrameWideGoldenTest {
    private static final long[] CHUNKINGS = {0, 5};
    private static final JsonNode GOLDEN = load();
    @RegisterExtension
    static final LocalClusterExtension CLUSTER = new LocalClusterExtension(2,
            Map.of(TilingConfig.COLUMN_CHUNK, "64"));

    private static JsonNode load() {
        try (InputStream in = DataFrameWideGoldenTest.class.getResourceAsStream("/golden/dataframe-wide/cases.json")) {
            return new ObjectMapper().readTree(in);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read golden/dataframe-wide/cases.json", e);
        }
    }

    private static final Map<String, Builder> CASES = new LinkedHashMap<>();

    @FunctionalInterface
    private interface Builder {
        Tileable build(DataFrame df);
    }

    private static List<String> wide(int from, int step) {
        List<String> out = new ArrayList<>();
        for (int j = from; j < 1000; j += step) {
            out.add(String.format("c%04d", j));
        }
        return out;
    }

    private static List<String> with(String first, List<String> rest) {
        List<String> out = new ArrayList<>(List.of(first));
        out.addAll(rest);
        return out;
    }

    static {
        CASES.put("select_two_far", df -> df.select("c0005", "c0990"));
        CASES.put("select_spread", df -> df.select(wide(3, 97)));
        CASES.put("select_reordered", df -> df.select("c0900", "k", "c0010", "s"));
        CASES.put("col_c0701_add_3", df -> df.col("c0701").add(3L));
        CASES.put("col_c0500_gt_0", df -> df.col("c0500").gt(0));
        CASES.put("rename_ends", df -> df.rename(Map.of("c0000", "first", "c0999", "last")));
        CASES.put("drop_three", df -> df.drop("s", "c0100", "c0600"));
        CASES.put("isna", DataFrame::isna);
        CASES.put("fillna_floats", df -> df.select(wide(0, 2)).fillna(0.5));
        CASES.put("astype_ints_float", df -> df.select(wide(1, 4)).astype(DType.FLOAT64));
        CASES.put("assign_z", df -> df.assign("z", df.col("c0002").multiply(2.0)));
        CASES.put("dropna", DataFrame::dropna);
        CASES.put("frame_sum", df -> df.select(wide(0, 1)).sum());
        CASES.put("frame_mean", df -> df.select(wide(0, 1)).mean());
        CASES.put("frame_count", DataFrame::count);
        CASES.put("frame_min", df -> df.select(wide(0, 1)).min());
        CASES.put("frame_max", df -> df.select(wide(0, 1)).max());
        CASES.put("frame_var", df -> df.select(wide(0, 1)).var());
        CASES.put("frame_std", df -> df.select(wide(0, 1)).std());
        CASES.put("floats_mean", df -> df.select(wide(0, 2)).mean());
        CASES.put("filter_c0003", df -> df.filter(df.col("c0003")));
        CASES.put("filter_c0001_gt_0_sum", df -> df.filter(df.col("c0001").gt(0)).select(wide(0, 1)).sum());
        CASES.put("groupby_k_sum", df -> df.select(with("k", wide(0, 1))).groupBy("k").sum());
        CASES.put("merge_label", df -> df.merge(DataFrames.fromColumns(Map.of("k", List.of(0L, 1L, 2L, 5L),
                "label", List.of("a", "b", "c", "d"))).select("k", "label"), "k", "inner").sortValues("id"));
        CASES.put("sort_c0002", df -> df.sortValues("c0002"));
        CASES.put("head_4", df -> df.head(4));
        CASES.put("describe_floats", df -> df.select(wide(0, 2).subList(0, 150)).describe());
        CASES.put("concat_head", df -> DataFrames.concat(df, df.head(5)));
        CASES.put("drop_duplicates_k", df -> df.dropDuplicates("k"));
        // to_tensor is checked by toTensorMatchesPandas
    }

    private static DataFrame frame(long chunkRows) {
        JsonNode in = GOLDEN.get("input");
        return DataFrames.fromTable(DataFrameGoldenTest.input(in, in.get("rows").size()), chunkRows);
    }

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (String name : CASES.keySet()) {
            for (long c : CHUNKINGS) {
                out.add(Arguments.of(name, c));
            }
        }
        return out.stream();
    }

    @Test
    void everyGoldenCaseHasAnExpressionAndViceVersa() {
        List<String> built = new ArrayList<>(CASES.keySet());
        built.add("to_tensor");
        DataFrameGoldenTest.assertSameCases(GOLDEN, built);
    }

    @ParameterizedTest(name = "{0} rows/chunk={1}")
    @MethodSource("cases")
    void matchesPandas(String name, long chunkRows) {
        Tileable t = CASES.get(name).build(frame(chunkRows));
        LocalTable got = CLUSTER.session().executeTables(t).get(0);
        DataFrameGoldenTest.assertMatches(name, got, GOLDEN.get("cases").get(name));
        CLUSTER.session().releaseTileables(t);
    }

    @ParameterizedTest(name = "rows/chunk={0}")
    @MethodSource("chunkings")
    void toTensorMatchesPandas(long chunkRows) {
        Tensor t = frame(chunkRows).select(wide(0, 1)).toTensor();
        NDArray got = t.execute(CLUSTER.session());
        JsonNode rows = GOLDEN.get("cases").get("to_tensor").get("rows");
        assertThat(got.shape()).containsExactly(rows.size(), 1000);
        for (int i = 0; i < rows.size(); i++) {
            for (int j = 0; j < 1000; j++) {
                JsonNode w = rows.get(i).get(j);
                double v = got.getDouble(i, j);
                if (w.isNull()) {
                    assertThat(v).as("row " + i + " column " + j).isNaN();
                } else {
                    assertThat(v).as("row " + i + " column " + j).isCloseTo(w.asDouble(), within(1e-12));
                }
            }
        }
        CLUSTER.session().release(t);
    }

    static Stream<Long> chunkings() {
        return Stream.of(0L, 5L);
    }

    /** A frame made from a wide tensor (its own column chunks, or re-cut ones when they are too wide). */
    @ParameterizedTest(name = "tensor chunks {0}x{1}")
    @MethodSource("tensorChunkings")
    void fromTensorReducesPerColumnChunk(long rowChunk, long columnChunk) {
        List<String> floats = wide(0, 2);
        LocalTable table = frame(0).select(floats).execute(CLUSTER.session());
        double[][] values = new double[table.rowCount()][floats.size()];
        for (int i = 0; i < values.length; i++) {
            for (int j = 0; j < floats.size(); j++) {
                values[i][j] = table.column(j).getDouble(i);
            }
        }
        Tensor tensor = Tensors.array(values, Tensors.chunks(rowChunk, columnChunk));
        DataFrame df = DataFrames.fromTensor(tensor, floats.toArray(String[]::new));
        LocalTable got = df.mean().execute(CLUSTER.session());
        DataFrameGoldenTest.assertMatches("floats_mean from a tensor", got, GOLDEN.get("cases").get("floats_mean"));
    }

    static Stream<Arguments> tensorChunkings() {
        return Stream.of(Arguments.of(29L, 100L), Arguments.of(5L, 50L));
    }

    /** readParquet cuts a wide file into column chunks per row group; the sums must be pandas'. */
    @Test
    void readParquetSumsPerColumnChunk(@TempDir Path dir) throws IOException {
        String out = dir.resolve("wide").toString();
        CLUSTER.session().executeTables(frame(10).toParquet(out));
        try (Stream<Path> files = Files.list(Path.of(out))) {
            assertThat(files.filter(p -> p.toString().endsWith(".parquet")).count()).isEqualTo(3);
        }
        DataFrame df = DataFrames.readParquet(out);
        LocalTable got = df.select(wide(0, 1)).sum().execute(CLUSTER.session());
        DataFrameGoldenTest.assertMatches("frame_sum from parquet", got, GOLDEN.get("cases").get("frame_sum"));
        LocalTable sorted = df.sortValues("c0002").execute(CLUSTER.session());
        DataFrameGoldenTest.assertMatches("sort_c0002 from parquet", sorted, GOLDEN.get("cases").get("sort_c0002"));
    }

}
