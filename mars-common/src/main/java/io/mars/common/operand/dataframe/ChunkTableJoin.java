package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import java.util.List;

/**
 * A hash join of the left rows (the first {@code leftInputs} inputs, one after the other) with the right rows (the
 * other inputs), left columns {@code leftOn} matching right columns {@code rightOn}: left rows in order, each
 * followed by its right matches in order; then, when kept, the right rows without a match. A semi (anti) join keeps
 * each left row with (without) a match once; a cross join pairs every left row with every right row. The output's
 * columns are {@link MergePlan}'s. {@code rightBroadcast}: the right side is one chunk joined with every chunk of the
 * left (a broadcast join's), so a worker may keep what it builds of it for the next chunk.
 */
@WireName("chunk.df.join")
public record ChunkTableJoin(List<String> leftOn, List<String> rightOn, MergeHow how, int leftInputs,
                             String leftSuffix, String rightSuffix, boolean rightBroadcast)
        implements TableChunkOperand {
    public ChunkTableJoin {
        leftOn = List.copyOf(leftOn);
        rightOn = List.copyOf(rightOn);
    }

    /** A join whose right side is not a broadcast one. */
    public ChunkTableJoin(List<String> leftOn, List<String> rightOn, MergeHow how, int leftInputs, String leftSuffix,
                          String rightSuffix) {
        this(leftOn, rightOn, how, leftInputs, leftSuffix, rightSuffix, false);
    }

    public ChunkTableJoin(List<String> on, MergeHow how, int leftInputs, String leftSuffix, String rightSuffix) {
        this(on, on, how, leftInputs, leftSuffix, rightSuffix, false);
    }
}
