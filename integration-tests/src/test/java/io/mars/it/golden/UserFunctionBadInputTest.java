package io.mars.it.golden;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.ErrorKind;
import io.mars.common.error.MarsException;
import io.mars.dataframe.DataFrame;
import io.mars.dataframe.DataFrames;
import io.mars.dataframe.Series;
import io.mars.it.LocalClusterExtension;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import io.mars.types.ChunkSpec;
import io.mars.types.Column;
import io.mars.types.DType;
import io.mars.types.DataType;
import io.mars.types.LocalTable;
import io.mars.types.NDArray;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What a user function that fails gives: a throwing lambda fails its task with USER_FUNCTION_FAILED holding the
 * lambda's own message and stack trace (and the session goes on working, with no Arrow byte left allocated when the
 * cluster stops); what cannot be sent or inferred is refused when the expression is built.
 */
class UserFunctionBadInputTest {
    @RegisterExtension
    static final LocalClusterExtension CLUSTER = new LocalClusterExtension(2);
    private static final LocalTable TABLE = LocalTable.of(Column.ofLongs("k", 1, 2, -3, 4, 5),
            Column.of("x", DType.FLOAT64, Arrays.asList(1.5, null, -2.0, 4.0, 0.25)),
            Column.ofStrings("s", Arrays.asList("1", null, "22", "x", "5")));

    private static DataFrame df() {
        return DataFrames.fromTable(TABLE, 2);
    }

    private static void fails(ThrowingCallable call, ErrorCode code, String... fragments) {
        var a = assertThatThrownBy(call).isInstanceOfSatisfying(MarsException.class, e -> {
            assertThat(e.code()).as("code of %s", e).isEqualTo(code);
            assertThat(e.kind()).isEqualTo(ErrorKind.USER);
        });
        for (String f : fragments) {
            a.hasMessageContaining(f);
        }
    }

    private static LocalTable run(io.mars.common.graph.Tileable t) {
        return CLUSTER.session().executeTables(t).get(0);
    }

    @Test
    void aThrowingSeriesMapFailsTheTaskWithItsMessageAndStackTrace() {
        Series mapped = df().col("k").map((Long v) -> {
            if (v < 0) {
                throw new IllegalStateException("no negative keys here, got " + v);
            }
            return v * 2;
        });

        fails(() -> run(mapped), ErrorCode.USER_FUNCTION_FAILED, "Series.map of 'k'",
                "java.lang.IllegalStateException: no negative keys here, got -3",
                "at io.mars.it.golden.UserFunctionBadInputTest.lambda$");
        // the trace ends where the worker called the function: no frames of the kernel or the subtask runner
        assertThatThrownBy(() -> run(mapped)).hasMessageNotContaining("SubtaskRunner")
                .hasMessageContaining("more");
        // the session goes on: the same data with a function that does not throw
        assertThat(run(df().col("k").map((Long v) -> Math.abs(v) * 2)).column(0).longs())
                .containsExactly(2, 4, 6, 8, 10);
    }

    @Test
    void aThrowingMapPartitionsOrMapChunkFailsWithItsMessage() {
        DataFrame partitions = df().mapPartitions(p -> {
            if (p.rowCount() > 0 && p.column("k").getLong(0) == -3) {
                throw new UnsupportedOperationException("partition starting at -3 refused");
            }
            return p;
        });
        fails(() -> run(partitions), ErrorCode.USER_FUNCTION_FAILED,
                "java.lang.UnsupportedOperationException: partition starting at -3 refused",
                "at io.mars.it.golden.UserFunctionBadInputTest.lambda$");

        Tensor t = Tensors.arange(10).rechunk(ChunkSpec.of(3)).mapChunk(c -> {
            if (c.getLong(0) == 6) {
                throw new ArithmeticException("chunk at 6 overflows");
            }
            return c;
        });
        fails(() -> t.execute(CLUSTER.session()), ErrorCode.USER_FUNCTION_FAILED, "mapChunk",
                "java.lang.ArithmeticException: chunk at 6 overflows", "UserFunctionBadInputTest");
    }

    @Test
    void aThrowingRowFunctionNamesTheRowItFailedOn() {
        Series applied = df().apply(r -> {
            if (r.getLong("k") == 4) {
                throw new IllegalArgumentException("row four is not welcome");
            }
            return r.getLong("k");
        });
        fails(() -> run(applied), ErrorCode.USER_FUNCTION_FAILED, "DataFrame.apply (Row{k=4, x=4.0, s=x})",
                "java.lang.IllegalArgumentException: row four is not welcome");
    }

    @Test
    void aColumnFunctionIsRefusedOrNamesTheColumnItFailedOn() {
        fails(() -> df().apply(c -> (long) c.length(), 1), ErrorCode.INVALID_ARGUMENT, "axis must be 0", "got 1",
                "give a RowFunction");
        fails(() -> df().select(List.of()).apply(c -> (long) c.length(), 0), ErrorCode.INVALID_ARGUMENT,
                "no columns");
        fails(() -> df().apply(c -> Long.parseLong(c.getString(0)), 0), ErrorCode.USER_FUNCTION_FAILED,
                "DataFrame.apply(axis=0) cannot infer the result's types", "NumberFormatException",
                "apply(fn, 0, dtype)");
        // mock columns of int64 and text give a long and a string: no one dtype
        fails(() -> df().apply(c -> c.get(0), 0), ErrorCode.USER_FUNCTION_FAILED, "cannot infer",
                "apply(fn, 0, dtype)");

        Series applied = df().apply(c -> {
            if (c.name().equals("x")) {
                throw new IllegalStateException("no floats please, " + c.length() + " values");
            }
            return (long) c.length();
        }, 0, DType.INT64); // declared: inferred, the mock column x would make it throw here already
        fails(() -> run(applied), ErrorCode.USER_FUNCTION_FAILED, "DataFrame.apply(axis=0) of column 'x'",
                "java.lang.IllegalStateException: no floats please, 5 values");
        // any column may fail first
        fails(() -> run(df().apply(c -> c.name(), 0, DType.INT64)), ErrorCode.USER_FUNCTION_FAILED,
                "DataFrame.apply(axis=0) of column '", "which is not int64", "apply(fn, 0, dtype)");
    }

    @Test
    void anExpandingRowFunctionMustGiveAValuePerDeclaredColumn() {
        fails(() -> df().apply(r -> List.of(1L), List.of("a", "b"), List.of(DType.INT64)), ErrorCode.INVALID_ARGUMENT,
                "2 columns [a, b] but 1 dtypes [int64]", "one dtype per column");
        fails(() -> df().apply(r -> List.of(1L), List.of(), List.of()), ErrorCode.INVALID_ARGUMENT,
                "at least one column");
        fails(() -> df().apply(r -> List.of(1L, 2L), List.of("a", "a"), List.of(DType.INT64, DType.INT64)),
                ErrorCode.INVALID_ARGUMENT, "[a, a] repeat a name");

        List<DType> two = List.of(DType.INT64, DType.STRING);
        fails(() -> run(df().apply(r -> List.of(r.getLong("k")), List.of("k", "s"), two)),
                ErrorCode.USER_FUNCTION_FAILED, "DataFrame.apply (Row{k=", "returned [", "1 values",
                "a List or an Object[] of 2 values, one per declared column [k, s]");
        fails(() -> run(df().apply(r -> r.getLong("k"), List.of("k", "s"), two)),
                ErrorCode.USER_FUNCTION_FAILED, "a java.lang.Long", "a List or an Object[] of 2 values");
        fails(() -> run(df().apply(r -> new Object[] {r.getString("s"), r.getLong("k")}, List.of("k", "s"), two)),
                ErrorCode.USER_FUNCTION_FAILED, "a value for column 'k' that is not int64",
                "apply(fn, columns, dtypes)");
        fails(() -> run(df().apply(r -> {
            if (r.getLong("k") == -3) {
                throw new IllegalStateException("minus three");
            }
            return List.of(r.getLong("k"), "ok");
        }, List.of("k", "s"), two)), ErrorCode.USER_FUNCTION_FAILED, "DataFrame.apply (Row{k=-3",
                "java.lang.IllegalStateException: minus three");
    }

    @Test
    void aDeclaredChunkShapeMustFitTheTensorAndTheFunction() {
        Tensor x = Tensors.ones(Tensors.shape(4, 6)).rechunk(ChunkSpec.of(2, 3));
        fails(() -> x.mapChunk(c -> c, DataType.FLOAT64, new long[] {1}), ErrorCode.INVALID_ARGUMENT,
                "chunk shape [1] has 1 axes but the tensor of shape (4, 6) has 2", "one extent per axis");
        fails(() -> x.mapChunk(c -> c, DataType.FLOAT64, new long[] {1, -3}), ErrorCode.INVALID_ARGUMENT,
                "has -3 along axis 1", "0 or more, -1 to keep the input chunk's or -2 to leave it to the function");
        Tensor wrong = x.mapChunk(c -> NDArray.of(new double[] {1, 2}, 2), DataType.FLOAT64, new long[] {1, 1});
        fails(() -> wrong.execute(CLUSTER.session()), ErrorCode.USER_FUNCTION_FAILED, "returned a chunk of shape (2,)",
                "for one of shape (2, 3)", "the declared chunk shape gives (1, 1) for this chunk");
    }

    @Test
    void chunksWhoseShapesTheFunctionDecidesMustAgreeAlongTheGrid() {
        Tensor x = Tensors.ones(Tensors.shape(4, 6)).rechunk(ChunkSpec.of(2, 3));
        // 2 x 2 chunks of (2, 3): the left chunks keep their rows, the right ones give one
        Tensor x2 = Tensors.arange(24).reshape(4, 6).rechunk(ChunkSpec.of(2, 3));
        Tensor disagree = x2.mapChunk(c -> c.getLong(0) % 6 == 0 ? c
                : NDArray.of(java.util.Arrays.copyOf(c.toLongArray(), 3), 1, 3), DataType.INT64, false);
        fails(() -> disagree.sum().execute(CLUSTER.session()), ErrorCode.USER_FUNCTION_FAILED,
                "mapChunk: the user function gave the chunks in slice 0 of axis 0 different extents", "2 and 1",
                "must agree");
        Tensor fewerAxes = x.mapChunk(c -> NDArray.of(new double[] {1}), DataType.FLOAT64, false);
        fails(() -> fewerAxes.execute(CLUSTER.session()), ErrorCode.USER_FUNCTION_FAILED,
                "returned a chunk of shape (1,)", "for one of shape (2, 3)");
    }

    @Test
    void aBroadcastKeepsTheFramesDtypeAndShape() {
        fails(() -> df().applyBroadcast(r -> 1), ErrorCode.UNSUPPORTED_DTYPE, "DataFrame.applyBroadcast: column 's'",
                "pandas makes object", "select the numeric columns");
        fails(() -> run(df().select("k", "x").applyBroadcast(r -> List.of(1.0))), ErrorCode.USER_FUNCTION_FAILED,
                "1 values", "it must return a number or a bool, or a List or an Object[] of 2 values, one per column"
                        + " [k, x]");
        fails(() -> run(df().select("k").applyBroadcast(r -> r.getLong("k") > 3 ? null : 1L)),
                ErrorCode.USER_FUNCTION_FAILED, "returned a missing value for column 'k'", "int64, which cannot hold"
                        + " one");
        fails(() -> run(df().select("k", "x").applyBroadcast(r -> "text")), ErrorCode.USER_FUNCTION_FAILED,
                "returned text", "a number or a bool");
        fails(() -> df().applyBroadcast(c -> 1, 1), ErrorCode.INVALID_ARGUMENT, "axis must be 0");
        fails(() -> df().applyBroadcast(c -> 1, 0), ErrorCode.UNSUPPORTED_DTYPE, "column 's'");
        fails(() -> run(df().select("k", "x").applyBroadcast(c -> List.of(1.0, 2.0), 0)),
                ErrorCode.USER_FUNCTION_FAILED, "DataFrame.applyBroadcast(axis=0) of column 'k'", "returned 2 values"
                        + " for a column of 5", "broadcast keeps the frame's shape");
        fails(() -> run(df().select("k").applyBroadcast(c -> Double.NaN, 0)), ErrorCode.USER_FUNCTION_FAILED,
                "returned a missing value", "int64, which cannot hold one");
        // the same frame with a function that fits: float64 (int64 with float64), labels and columns kept
        LocalTable ok = run(df().select("k", "x").applyBroadcast(r -> r.getLong("k") / 2.0));
        assertThat(ok.columnNames()).containsExactly("k", "x");
        assertThat(ok.column("x").doubles()).containsExactly(0.5, 1.0, -1.5, 2.0, 2.5);
    }

    @Test
    void anExpandWhoseColumnsAreInferredNeedsAListOnTheMockRow() {
        fails(() -> df().applyExpand(r -> r.getLong("k")), ErrorCode.USER_FUNCTION_FAILED,
                "DataFrame.applyExpand cannot infer the result's types", "it must return a List or an Object[] of at"
                        + " least one value", "apply(fn, columns, dtypes)");
        fails(() -> df().applyExpand(r -> List.of()), ErrorCode.USER_FUNCTION_FAILED, "returned []");
        // inferred from the mock row as two columns; a row giving three fails when it runs
        DataFrame wider = df().applyExpand(r -> r.getLong("k") == 4 ? List.of(1L, 2L, 3L) : List.of(1L, 2L));
        assertThat(wider.columns()).containsExactly("0", "1");
        fails(() -> run(wider), ErrorCode.USER_FUNCTION_FAILED, "3 values", "one per declared column [0, 1]");
    }

    @Test
    void aThrowingIndexFunctionNamesTheIndex() {
        Tensor t = Tensors.fromFunction(i -> {
            if (i[0] == 2 && i[1] == 1) {
                throw new IllegalArgumentException("not at (2, 1)");
            }
            return 1.0;
        }, new long[] {4, 3}, DataType.FLOAT64, ChunkSpec.of(2));
        fails(() -> t.execute(CLUSTER.session()), ErrorCode.USER_FUNCTION_FAILED, "fromFunction (index [2, 1])",
                "java.lang.IllegalArgumentException: not at (2, 1)");
        fails(() -> Tensors.fromFunction(i -> 1.0, new long[] {2}, DataType.COMPLEX128), ErrorCode.UNSUPPORTED_DTYPE,
                "fromFunction gives real values, not complex128", "complex(re, im)");
        fails(() -> Tensors.fromFunction(i -> 1.0, -1, 2), ErrorCode.INVALID_ARGUMENT);
        // the function may change the index it gets: the next element still gets its own
        NDArray changed = Tensors.fromFunction(i -> {
            double v = i[0];
            i[0] = 100;
            return v;
        }, 5).execute(CLUSTER.session());
        assertThat(changed.toDoubleArray()).containsExactly(0, 1, 2, 3, 4);
    }

    @Test
    void aTransformKeepsEachColumnsLength() {
        fails(() -> run(df().select("k", "x").transform(c -> List.of(1L, 2L), List.of(DType.INT64, DType.INT64))),
                ErrorCode.USER_FUNCTION_FAILED, "DataFrame.transform of column '", "returned 2 values for a column of"
                        + " 5", "keeps the column's length");
        fails(() -> run(df().select("k").transform(c -> 3L, List.of(DType.INT64))), ErrorCode.USER_FUNCTION_FAILED,
                "DataFrame.transform of column 'k': the user function returned 3, a java.lang.Long", "a Column or a"
                        + " List of 5 values");
        fails(() -> df().select("k").transform(c -> 3L), ErrorCode.USER_FUNCTION_FAILED, "DataFrame.transform cannot"
                + " infer the result's types", "transform(fn, dtypes)");
        fails(() -> df().select("k", "x").transform(c -> c, List.of(DType.INT64)), ErrorCode.INVALID_ARGUMENT,
                "1 dtypes [int64] for the 2 columns [k, x]");
        DataFrame thrown = df().select("k").transform(c -> {
            throw new IllegalStateException("no column today");
        }, List.of(DType.INT64));
        fails(() -> run(thrown), ErrorCode.USER_FUNCTION_FAILED, "DataFrame.transform of column 'k'",
                "java.lang.IllegalStateException: no column today");
        // the columns given back as they came: the frame itself
        assertThat(run(df().transform(c -> c)).column("s").strings()).containsExactly("1", null, "22", "x", "5");
    }

    @Test
    void anExpandingColumnFunctionGivesSeriesThatCanBeAligned() {
        fails(() -> run(df().select("k").applyExpand(c -> List.of(1L), 0, List.of(DType.INT64), DType.STRING)),
                ErrorCode.USER_FUNCTION_FAILED, "DataFrame.applyExpand(axis=0) of column 'k': the user function"
                        + " returned [1], a java.util", "return a Map for every column");
        fails(() -> run(df().select("k").applyExpand(c -> Map.of(1L, 2L), 0, List.of(DType.INT64), DType.STRING)),
                ErrorCode.USER_FUNCTION_FAILED, "the user function's Map has integer keys [1], but the labels are"
                        + " strings");
        fails(() -> run(df().select("k").applyExpand(c -> Map.of(1.5, 2L), 0, List.of(DType.INT64), DType.INT64)),
                ErrorCode.USER_FUNCTION_FAILED, "the labels [1.5]", "all strings or all integers");
        fails(() -> run(df().select("k").applyExpand(c -> 3L, 0, List.of(DType.INT64))),
                ErrorCode.USER_FUNCTION_FAILED, "returned 3, a java.lang.Long", "a Column or a List");
        fails(() -> run(df().select("k").applyExpand(c -> List.of("text"), 0, List.of(DType.INT64))),
                ErrorCode.USER_FUNCTION_FAILED, "returned a value that is not int64", "applyExpand(fn, 0, dtypes)");
        // refused when built: an axis, mixed kinds on the mock columns, dtypes of another count, labels of a dtype
        fails(() -> df().applyExpand(c -> List.of(1L), 1), ErrorCode.INVALID_ARGUMENT, "axis must be 0");
        fails(() -> df().select("k", "x").applyExpand(c -> c.name().equals("k") ? (Object) List.of(1L)
                : (Object) Map.of("a", 1.0), 0), ErrorCode.USER_FUNCTION_FAILED, "returned a Map for some mock"
                + " columns and not for others");
        fails(() -> df().select("k").applyExpand(c -> 3L, 0), ErrorCode.USER_FUNCTION_FAILED, "DataFrame.applyExpand"
                + " cannot infer the result's types", "applyExpand(fn, 0, dtypes)");
        fails(() -> df().select("k", "x").applyExpand(c -> c, 0, List.of(DType.INT64)), ErrorCode.INVALID_ARGUMENT,
                "1 dtypes [int64] for the 2 columns [k, x]");
        fails(() -> df().select("k").applyExpand(c -> Map.of(1.5, 2L), 0, List.of(DType.INT64), DType.FLOAT64),
                ErrorCode.INVALID_ARGUMENT, "must be string or int64, got float64");
        DataFrame thrown = df().select("x").applyExpand(c -> {
            throw new IllegalStateException("no series today");
        }, 0, List.of(DType.FLOAT64));
        fails(() -> run(thrown), ErrorCode.USER_FUNCTION_FAILED, "DataFrame.applyExpand(axis=0) of column 'x'",
                "java.lang.IllegalStateException: no series today");
        // the session goes on: the same labels in one order per column keep that order
        LocalTable ok = run(df().select("k", "x").applyExpand(c -> {
            Map<String, Object> m = new java.util.LinkedHashMap<>();
            m.put("z", (long) c.length());
            m.put("a", c.name());
            return m;
        }, 0, List.of(DType.STRING, DType.STRING), DType.STRING).resetIndex());
        assertThat(ok.column("index").strings()).containsExactly("z", "a");
        assertThat(ok.column("k").strings()).containsExactly("5", "k");
        assertThat(ok.column("x").strings()).containsExactly("5", "x");
    }

    @Test
    void aThrowingGroupFunctionNamesItsGroup() {
        DataFrame applied = df().groupBy("s").apply(g -> {
            if ("22".equals(g.column("s").getString(0))) {
                throw new IllegalStateException("group 22 refused");
            }
            return g;
        });
        fails(() -> run(applied), ErrorCode.USER_FUNCTION_FAILED, "GroupBy.apply (group [22])",
                "java.lang.IllegalStateException: group 22 refused");
    }

    @Test
    void aCapturedValueThatCannotBeSerializedIsRefusedWhenTheExpressionIsBuilt() {
        Object notSerializable = new Object();

        fails(() -> df().col("k").map((Long v) -> notSerializable.hashCode() + v), ErrorCode
                .USER_FUNCTION_NOT_SERIALIZABLE, "Series.map", "cannot be sent to the workers",
                "java.io.NotSerializableException: java.lang.Object");
        fails(() -> Tensors.ones(Tensors.shape(3)).mapChunk(c -> notSerializable.equals(c) ? c : c), ErrorCode
                .USER_FUNCTION_NOT_SERIALIZABLE, "mapChunk", "java.lang.Object");
    }

    @Test
    void aFunctionThatCannotTakeTheMockValueAsksForTheDtype() {
        fails(() -> df().col("s").map((String v) -> Long.parseLong(v)), ErrorCode.USER_FUNCTION_FAILED,
                "Series.map cannot infer the result's types", "NumberFormatException", "map(fn, dtype)");

        // declared, the function is not called on a mock value; the null stays null, "x" is then the failure
        Series parsed = df().col("s").map((String v) -> v == null ? null : Long.parseLong(v), DType.INT64);
        fails(() -> run(parsed), ErrorCode.USER_FUNCTION_FAILED, "For input string: \"x\"");
        Series ok = df().filter(df().col("s").ne("x")).col("s").map((String v) -> v == null ? null
                : Long.parseLong(v), DType.INT64);
        Column got = run(ok).column(0);
        assertThat(got.dtype()).isEqualTo(DType.INT64);
        assertThat(got.isNull(1)).isTrue();
        assertThat(List.of(got.getLong(0), got.getLong(2), got.getLong(3))).containsExactly(1L, 22L, 5L);
    }

    @Test
    void whatAFunctionReturnsMustFitTheResult() {
        fails(() -> run(df().col("k").map((Long v) -> v > 2 ? "big" : "small", DType.INT64)),
                ErrorCode.USER_FUNCTION_FAILED, "Series.map of 'k'", "not int64");
        Tensor shrunk = Tensors.ones(Tensors.shape(4)).rechunk(ChunkSpec.of(2))
                .mapChunk(c -> NDArray.of(new double[] {1}, 1));
        fails(() -> shrunk.execute(CLUSTER.session()), ErrorCode.USER_FUNCTION_FAILED, "shape (1,)", "(2,)",
                "must keep the chunk's shape");
        // inferred from a mock partition as [k, x, s]; a partition giving other columns fails
        DataFrame other = df().mapPartitions(p -> p.rowCount() == 1 ? LocalTable.of(p.column("k")) : p);
        assertThat(other.columns()).containsExactly("k", "x", "s");
        fails(() -> run(other), ErrorCode.USER_FUNCTION_FAILED, "returned the columns [k]", "[k, x, s]");
    }
}
