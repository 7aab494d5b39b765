package io.mars.it.golden;

import static io.mars.it.golden.UserErrors.assertFails;

import io.mars.common.error.ErrorCode;
import io.mars.dataframe.DataFrame;
import io.mars.dataframe.DataFrames;
import io.mars.types.Column;
import io.mars.types.DType;
import io.mars.types.LocalTable;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Errors of issue 18's last breadth items name the argument and its value when the expression is built. */
class DataFrameBreadth3BadInputTest {
    private static final LocalTable TABLE = LocalTable.of(Column.ofLongs("k", 1, 2, 1),
            Column.of("x", DType.FLOAT64, Arrays.asList(1.5, null, -2.0)),
            Column.ofStrings("s", Arrays.asList("a", null, "b")),
            Column.ofBooleans("b", true, false, true));

    private static DataFrame df() {
        return DataFrames.fromTable(TABLE, 2);
    }

    @Test
    void rollingCountChecksItsWindowAndMinPeriods() {
        assertFails(() -> df().col("x").rolling(0).count(), ErrorCode.INVALID_ARGUMENT, "window", "0");
        assertFails(() -> df().col("s").rolling(2, 3).count(), ErrorCode.INVALID_ARGUMENT, "min_periods", "3");
        assertFails(() -> df().rolling(2, -1).count(), ErrorCode.INVALID_ARGUMENT, "min_periods", "-1");
    }

    @Test
    void stackRefusesValuesPandasWouldMakeObject() {
        assertFails(() -> df().select("x", "s").stack(), ErrorCode.UNSUPPORTED_DTYPE, "stack", "'s' of object",
                "'x' of float64");
        assertFails(() -> df().select("k", "b").stack(), ErrorCode.UNSUPPORTED_DTYPE, "stack", "'b' of bool");
        assertFails(() -> df().select().stack(), ErrorCode.INVALID_ARGUMENT, "stack", "at least one column");
    }

    @Test
    void unstackNeedsAStackedFrameAndTheColumnValues() {
        assertFails(() -> df().select("k", "x").unstack(List.of("x")), ErrorCode.INVALID_ARGUMENT, "three columns",
                "[k, x]");
        assertFails(() -> df().select("k", "x").stack().unstack(List.of()), ErrorCode.INVALID_ARGUMENT,
                "at least one value");
        assertFails(() -> df().select("k", "x").stack().unstack(List.of("x", "x")), ErrorCode.INVALID_ARGUMENT,
                "'x' repeats");
        assertFails(() -> df().select("k", "x").stack().unstack("level_0", "nope", "0", List.of("x")),
                ErrorCode.COLUMN_NOT_FOUND, "'nope'");
    }
}
