package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import java.util.List;

/**
 * A hash join of the left rows (the first {@code leftInputs} inputs, one after the other) with the right rows (the
 * other inputs) on the columns {@code on}: left rows in order, each followed by its right matches in order; then,
 * when kept, the right rows without a match. The output's columns are {@link MergePlan}'s.
 */
@WireName("chunk.df.join")
public record ChunkTableJoin(List<String> on, MergeHow how, int leftInputs, String leftSuffix, String rightSuffix)
        implements TableChunkOperand {
    public ChunkTableJoin {
        on = List.copyOf(on);
    }
}
