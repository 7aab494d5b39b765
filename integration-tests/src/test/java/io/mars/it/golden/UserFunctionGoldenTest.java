package io.mars.it.golden;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mars.common.graph.Tileable;
import io.mars.dataframe.DataFrame;
import io.mars.dataframe.DataFrames;
import io.mars.it.LocalClusterExtension;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import io.mars.types.ChunkSpec;
import io.mars.types.Column;
import io.mars.types.DType;
import io.mars.types.DataType;
import io.mars.types.LocalTable;
import io.mars.types.NDArray;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Series.map/apply, DataFrame.apply (rows, rows expanded to columns, columns), DataFrame.mapPartitions,
 * GroupBy.apply and Tensor.mapChunk (elementwise or of declared chunk shapes) with Java lambdas against pandas and
 * numpy running the same functions written in Python: every case of {@code golden/dataframe/udf.json} (written by
 * {@code src/test/python/golden_user_functions.py}) with several chunkings, on a local cluster whose Arrow bytes must
 * all be back when it stops.
 */
class UserFunctionGoldenTest {
    /** Rows per chunk: 0 is automatic (one chunk here), 1 is a chunk per row, 4 and 7 leave a shorter last chunk. */
    private static final long[] CHUNKINGS = {0, 1, 4, 7};
    /** Tensor chunkings of the 4 x 6 inputs: one chunk, 1 x 1 blocks, uneven blocks. */
    private static final long[][] TENSOR_CHUNKS = {{4, 6}, {1, 1}, {3, 4}};
    private static final JsonNode GOLDEN = load();
    @RegisterExtension
    static final LocalClusterExtension CLUSTER = new LocalClusterExtension(2);

    private static JsonNode load() {
        try (InputStream in = UserFunctionGoldenTest.class.getResourceAsStream("/golden/dataframe/udf.json")) {
            return new ObjectMapper().readTree(in);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read golden/dataframe/udf.json", e);
        }
    }

    @FunctionalInterface
    private interface Builder {
        Tileable build(DataFrame df, DataFrame empty);
    }

    private static final Map<String, Builder> CASES = new LinkedHashMap<>();
    private static final Map<String, Function<Map<String, Tensor>, Tensor>> TENSOR_CASES = new LinkedHashMap<>();

    static {
        CASES.put("map_x_times_2_plus_1", (df, e) -> df.col("x").map((Double v) -> v * 2 + 1));
        CASES.put("map_y_square", (df, e) -> df.col("y").map((Long v) -> v * v));
        CASES.put("map_s_len_or_minus_1", (df, e) -> df.col("s").map((String v) -> v == null ? -1L : v.length()));
        CASES.put("apply_g_upper_bang", (df, e) -> df.col("g").apply((String v) -> v == null ? null
                : v.toUpperCase() + "!"));
        CASES.put("map_x_positive", (df, e) -> df.col("x").map((Double v) -> v > 0));
        CASES.put("map_b_not", (df, e) -> df.col("b").map((Boolean v) -> !v));
        CASES.put("map_after_filter", (df, e) -> df.filter(df.col("y").gt(2)).col("y").map((Long v) -> v - 100));
        CASES.put("map_y_quarter_declared", (df, e) -> df.col("y").map((Long v) -> v / 4.0, DType.FLOAT64));
        CASES.put("empty_map_y", (df, e) -> e.col("y").map((Long v) -> v * v));
        CASES.put("apply_rows_x_plus_y", (df, e) -> df.apply(r -> r.getDouble("x") + r.getLong("y")));
        CASES.put("apply_rows_k_dash_g", (df, e) -> df.apply(r -> r.isNull("g") ? String.valueOf(r.getLong("k"))
                : r.getLong("k") + "-" + r.getString("g")));
        CASES.put("apply_rows_after_filter", (df, e) -> df.filter(df.col("y").gt(0)).apply(r -> (Boolean) r.get("b")
                && r.getLong("k") > 1));
        CASES.put("empty_apply_rows", (df, e) -> e.apply(r -> r.getDouble("x") + r.getLong("y")));
        // the dtypes pandas gives, declared; a Long for a float64 column is converted
        CASES.put("apply_rows_expand_sum_diff", (df, e) -> df.apply(r -> List.of(r.getDouble("x") + r.getLong("y"),
                r.getLong("y") - r.getLong("k")), List.of("sum", "diff"), List.of(DType.FLOAT64, DType.FLOAT64)));
        CASES.put("apply_rows_expand_mixed", (df, e) -> df.apply(r -> new Object[] {
            r.isNull("g") ? null : r.getLong("k") + r.getString("g"),
            r.isNull("s") ? -1L : (long) r.getString("s").length(),
            !(Boolean) r.get("b")}, List.of("kg", "slen", "notb"), List.of(DType.STRING, DType.INT64, DType.BOOL)));
        CASES.put("apply_rows_expand_inferred_k_y", (df, e) -> df.select("k", "y").applyExpand(r -> List.of(
                r.getLong("k") * 10, r.getLong("y") > 0)));
        CASES.put("apply_rows_expand_inferred_text", (df, e) -> df.select("s", "g").applyExpand(r ->
                java.util.Arrays.asList(r.isNull("s") ? null : r.getString("s") + "!", r.getString("g"))));
        CASES.put("apply_rows_expand_after_filter", (df, e) -> df.filter(df.col("y").gt(2))
                .apply(r -> java.util.Arrays.asList(r.getLong("y") * 2, r.getString("s")), List.of("y2", "s"),
                        List.of(DType.FLOAT64, DType.STRING)).resetIndex());
        CASES.put("empty_apply_rows_expand", (df, e) -> e.apply(r -> List.of(r.getDouble("x") + r.getLong("y"),
                r.getLong("y") - r.getLong("k")), List.of("sum", "diff"), List.of(DType.FLOAT64, DType.FLOAT64)));
        CASES.put("apply_broadcast_x_y_row_max", (df, e) -> df.select("x", "y").applyBroadcast(r -> r.isNull("x")
                ? (double) r.getLong("y") : Math.max(r.getDouble("x"), r.getLong("y"))));
        CASES.put("apply_broadcast_k_y_swapped", (df, e) -> df.select("k", "y").applyBroadcast(r -> List.of(
                r.getLong("y"), r.getLong("k"))));
        CASES.put("apply_broadcast_k_y_half_sum_truncated", (df, e) -> df.select("k", "y").applyBroadcast(r ->
                (r.getLong("k") + r.getLong("y")) / 2.0));
        CASES.put("apply_broadcast_after_filter", (df, e) -> df.filter(df.col("y").gt(2)).select("x", "y")
                .applyBroadcast(r -> r.getLong("y") * 2.5).resetIndex());
        CASES.put("apply_broadcast_columns_x_y_mean", (df, e) -> df.select("x", "y").applyBroadcast(
                UserFunctionGoldenTest::mean, 0));
        CASES.put("apply_broadcast_columns_k_y_max", (df, e) -> df.select("k", "y").applyBroadcast(c -> {
            long max = Long.MIN_VALUE;
            for (int i = 0; i < c.length(); i++) {
                max = Math.max(max, c.getLong(i));
            }
            return max;
        }, 0));
        CASES.put("apply_broadcast_columns_k_y_less_min", (df, e) -> df.select("k", "y").applyBroadcast(c -> {
            long min = Long.MAX_VALUE;
            for (int i = 0; i < c.length(); i++) {
                min = Math.min(min, c.getLong(i));
            }
            List<Long> out = new ArrayList<>(c.length());
            for (int i = 0; i < c.length(); i++) {
                out.add(c.getLong(i) - min);
            }
            return out;
        }, 0));
        CASES.put("apply_broadcast_columns_after_filter", (df, e) -> df.filter(df.col("y").gt(2)).select("x", "y")
                .applyBroadcast(UserFunctionGoldenTest::count, 0).resetIndex());
        CASES.put("empty_apply_broadcast", (df, e) -> e.select("x", "y").applyBroadcast(r -> r.getLong("y") * 2.5));
        CASES.put("transform_x_y_demeaned", (df, e) -> df.select("x", "y").transform(c -> {
            double mean = mean(c);
            List<Double> out = new ArrayList<>(c.length());
            for (int i = 0; i < c.length(); i++) {
                out.add(c.isNull(i) ? null : c.getDouble(i) - mean);
            }
            return out;
        }));
        CASES.put("transform_k_doubled_y_cumsum", (df, e) -> df.select("k", "y").transform(c -> {
            long[] out = new long[c.length()];
            long sum = 0;
            for (int i = 0; i < c.length(); i++) {
                sum += c.getLong(i);
                out[i] = c.name().equals("y") ? sum : 2 * c.getLong(i);
            }
            return Column.ofLongs(c.name(), out);
        }));
        CASES.put("transform_s_g_upper", (df, e) -> df.select("s", "g").transform(c -> {
            List<String> out = new ArrayList<>(c.length());
            for (int i = 0; i < c.length(); i++) {
                out.add(c.isNull(i) ? null : c.getString(i).toUpperCase(java.util.Locale.ROOT));
            }
            return out;
        }));
        CASES.put("transform_after_filter", (df, e) -> df.filter(df.col("y").gt(2)).select("x", "y").transform(c -> {
            double max = Double.NEGATIVE_INFINITY;
            for (int i = 0; i < c.length(); i++) {
                max = c.isNull(i) ? max : Math.max(max, c.getDouble(i));
            }
            List<Double> out = new ArrayList<>(c.length());
            for (int i = 0; i < c.length(); i++) {
                out.add(c.isNull(i) ? null : c.getDouble(i) / max);
            }
            return out;
        }).resetIndex());
        CASES.put("empty_transform", (df, e) -> e.select("x", "y").transform(c -> {
            List<Object> out = new ArrayList<>(c.length());
            for (int i = 0; i < c.length(); i++) {
                out.add(c.dtype() == DType.INT64 ? (Object) (2 * c.getLong(i)) : (Object) (2 * c.getDouble(i)));
            }
            return out;
        }));
        CASES.put("apply_columns_count", (df, e) -> labelled(df.apply(UserFunctionGoldenTest::count, 0)));
        CASES.put("apply_columns_x_y_sum", (df, e) -> labelled(df.select("x", "y").apply(c -> {
            double sum = 0;
            for (int i = 0; i < c.length(); i++) {
                sum += c.isNull(i) ? 0 : c.getDouble(i);
            }
            return sum;
        }, 0)));
        CASES.put("apply_columns_mean_or_nan", (df, e) -> labelled(df.select("x", "y").apply(c -> {
            double sum = 0;
            for (int i = 0; i < c.length(); i++) {
                if (c.isNull(i)) {
                    return Double.NaN;
                }
                sum += c.getDouble(i);
            }
            return sum / c.length();
        }, 0)));
        CASES.put("apply_columns_name_nulls", (df, e) -> labelled(df.apply(c -> c.name() + ":"
                + (c.length() - count(c)), 0)));
        CASES.put("apply_columns_max_declared", (df, e) -> labelled(df.select("k", "y").apply(c -> {
            long max = Long.MIN_VALUE;
            for (int i = 0; i < c.length(); i++) {
                max = Math.max(max, c.getLong(i));
            }
            return max;
        }, 0, DType.INT64)));
        CASES.put("apply_columns_after_filter", (df, e) -> labelled(df.filter(df.col("y").gt(2))
                .apply(UserFunctionGoldenTest::count, 0)));
        CASES.put("empty_apply_columns", (df, e) -> labelled(e.apply(c -> (long) c.length(), 0)));
        CASES.put("apply_expand_x_y_three_largest", (df, e) -> df.select("x", "y").applyExpand(c ->
                largest(c, 3), 0));
        CASES.put("apply_expand_positive_values", (df, e) -> df.select("x", "y", "k").applyExpand(c -> {
            List<Object> out = new ArrayList<>();
            for (int i = 0; i < c.length(); i++) {
                if (!c.isNull(i) && c.getDouble(i) > 2) {
                    out.add(c.get(i));
                }
            }
            return out;
        }, 0, List.of(DType.FLOAT64, DType.INT64, DType.INT64)));
        CASES.put("apply_expand_after_filter", (df, e) -> df.filter(df.col("y").gt(2)).select("y", "k")
                .applyExpand(c -> {
                    List<Long> out = new ArrayList<>();
                    for (int i = 0; i < c.length(); i++) {
                        if (Math.floorMod(c.getLong(i), 2) == 1) {
                            out.add(c.getLong(i));
                        }
                    }
                    return Column.of(c.name(), DType.INT64, out);
                }, 0));
        CASES.put("apply_expand_labelled_min_max_count", (df, e) -> df.select("k", "x", "y").applyExpand(c -> {
            Map<String, Object> out = new LinkedHashMap<>();
            boolean floats = c.dtype() == DType.FLOAT64;
            double min = Double.POSITIVE_INFINITY;
            double max = Double.NEGATIVE_INFINITY;
            for (int i = 0; i < c.length(); i++) {
                if (!c.isNull(i)) {
                    min = Math.min(min, c.getDouble(i));
                    max = Math.max(max, c.getDouble(i));
                }
            }
            out.put("min", floats ? (Object) min : (Object) (long) min);
            out.put("max", floats ? (Object) max : (Object) (long) max);
            out.put("count", count(c));
            return out;
        }, 0).resetIndex());
        CASES.put("apply_expand_labelled_value_counts", (df, e) -> df.select("g", "s")
                .applyExpand(UserFunctionGoldenTest::valueCounts, 0, List.of(DType.INT64, DType.INT64), DType.STRING)
                .resetIndex());
        CASES.put("apply_expand_integer_labels", (df, e) -> df.select("k", "y").applyExpand(c -> {
            Map<Long, Long> out = new java.util.HashMap<>();
            for (int i = 0; i < c.length(); i++) {
                out.merge(Math.floorMod(c.getLong(i), 3L), 1L, Long::sum);
            }
            return out;
        }, 0).resetIndex());
        CASES.put("empty_apply_expand", (df, e) -> e.select("x", "y").applyExpand(c -> largest(c, 3), 0));
        CASES.put("groupby_k_apply_summary", (df, e) -> df.groupBy("k").apply(UserFunctionGoldenTest::groupSummary));
        CASES.put("groupby_g_apply_demean", (df, e) -> df.groupBy("g").apply(g -> {
            long sum = 0;
            for (int i = 0; i < g.rowCount(); i++) {
                sum += g.column("y").getLong(i);
            }
            double mean = sum / (double) g.rowCount();
            double[] dy = new double[g.rowCount()];
            for (int i = 0; i < dy.length; i++) {
                dy[i] = g.column("y").getLong(i) - mean;
            }
            return new LocalTable(List.of(g.column("g"), Column.ofDoubles("dy", dy)));
        }));
        CASES.put("groupby_b_g_apply_first_row", (df, e) -> df.groupBy("b", "g").apply(g -> new LocalTable(List.of(
                Column.ofBooleans("b", g.column("b").longs()[0] != 0),
                Column.ofStrings("g", List.of(g.column("g").getString(0))),
                Column.ofLongs("y", g.column("y").getLong(0))))));
        CASES.put("groupby_apply_after_filter", (df, e) -> df.filter(df.col("y").gt(0)).groupBy("k")
                .apply(UserFunctionGoldenTest::groupSummary));
        CASES.put("empty_groupby_apply", (df, e) -> e.groupBy("k").apply(UserFunctionGoldenTest::groupSummary));
        CASES.put("map_partitions_k_xy", (df, e) -> df.mapPartitions(p -> {
            double[] xy = new double[p.rowCount()];
            for (int i = 0; i < xy.length; i++) {
                xy[i] = p.column("x").getDouble(i) * p.column("y").getLong(i);
            }
            return new LocalTable(List.of(p.column("k"), Column.ofDoubles("xy", xy)));
        }));
        CASES.put("map_partitions_even_y", (df, e) -> df.mapPartitions(UserFunctionGoldenTest::evenYRows));
        CASES.put("map_partitions_declared", (df, e) -> df.mapPartitions(p -> {
            // int32 sums, converted to the declared int64
            int[] n = new int[p.rowCount()];
            for (int i = 0; i < n.length; i++) {
                n[i] = (int) (p.column("y").getLong(i) + p.column("k").getLong(i));
            }
            return new LocalTable(List.of(p.column("s"), Column.ofInts("n", n)));
        }, List.of("s", "n"), List.of(DType.STRING, DType.INT64)));
        CASES.put("empty_map_partitions", (df, e) -> e.mapPartitions(UserFunctionGoldenTest::evenYRows));

        TENSOR_CASES.put("f_square_plus_1", in -> in.get("f").mapChunk(c -> {
            double[] v = c.toDoubleArray();
            for (int i = 0; i < v.length; i++) {
                v[i] = v[i] * v[i] + 1;
            }
            return NDArray.of(v, c.shape());
        }));
        TENSOR_CASES.put("f_floor_to_int", in -> in.get("f").mapChunk(c -> {
            long[] v = new long[c.size()];
            for (int i = 0; i < v.length; i++) {
                v[i] = (long) Math.floor(c.getDouble(i));
            }
            return NDArray.of(v, c.shape());
        }));
        TENSOR_CASES.put("i_mod_3_is_0", in -> in.get("i").mapChunk(c -> {
            boolean[] v = new boolean[c.size()];
            for (int i = 0; i < v.length; i++) {
                v[i] = c.getLong(i) % 3 == 0;
            }
            return NDArray.of(v, c.shape());
        }));
        TENSOR_CASES.put("i_times_half_declared_float", in -> in.get("i").mapChunk(c -> {
            double[] v = new double[c.size()];
            for (int i = 0; i < v.length; i++) {
                v[i] = c.getLong(i) * 0.5;
            }
            return NDArray.of(v, c.shape());
        }, DataType.FLOAT64));
        // the function gets a copy: changing it in place leaves the input (read again below) as it was
        TENSOR_CASES.put("f_copy_changed_in_place", in -> in.get("f").mapChunk(c -> {
            for (int i = 0; i < c.size(); i++) {
                if (c.getDouble(i) > 0) {
                    c.setDouble(i, 0.0);
                }
            }
            return c;
        }).add(in.get("f").multiply(0)));
        // map_chunk(elementwise=False): per chunk a result of a declared shape, then reduced over the chunks
        TENSOR_CASES.put("f_chunk_sums_then_sum", in -> in.get("f").mapChunk(UserFunctionGoldenTest::chunkSum,
                DataType.FLOAT64, new long[] {1, 1}).sum());
        TENSOR_CASES.put("f_chunk_column_sums_then_sum_axis_0", in -> in.get("f").mapChunk(c -> {
            int rows = (int) c.shape()[0];
            int cols = (int) c.shape()[1];
            double[] sums = new double[cols];
            for (int i = 0; i < c.size(); i++) {
                sums[i % cols] += c.getDouble(i);
            }
            return NDArray.of(sums, 1, cols);
        }, DataType.FLOAT64, new long[] {1, -1}).sum(0));
        TENSOR_CASES.put("i_chunk_count_mod_3_then_sum", in -> in.get("i").mapChunk(c -> {
            long n = 0;
            for (int i = 0; i < c.size(); i++) {
                n += c.getLong(i) % 3 == 0 ? 1 : 0;
            }
            return NDArray.of(new long[] {n}, 1, 1);
        }, DataType.INT64, new long[] {1, 1}).sum());
        TENSOR_CASES.put("f_chunk_row_max_then_max_axis_1", in -> in.get("f").mapChunk(
                UserFunctionGoldenTest::chunkRowMax, DataType.FLOAT64, new long[] {-1, 1}).max(1));
        // map_chunk(elementwise=False) with the shapes left to the function: known once computed
        TENSOR_CASES.put("i_ravel_multiples_of_3_by_chunk", in -> in.get("i").ravel()
                .mapChunk(UserFunctionGoldenTest::multiplesOf3, DataType.INT64, false));
        TENSOR_CASES.put("f_rows_repeated_twice_by_chunk", in -> in.get("f")
                .mapChunk(UserFunctionGoldenTest::rowsTwice, DataType.FLOAT64, false));
        TENSOR_CASES.put("f_rows_repeated_twice_by_chunk_then_sum_axis_0", in -> in.get("f")
                .mapChunk(UserFunctionGoldenTest::rowsTwice, DataType.FLOAT64, new long[] {Tensor.ANY_EXTENT,
                    Tensor.SAME_EXTENT}).sum(0));
        TENSOR_CASES.put("i_ravel_multiples_of_3_by_chunk_plus_1", in -> in.get("i").ravel()
                .mapChunk(UserFunctionGoldenTest::multiplesOf3, DataType.INT64, false).add(1));
    }

    /** The values of a 1-d int64 chunk that are multiples of 3, in order (none, for some chunks). */
    private static NDArray multiplesOf3(NDArray c) {
        return NDArray.of(java.util.Arrays.stream(c.toLongArray()).filter(v -> v % 3 == 0).toArray());
    }

    /** numpy's {@code repeat(c, 2, axis=0)} of a 2-d chunk: every row twice, one after the other. */
    private static NDArray rowsTwice(NDArray c) {
        int rows = (int) c.shape()[0];
        int cols = (int) c.shape()[1];
        double[] out = new double[2 * rows * cols];
        for (int r = 0; r < rows; r++) {
            for (int j = 0; j < cols; j++) {
                out[2 * r * cols + j] = c.getDouble(r * cols + j);
                out[(2 * r + 1) * cols + j] = c.getDouble(r * cols + j);
            }
        }
        return NDArray.of(out, 2L * rows, cols);
    }

    /** numpy's fromfunction cases of golden_user_functions.py, each function written per element. */
    private static final Map<String, IndexCase> FROM_FUNCTION = new LinkedHashMap<>();

    /** A fromFunction case: its function and dtype (the shape is the golden answer's). */
    private record IndexCase(io.mars.types.IndexFunction fn, DataType dtype) {
    }

    static {
        FROM_FUNCTION.put("i_times_10_plus_j", new IndexCase(i -> i[0] * 10 + i[1], DataType.FLOAT64));
        FROM_FUNCTION.put("sin_i_over_3", new IndexCase(i -> Math.sin(i[0] / 3.0), DataType.FLOAT64));
        FROM_FUNCTION.put("int64_i_plus_2j_plus_3k", new IndexCase(i -> i[0] + 2 * i[1] + 3 * i[2],
                DataType.INT64));
        FROM_FUNCTION.put("bool_diagonal", new IndexCase(i -> i[0] == i[1] ? 1 : 0, DataType.BOOL));
        FROM_FUNCTION.put("float32_ratio", new IndexCase(i -> (i[0] + 1.0) / (i[1] + 1.0), DataType.FLOAT32));
        FROM_FUNCTION.put("empty_rows", new IndexCase(i -> i[0] + i[1], DataType.FLOAT64));
    }

    static Stream<Arguments> fromFunctionCases() {
        List<Arguments> out = new ArrayList<>();
        for (Iterator<String> it = GOLDEN.get("from_function").fieldNames(); it.hasNext(); ) {
            String name = it.next();
            for (long chunk : new long[] {0, 1, 2}) { // automatic, one element along every axis, uneven pairs
                out.add(Arguments.of(name, chunk));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} chunk={1}")
    @MethodSource("fromFunctionCases")
    void fromFunctionMatchesNumpy(String name, long chunk) {
        NDArray want = ndarray(GOLDEN.get("from_function").get(name));
        IndexCase c = FROM_FUNCTION.get(name);
        assertThat(c).as(name + " has a Java function").isNotNull();
        Tensor t = Tensors.fromFunction(c.fn(), want.shape(), c.dtype(), chunk == 0 ? ChunkSpec.auto()
                : ChunkSpec.of(chunk));
        NDArray got = t.execute(CLUSTER.session());
        assertThat(got.dtype()).as(name + " dtype").isEqualTo(want.dtype());
        assertThat(got.shape()).as(name + " shape").isEqualTo(want.shape());
        for (int i = 0; i < want.size(); i++) {
            assertThat(got.getDouble(i)).as(name + " element " + i).isCloseTo(want.getDouble(i), within(1e-15));
        }
        CLUSTER.session().release(t);
    }

    /** A chunk's sum as a 1 x 1 chunk. */
    private static NDArray chunkSum(NDArray c) {
        double sum = 0;
        for (int i = 0; i < c.size(); i++) {
            sum += c.getDouble(i);
        }
        return NDArray.of(new double[] {sum}, 1, 1);
    }

    /** A 2-d chunk's row maxima as an (rows, 1) chunk. */
    private static NDArray chunkRowMax(NDArray c) {
        int rows = (int) c.shape()[0];
        int cols = (int) c.shape()[1];
        double[] max = new double[rows];
        for (int r = 0; r < rows; r++) {
            max[r] = Double.NEGATIVE_INFINITY;
            for (int j = 0; j < cols; j++) {
                max[r] = Math.max(max[r], c.getDouble(r * cols + j));
            }
        }
        return NDArray.of(max, rows, 1);
    }

    /** pandas' {@code mean()}: of the values that are not missing. */
    private static double mean(Column c) {
        double sum = 0;
        long n = 0;
        for (int i = 0; i < c.length(); i++) {
            if (!c.isNull(i)) {
                sum += c.getDouble(i);
                n++;
            }
        }
        return sum / n;
    }

    /** pandas' {@code count()}: the values that are not missing. */
    private static long count(Column c) {
        long n = 0;
        for (int i = 0; i < c.length(); i++) {
            n += c.isNull(i) ? 0 : 1;
        }
        return n;
    }

    /** pandas' {@code nlargest(n)} of a column as a list (missing values left out), largest first. */
    private static List<Object> largest(Column c, int n) {
        List<Object> values = new ArrayList<>();
        for (int i = 0; i < c.length(); i++) {
            if (!c.isNull(i)) {
                values.add(c.get(i));
            }
        }
        values.sort((a, b) -> Double.compare(((Number) b).doubleValue(), ((Number) a).doubleValue()));
        return new ArrayList<>(values.subList(0, Math.min(n, values.size())));
    }

    /** pandas' {@code value_counts()} of a text column: each value (missing ones left out) and its count. */
    private static Map<String, Long> valueCounts(Column c) {
        Map<String, Long> out = new LinkedHashMap<>();
        for (int i = 0; i < c.length(); i++) {
            if (!c.isNull(i)) {
                out.merge(c.getString(i), 1L, Long::sum);
            }
        }
        return out;
    }

    /** The series and its labels (golden_user_functions.py's labelled): columns "index" and "". */
    private static DataFrame labelled(io.mars.dataframe.Series s) {
        return s.toFrame().resetIndex();
    }

    /** One row per group: its key, size and the sum of y (golden_user_functions.py's group_summary). */
    private static LocalTable groupSummary(LocalTable g) {
        long sum = 0;
        for (int i = 0; i < g.rowCount(); i++) {
            sum += g.column("y").getLong(i);
        }
        return LocalTable.of(Column.ofLongs("k", g.column("k").getLong(0)), Column.ofLongs("n", g.rowCount()),
                Column.ofLongs("ysum", sum));
    }

    /** A partition's rows whose y is even, with k and 10 * y (golden_user_functions.py's even_y_rows). */
    private static LocalTable evenYRows(LocalTable p) {
        List<Long> k = new ArrayList<>();
        List<Long> y10 = new ArrayList<>();
        for (int i = 0; i < p.rowCount(); i++) {
            long y = p.column("y").getLong(i);
            if (y % 2 == 0) {
                k.add(p.column("k").getLong(i));
                y10.add(y * 10);
            }
        }
        return new LocalTable(List.of(Column.of("k", DType.INT64, k), Column.of("y10", DType.INT64, y10)));
    }

    static Stream<Arguments> cases() {
        return DataFrameGoldenTest.caseArguments(GOLDEN, CHUNKINGS);
    }

    static Stream<Arguments> tensorCases() {
        List<Arguments> out = new ArrayList<>();
        for (Iterator<String> it = GOLDEN.get("tensors").fieldNames(); it.hasNext(); ) {
            String name = it.next();
            for (long[] chunks : TENSOR_CHUNKS) {
                out.add(Arguments.of(name, chunks[0], chunks[1]));
            }
        }
        return out.stream();
    }

    @Test
    void everyGoldenCaseHasAnExpressionAndViceVersa() {
        DataFrameGoldenTest.assertSameCases(GOLDEN, CASES.keySet());
        List<String> tensors = new ArrayList<>();
        GOLDEN.get("tensors").fieldNames().forEachRemaining(tensors::add);
        assertThat(TENSOR_CASES.keySet()).containsExactlyInAnyOrderElementsOf(tensors);
        List<String> fromFunction = new ArrayList<>();
        GOLDEN.get("from_function").fieldNames().forEachRemaining(fromFunction::add);
        assertThat(FROM_FUNCTION.keySet()).containsExactlyInAnyOrderElementsOf(fromFunction);
    }

    @Test
    void mapChunkWithDeclaredChunkShapesGivesAChunkOfThemPerInputChunk() {
        NDArray f = ndarray(GOLDEN.get("tensor_inputs").get("f"));
        Tensor x = Tensors.array(f, ChunkSpec.of(3, 4)); // 2 x 2 chunks: (3, 4) (3, 2) (1, 4) (1, 2)
        Tensor sums = x.mapChunk(UserFunctionGoldenTest::chunkSum, DataType.FLOAT64, new long[] {1, 1});
        assertThat(sums.shape()).as("known once tiled").containsExactly(-1, -1);
        NDArray got = sums.execute(CLUSTER.session());
        assertThat(got.shape()).containsExactly(2, 2);
        // the top-left chunk: rows 0-2, columns 0-3 of f
        double topLeft = 0;
        for (int r = 0; r < 3; r++) {
            for (int c = 0; c < 4; c++) {
                topLeft += f.getDouble(r * 6 + c);
            }
        }
        assertThat(got.getDouble(0)).isCloseTo(topLeft, within(1e-12));
        Tensor rowMax = x.mapChunk(UserFunctionGoldenTest::chunkRowMax, DataType.FLOAT64, new long[] {-1, 1});
        assertThat(rowMax.shape()).containsExactly(4, -1);
        assertThat(rowMax.execute(CLUSTER.session()).shape()).containsExactly(4, 2);
        CLUSTER.session().release(sums);
        CLUSTER.session().release(rowMax);
    }

    @ParameterizedTest(name = "{0} rows/chunk={1}")
    @MethodSource("cases")
    void matchesPandas(String name, long chunkRows) {
        JsonNode in = GOLDEN.get("inputs").get("df");
        DataFrame df = DataFrames.fromTable(DataFrameGoldenTest.input(in, in.get("rows").size()), chunkRows);
        DataFrame empty = DataFrames.fromTable(DataFrameGoldenTest.input(in, 0), chunkRows);
        Tileable t = CASES.get(name).build(df, empty);
        LocalTable got = CLUSTER.session().executeTables(t).get(0);
        DataFrameGoldenTest.assertMatches(name, got, GOLDEN.get("cases").get(name));
        CLUSTER.session().releaseTileables(t);
    }

    @ParameterizedTest(name = "{0} chunks=({1}, {2})")
    @MethodSource("tensorCases")
    void matchesNumpy(String name, long rowChunk, long columnChunk) {
        Map<String, Tensor> inputs = new LinkedHashMap<>();
        GOLDEN.get("tensor_inputs").fields().forEachRemaining(e -> inputs.put(e.getKey(),
                Tensors.array(ndarray(e.getValue()), ChunkSpec.of(rowChunk, columnChunk))));
        Tensor t = TENSOR_CASES.get(name).apply(inputs);
        NDArray want = ndarray(GOLDEN.get("tensors").get(name));
        assertThat(t.dtype()).as(name + " dtype, known before it runs").isEqualTo(want.dtype());
        NDArray got = t.execute(CLUSTER.session());
        assertThat(got.dtype()).as(name + " dtype").isEqualTo(want.dtype());
        assertThat(got.shape()).as(name + " shape").isEqualTo(want.shape());
        for (int i = 0; i < want.size(); i++) {
            assertThat(got.getDouble(i)).as(name + " element " + i).isCloseTo(want.getDouble(i), within(1e-12));
        }
        CLUSTER.session().release(t);
    }

    private static NDArray ndarray(JsonNode t) {
        long[] shape = new long[t.get("shape").size()];
        for (int i = 0; i < shape.length; i++) {
            shape[i] = t.get("shape").get(i).asLong();
        }
        NDArray a = NDArray.allocate(DataType.fromNumpyName(t.get("dtype").asText()), shape);
        for (int i = 0; i < a.size(); i++) {
            JsonNode v = t.get("data").get(i);
            if (v.isBoolean()) {
                a.setLong(i, v.booleanValue() ? 1 : 0);
            } else if (v.isIntegralNumber()) {
                a.setLong(i, v.longValue());
            } else {
                a.setDouble(i, v.doubleValue());
            }
        }
        return a;
    }
}
