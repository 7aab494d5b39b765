package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import java.util.List;
import java.util.Objects;

/**
 * A one-row table of {@code columns} and {@code reset}: the fold by {@code fn} of the rows of every input in order
 * since the last row where {@code reset} is true or null, and whether there was such a row. Folding an earlier
 * total with a later one this way gives the total of both, so it makes the carries of {@link TableGroupScan}.
 */
@WireName("chunk.df.group_scan_total")
public record ChunkTableGroupScanTotal(ScanFn fn, List<String> columns, String reset) implements TableChunkOperand {
    public ChunkTableGroupScanTotal {
        Objects.requireNonNull(fn, "fn");
        Objects.requireNonNull(reset, "reset");
        columns = List.copyOf(columns);
    }
}
