package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import java.util.List;

/**
 * The state of the exponentially weighted recurrences ({@link TableEwm}) after the rows of input 0, started from
 * input 1's state when there is an input 1: a table of {@link #STATE_ROWS} float64 rows, one column per column of
 * {@code columns} (its mean, the weight of the past, the biased variance, the sums of the weights and of their
 * squares, the count of values, and the weighted sum).
 */
@WireName("chunk.df.ewm_carry")
public record ChunkTableEwmCarry(double alpha, boolean adjust, boolean ignoreNa, List<String> columns)
        implements TableChunkOperand {
    public static final int STATE_ROWS = 7;

    public ChunkTableEwmCarry {
        columns = List.copyOf(columns);
    }
}
