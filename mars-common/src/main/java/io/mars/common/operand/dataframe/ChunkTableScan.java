package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import java.util.List;
import java.util.Objects;

/**
 * Input 0 with each of {@code columns} replaced by its running {@code fn}, started from input 1's one-row total of
 * the earlier chunks when there is an input 1 (the first chunk has none).
 */
@WireName("chunk.df.scan")
public record ChunkTableScan(ScanFn fn, List<String> columns) implements TableChunkOperand {
    public ChunkTableScan {
        Objects.requireNonNull(fn, "fn");
        columns = List.copyOf(columns);
    }
}
