package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import java.util.List;
import java.util.Objects;

/**
 * Input 0 with each of {@code columns} replaced by its exponentially weighted {@code fn} ({@link TableEwm}), started
 * from input 1's state of the earlier chunks ({@link ChunkTableEwmCarry}) when there is an input 1 (the first chunk
 * has none); afresh at each row where the bool column {@code reset} (when not empty) is true or null.
 */
@WireName("chunk.df.ewm")
public record ChunkTableEwm(EwmFn fn, double alpha, boolean adjust, boolean ignoreNa, long minPeriods, boolean bias,
                            List<String> columns, String reset) implements TableChunkOperand {
    public ChunkTableEwm {
        Objects.requireNonNull(fn, "fn");
        Objects.requireNonNull(reset, "reset");
        columns = List.copyOf(columns);
    }
}
