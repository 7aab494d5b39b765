package io.mars.it.golden;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.table.ArrowTables;
import io.mars.common.table.TableChunk;
import io.mars.common.table.TableCodec;
import io.mars.dataframe.DataFrame;
import io.mars.dataframe.DataFrames;
import io.mars.it.LocalClusterExtension;
import io.mars.tensor.Tensors;
import io.mars.types.Column;
import io.mars.types.DType;
import io.mars.types.LocalTable;
import io.mars.types.NDArray;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Dataframe errors name what was wrong; conversions to and from tensors and Arrow IPC keep every value. */
class DataFrameBadInputTest {
    @RegisterExtension
    static final LocalClusterExtension CLUSTER = new LocalClusterExtension(2);
    private static final LocalTable TABLE = LocalTable.of(Column.ofLongs("k", 1, 2, 1, 3, 2),
            Column.of("x", DType.FLOAT64, Arrays.asList(1.5, null, -2.0, 4.0, 0.25)),
            Column.ofStrings("s", Arrays.asList("a", null, "b", "c", "a")));


    private static DataFrame df() {
        return DataFrames.fromTable(TABLE, 2);
    }

    @Test
    void missingColumnIsColumnNotFoundNamingTheColumns() {
        assertThatThrownBy(() -> df().col("nope"))
                .isInstanceOfSatisfying(MarsException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.COLUMN_NOT_FOUND))
                .hasMessageContaining("'nope'").hasMessageContaining("[k, x, s]");
        assertThatThrownBy(() -> df().groupBy("nope"))
                .isInstanceOfSatisfying(MarsException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.COLUMN_NOT_FOUND));
        assertThatThrownBy(() -> df().drop("x", "y"))
                .isInstanceOfSatisfying(MarsException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.COLUMN_NOT_FOUND))
                .hasMessageContaining("'y'");
    }

    @Test
    void numericAggregationOfAStringColumnIsNonNumericAggregation() {
        assertThatThrownBy(() -> df().sum())
                .isInstanceOfSatisfying(MarsException.class,
                        e -> assertThat(e.code()).isEqualTo(ErrorCode.NON_NUMERIC_AGGREGATION))
                .hasMessageContaining("sum of column 's' of dtype object");
        assertThatThrownBy(() -> df().groupBy("k").mean())
                .isInstanceOfSatisfying(MarsException.class,
                        e -> assertThat(e.code()).isEqualTo(ErrorCode.NON_NUMERIC_AGGREGATION));
        assertThatThrownBy(() -> df().col("s").std())
                .isInstanceOfSatisfying(MarsException.class,
                        e -> assertThat(e.code()).isEqualTo(ErrorCode.NON_NUMERIC_AGGREGATION));
    }

    @Test
    void rowAlignedOperandsOfDifferentLengthsAreLengthMismatch() {
        DataFrame shorter = DataFrames.fromTable(LocalTable.of(Column.ofLongs("k", 1, 2)), 1);
        assertThatThrownBy(() -> df().assign("z", shorter.col("k")))
                .isInstanceOfSatisfying(MarsException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.LENGTH_MISMATCH));
        // lengths known only once a filter ran: the error comes when the task tiles
        DataFrame filtered = df().filter(df().col("k").gt(1));
        assertThatThrownBy(() -> CLUSTER.session().executeTables(df().assign("z", filtered.col("x"))))
                .isInstanceOfSatisfying(MarsException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.LENGTH_MISMATCH))
                .hasMessageContaining("5 and 3 rows");
    }

    @Test
    void aMaskMustBeBoolAndStringsRejectArithmetic() {
        assertThatThrownBy(() -> df().filter(df().col("x")))
                .isInstanceOfSatisfying(MarsException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.UNSUPPORTED_DTYPE))
                .hasMessageContaining("bool");
        assertThatThrownBy(() -> df().col("s").add(1L))
                .isInstanceOfSatisfying(MarsException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.UNSUPPORTED_DTYPE));
    }

    @Test
    void castingANullToIntFailsWhenRunNamingTheRow() {
        assertThatThrownBy(() -> CLUSTER.session().executeTables(df().col("x").astype(DType.INT64)))
                .isInstanceOf(MarsException.class).hasMessageContaining("row 1 of column 'x'");
    }

    @Test
    void tensorsBecomeFramesAndBack() {
        var t = Tensors.arange(12).reshape(4, 3).astype(io.mars.types.DataType.FLOAT64).rechunk(Tensors.chunks(3));
        DataFrame f = DataFrames.fromTensor(t, "a", "b", "c");
        LocalTable table = f.execute(CLUSTER.session());
        NDArray back = f.toTensor().execute(CLUSTER.session());
        NDArray direct = t.execute(CLUSTER.session());
        assertThat(back.toDoubleMatrix()).isDeepEqualTo(direct.toDoubleMatrix());
        assertThat(table.columnNames()).containsExactly("a", "b", "c");
        for (int i = 0; i < 4; i++) {
            for (int j = 0; j < 3; j++) {
                assertThat(table.column(j).getDouble(i)).isEqualTo(direct.getDouble(i, j));
            }
        }
        NDArray xs = df().col("x").toTensor().execute(CLUSTER.session());
        assertThat(xs.toDoubleArray()).containsExactly(1.5, Double.NaN, -2.0, 4.0, 0.25);
    }

    @Test
    void arrowIpcBytesRoundTripAndFreeEveryBuffer() {
        try (RootAllocator allocator = new RootAllocator()) {
            byte[] bytes;
            try (TableChunk chunk = new TableChunk(ArrowTables.toArrow(TABLE, allocator))) {
                assertThat(allocator.getAllocatedMemory()).isPositive();
                bytes = TableCodec.encode(chunk);
            }
            try (TableChunk back = TableCodec.decode(bytes, allocator)) {
                assertThat(ArrowTables.toLocal(back.root())).isEqualTo(TABLE);
                assertThat(back.shape()).containsExactly(5, 3);
            }
            assertThat(allocator.getAllocatedMemory()).isZero();
        }
    }

    @Test
    void storedResultsHoldArrowMemoryUntilReleased() {
        DataFrame f = df();
        f.execute(CLUSTER.session());
        assertThat(CLUSTER.cluster().allocatedBytes()).isPositive();
        CLUSTER.session().releaseTileables(f);
        assertThat(CLUSTER.cluster().allocatedBytes()).isZero();
        assertThat(List.of(TABLE.rowCount())).containsExactly(5);
    }
}
