package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import java.util.List;
import java.util.Objects;

/**
 * Input 0 with each of {@code columns} replaced by its running {@code fn}, started afresh where {@code reset} is true
 * or null, and from input 1's one-row total of the earlier chunks before the first such row ({@link TableGroupScan}).
 */
@WireName("chunk.df.group_scan")
public record ChunkTableGroupScan(ScanFn fn, List<String> columns, String reset) implements TableChunkOperand {
    public ChunkTableGroupScan {
        Objects.requireNonNull(fn, "fn");
        Objects.requireNonNull(reset, "reset");
        columns = List.copyOf(columns);
    }
}
