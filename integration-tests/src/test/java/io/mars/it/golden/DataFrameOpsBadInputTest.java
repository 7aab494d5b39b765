package io.mars.it.golden;

import static io.mars.it.golden.UserErrors.assertFails;
import static org.assertj.core.api.Assertions.assertThat;

import io.mars.common.error.ErrorCode;
import io.mars.dataframe.DataFrame;
import io.mars.dataframe.DataFrames;
import io.mars.it.LocalClusterExtension;
import io.mars.types.Column;
import io.mars.types.DType;
import io.mars.types.LocalTable;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Errors of sort, merge, concat and the accessors name what was wrong; edge cases of merge and sort. */
class DataFrameOpsBadInputTest {
    @RegisterExtension
    static final LocalClusterExtension CLUSTER = new LocalClusterExtension(2);
    private static final LocalTable LEFT = LocalTable.of(Column.ofLongs("k", 1, 2, 1, 3, 2),
            Column.of("x", DType.FLOAT64, Arrays.asList(1.5, null, -2.0, 4.0, 0.25)),
            Column.ofStrings("s", Arrays.asList("a", null, "b", "c", "a")));
    private static final LocalTable RIGHT = LocalTable.of(Column.ofLongs("key", 1, 2),
            Column.ofStrings("k", Arrays.asList("1", "2")), Column.ofDoubles("w", 0.5, 1.5));


    private static DataFrame left() {
        return DataFrames.fromTable(LEFT, 2);
    }

    private static DataFrame right() {
        return DataFrames.fromTable(RIGHT, 1);
    }

    @Test
    void mergeOnAKeyMissingFromOneSideIsMergeKeyNotFoundNamingTheSideAndItsColumns() {
        assertFails(() -> left().merge(right(), "key", "inner"), ErrorCode.MERGE_KEY_NOT_FOUND, "'key'", "left",
                "[k, x, s]");
        assertFails(() -> left().merge(left().select("x", "s"), "k", "left"), ErrorCode.MERGE_KEY_NOT_FOUND, "'k'",
                "right", "[x, s]");
    }

    @Test
    void mergeWithAnUnknownHowOrKeysThatCannotMatchIsInvalidMerge() {
        assertFails(() -> left().merge(left(), "k", "sideways"), ErrorCode.INVALID_MERGE, "'sideways'",
                "inner, left, right, outer, cross, leftsemi, leftanti");
        assertFails(() -> left().merge(left(), "k", "cross"), ErrorCode.INVALID_MERGE, "cross", "no key columns", "[k]");
        assertFails(() -> left().merge(left(), "inner"), ErrorCode.INVALID_MERGE, "'inner'", "needs key columns");
        assertFails(() -> left().merge(left(), List.of("k", "x"), List.of("k"), "inner"), ErrorCode.INVALID_MERGE,
                "[k, x]", "[k]", "as many columns");
        assertFails(() -> left().merge(right(), "k", "inner"), ErrorCode.INVALID_MERGE, "'k'", "int64", "object");
        assertFails(() -> left().merge(left(), List.of(), "inner"), ErrorCode.INVALID_MERGE, "at least one key");
        assertFails(() -> left().merge(left(), List.of("k"), "inner", "", "", false), ErrorCode.INVALID_MERGE,
                "repeated column names");
    }

    @Test
    void sortAndAccessorErrorsNameTheColumn() {
        assertFails(() -> left().sortValues("nope"), ErrorCode.COLUMN_NOT_FOUND, "'nope'", "[k, x, s]");
        assertFails(() -> left().sortValues(List.of("k", "x"), List.of(true)), ErrorCode.LENGTH_MISMATCH, "[k, x]", "[true]");
        assertFails(() -> left().col("k").str(), ErrorCode.UNSUPPORTED_DTYPE, "'k'", "int64");
        assertFails(() -> left().col("s").dt(), ErrorCode.UNSUPPORTED_DTYPE, "'s'", "object");
        assertFails(() -> left().nlargest(2, "s"), ErrorCode.UNSUPPORTED_DTYPE, "'s'");
        assertFails(() -> left().nlargest(-1, "x"), ErrorCode.INVALID_ARGUMENT, "nlargest", "-1");
        assertFails(() -> left().col("s").median(), ErrorCode.NON_NUMERIC_AGGREGATION, "'s'");
        assertFails(() -> DataFrames.concat(left(), right()), ErrorCode.INVALID_ARGUMENT, "[k, x, s]", "[key, k, w]");
        assertFails(() -> left().select("s").describe(), ErrorCode.UNSUPPORTED_DTYPE, "[s]");
    }

    @Test
    void mergingAnEmptyFrameGivesNoRowsAndTheMergedColumns() {
        DataFrame empty = DataFrames.fromTable(LocalTable.of(Column.ofLongs("k"), Column.ofDoubles("y")), 0);
        for (String how : List.of("inner", "left")) {
            DataFrame merged = empty.merge(left(), "k", how);
            LocalTable got = merged.execute(CLUSTER.session());
            assertThat(got.rowCount()).as(how).isZero();
            assertThat(got.columnNames()).as(how).isEqualTo(merged.columns());
        }
        // a right join of an empty left keeps every right row, its left columns null
        LocalTable right = empty.merge(left(), List.of("k"), "right", "_x", "_y", true).execute(CLUSTER.session());
        assertThat(right.rowCount()).isEqualTo(LEFT.rowCount());
        for (int i = 0; i < right.rowCount(); i++) {
            assertThat(right.column("y").isNull(i)).isTrue();
        }
    }
}
