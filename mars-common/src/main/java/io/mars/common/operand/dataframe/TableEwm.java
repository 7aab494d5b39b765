package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import java.util.List;
import java.util.Objects;

/**
 * The input with each of {@code columns} replaced by its exponentially weighted {@code fn} (pandas'
 * {@code ewm(alpha=alpha, adjust=adjust, ignore_na=ignoreNa, min_periods=minPeriods)}; {@code bias} for var and
 * std); the other columns (row labels among them) pass through. {@code minPeriods} is at least 1, as pandas makes it.
 * With a {@code reset} column (not empty), the recurrences start afresh at each row where that bool column is true or
 * null: pandas' {@code groupby(...).ewm(...)} over rows sorted by group.
 */
@WireName("df.ewm")
public record TableEwm(EwmFn fn, double alpha, boolean adjust, boolean ignoreNa, long minPeriods, boolean bias,
                       List<String> columns, String reset) implements TableOperand {
    public TableEwm {
        Objects.requireNonNull(fn, "fn");
        Objects.requireNonNull(reset, "reset");
        columns = List.copyOf(columns);
    }
}
