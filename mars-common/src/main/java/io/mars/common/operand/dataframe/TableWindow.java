package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import java.util.List;
import java.util.Objects;

/**
 * The input with each of {@code columns} replaced by {@code fn} of its rows {@code periods} away (the shift's
 * periods, or the rolling window), a rolling value needing {@code minPeriods} values in its window; the other
 * columns (row labels among them) pass through.
 */
@WireName("df.window")
public record TableWindow(WindowFn fn, long periods, long minPeriods, List<String> columns) implements TableOperand {
    public TableWindow {
        Objects.requireNonNull(fn, "fn");
        columns = List.copyOf(columns);
    }
}
