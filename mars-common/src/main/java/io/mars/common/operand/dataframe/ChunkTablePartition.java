package io.mars.common.operand.dataframe;

import io.mars.common.operand.Operand;
import io.mars.common.operand.WireName;
import java.util.List;

/**
 * The map side of a shuffle: input 0's rows grouped by the part they go to, in row order within a part, with an
 * int32 column {@value #PART_COLUMN} (ascending) naming it. By hash of the key columns {@code by} when
 * {@code range} is false; else by range, against the pivots of input 1 (part k holds keys in
 * [pivot k-1, pivot k) in the order {@code ascending}, nulls last).
 */
@WireName("chunk.df.partition")
public record ChunkTablePartition(List<String> by, List<Boolean> ascending, int parts, boolean range)
        implements Operand {
    public static final String PART_COLUMN = "__mars_part";

    public ChunkTablePartition {
        by = List.copyOf(by);
        ascending = List.copyOf(ascending);
    }
}
