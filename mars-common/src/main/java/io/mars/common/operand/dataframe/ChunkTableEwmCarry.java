package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import java.util.List;

/**
 * The state of the exponentially weighted recurrences ({@link TableEwm}) after the rows of input 0, started from
 * input 1's state when there is an input 1: a table of {@link #STATE_ROWS} float64 rows, one column per column of
 * {@code columns} (its mean, the weight of the past, the biased variance, the sums of the weights and of their
 * squares, the count of values, and the weighted sum); started afresh at each row where the bool column
 * {@code reset} (when not empty) is true or null.
 */
@WireName("chunk.df.ewm_carry")
public record ChunkTableEwmCarry(double alpha, boolean adjust, boolean ignoreNa, List<String> columns, String reset)
        implements TableChunkOperand {
    public static final int STATE_ROWS = 7;

    public ChunkTableEwmCarry {
        java.util.Objects.requireNonNull(reset, "reset");
        columns = List.copyOf(columns);
    }
}
