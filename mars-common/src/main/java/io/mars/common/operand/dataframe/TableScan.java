package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import java.util.List;
import java.util.Objects;

/**
 * The input with each of {@code columns} replaced by its running {@code fn} from the first row ({@link ScanFn});
 * the other columns (row labels among them) pass through.
 */
@WireName("df.scan")
public record TableScan(ScanFn fn, List<String> columns) implements TableOperand {
    public TableScan {
        Objects.requireNonNull(fn, "fn");
        columns = List.copyOf(columns);
    }
}
