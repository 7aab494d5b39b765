package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import java.util.List;
import java.util.Objects;

/**
 * A segmented {@link TableScan}: each of {@code columns} replaced by its running {@code fn}, started afresh at every
 * row where the bool column {@code reset} is true or null (the first row of a group, when the rows are sorted by
 * group); the other columns pass through. pandas' {@code groupby(...).cumprod/cummax/cummin} over sorted rows.
 */
@WireName("df.group_scan")
public record TableGroupScan(ScanFn fn, List<String> columns, String reset) implements TableOperand {
    public TableGroupScan {
        Objects.requireNonNull(fn, "fn");
        Objects.requireNonNull(reset, "reset");
        columns = List.copyOf(columns);
    }
}
