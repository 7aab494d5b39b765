package io.mars.it.golden;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.dataframe.DataFrame;
import io.mars.dataframe.DataFrames;
import io.mars.dataframe.Index;
import io.mars.it.LocalClusterExtension;
import io.mars.types.Column;
import io.mars.types.DType;
import io.mars.types.LocalTable;
import io.mars.types.NDArray;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Row label errors name what was wrong (a missing column or label, clashing names, labels of different types), and
 * labels given with a local table travel with the frame. Expected values here are the inputs themselves, moved.
 */
class DataFrameIndexBadInputTest {
    @RegisterExtension
    static final LocalClusterExtension CLUSTER = new LocalClusterExtension(2);
    private static final LocalTable TABLE = LocalTable.of(Column.ofLongs("k", 5, 2, 9, 3, 2),
            Column.of("x", DType.FLOAT64, Arrays.asList(1.5, null, -2.0, 4.0, 0.25)),
            Column.ofStrings("s", Arrays.asList("a", null, "b", "c", "a")));

    private static DataFrame df() {
        return DataFrames.fromTable(TABLE, 2);
    }

    private static void assertCode(Throwable e, ErrorCode code) {
        assertThat(e).isInstanceOfSatisfying(MarsException.class, m -> assertThat(m.code()).isEqualTo(code));
    }

    @Test
    void setIndexOfAMissingColumnIsColumnNotFound() {
        assertThatThrownBy(() -> df().setIndex("nope")).satisfies(e -> assertCode(e, ErrorCode.COLUMN_NOT_FOUND))
                .hasMessageContaining("'nope'").hasMessageContaining("[k, x, s]");
    }

    @Test
    void locOfAMissingLabelIsLabelNotFoundWhenRun() {
        DataFrame byK = df().setIndex("k");
        assertThatThrownBy(() -> byK.loc(4L).execute(CLUSTER.session()))
                .satisfies(e -> assertCode(e, ErrorCode.LABEL_NOT_FOUND)).hasMessageContaining("label 4");
        assertThatThrownBy(() -> df().setIndex("s").loc("zz").execute(CLUSTER.session()))
                .satisfies(e -> assertCode(e, ErrorCode.LABEL_NOT_FOUND)).hasMessageContaining("'zz'");
        // a label that is there gives its rows, in row order
        LocalTable two = byK.loc(2L).execute(CLUSTER.session());
        assertThat(two.index().longs()).containsExactly(2, 2);
        assertThat(two.column("s").get(0)).isNull();
        assertThat(two.column("s").get(1)).isEqualTo("a");
    }

    @Test
    void locWithALabelOfAnotherTypeIsUnsupportedDtype() {
        assertThatThrownBy(() -> df().setIndex("s").loc(3L)).satisfies(e -> assertCode(e, ErrorCode.UNSUPPORTED_DTYPE))
                .hasMessageContaining("object");
        assertThatThrownBy(() -> df().loc("a", "b")).satisfies(e -> assertCode(e, ErrorCode.UNSUPPORTED_DTYPE));
    }

    @Test
    void resetIndexIntoAnExistingColumnIsInvalidIndex() {
        DataFrame withIndexColumn = df().rename(java.util.Map.of("s", "index"));
        assertThatThrownBy(withIndexColumn::resetIndex).satisfies(e -> assertCode(e, ErrorCode.INVALID_INDEX))
                .hasMessageContaining("'index'");
        assertThatThrownBy(() -> df().setIndex("k", false).resetIndex())
                .satisfies(e -> assertCode(e, ErrorCode.INVALID_INDEX)).hasMessageContaining("'k'");
    }

    @Test
    void concatOfLabelsOfDifferentTypesIsInvalidIndex() {
        DataFrame a = df().setIndex("s").select("x");
        DataFrame b = df().select("x", "s").setIndex("s").resetIndex(true);
        assertThatThrownBy(() -> DataFrames.concat(a, b)).satisfies(e -> assertCode(e, ErrorCode.INVALID_INDEX))
                .hasMessageContaining("object").hasMessageContaining("int64");
    }

    @Test
    void theLabelsColumnNameIsReserved() {
        assertThatThrownBy(() -> df().rename(java.util.Map.of("x", "__index_level_0__")))
                .satisfies(e -> assertCode(e, ErrorCode.INVALID_ARGUMENT)).hasMessageContaining("reserved");
    }

    @Test
    void labelsOfALocalTableTravelWithTheFrame() {
        LocalTable labelled = new LocalTable(TABLE.columns(), Column.ofStrings("name", List.of("v", "w", "x", "y", "z")));
        DataFrame f = DataFrames.fromTable(labelled, 2);
        LocalTable back = f.filter(f.col("k").gt(2)).execute(CLUSTER.session());
        assertThat(back.index().name()).isEqualTo("name");
        assertThat(back.index().strings()).containsExactly("v", "x", "y");
        assertThat(back.column("k").longs()).containsExactly(5, 9, 3);
        assertThat(back.columnNames()).containsExactly("k", "x", "s");
        assertThat(back.toRows()).hasSize(3).allSatisfy(r -> assertThat(r).hasSize(3));
        // a frame with positions as labels: a RangeIndex, nothing stored
        LocalTable plain = df().execute(CLUSTER.session());
        assertThat(plain.hasRangeIndex()).isTrue();
        assertThat(plain.index().longs()).containsExactly(0, 1, 2, 3, 4);
    }

    @Test
    void anIndexHasANameATypeAndATensor() {
        Index byS = df().setIndex("s").index();
        assertThat(byS.name()).contains("s");
        assertThat(byS.dtype()).isEqualTo(DType.STRING);
        Column values = byS.execute(CLUSTER.session());
        assertThat(values.name()).isEqualTo("s");
        assertThat(values.strings()).containsExactlyElementsOf(TABLE.column("s").strings());
        Index kept = df().filter(df().col("x").gt(0)).index();
        assertThat(kept.name()).isEmpty();
        NDArray positions = kept.toTensor().execute(CLUSTER.session());
        assertThat(positions.getLong(0)).isZero();
        assertThat(positions.getLong(1)).isEqualTo(3);
        assertThat(positions.getLong(2)).isEqualTo(4);
    }
}
