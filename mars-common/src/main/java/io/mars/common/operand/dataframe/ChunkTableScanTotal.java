package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import java.util.List;
import java.util.Objects;

/**
 * A one-row table of {@code columns}: the fold by {@code fn} of every row of every input in order (a data chunk, or
 * the one-row totals of earlier chunks), null where no value was; the carry a chunk's running values start from.
 */
@WireName("chunk.df.scan_total")
public record ChunkTableScanTotal(ScanFn fn, List<String> columns) implements TableChunkOperand {
    public ChunkTableScanTotal {
        Objects.requireNonNull(fn, "fn");
        columns = List.copyOf(columns);
    }
}
