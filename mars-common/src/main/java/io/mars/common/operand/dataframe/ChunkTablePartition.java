package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import java.util.List;

/**
 * The map side of a shuffle: input 0's rows grouped by the part they go to, in row order within a part, with an
 * int32 column {@value #PART_COLUMN} (ascending) naming it. By hash of the key columns {@code by} when
 * {@code range} is false; else by range, against the pivots of input 1 (part k holds keys in
 * [pivot k-1, pivot k) in the order {@code ascending}, nulls last). With {@code positionsOffset} &gt;= 0 the rows
 * also get their row labels, {@link TableRowPositions#INDEX_COLUMN} = {@code positionsOffset + row} (what a
 * {@link ChunkTableRowPositions} in front would add), made here instead of being read and moved with the rows.
 *
 * <p>A chunk that reads a partition's output (a shuffle's reduce) reads only the rows of the part numbered by its own
 * chunk index ({@code index()[0]}), without the part column: the worker cuts them out (or reads only them from a
 * spill file or another worker) before the reduce's kernel runs.
 */
@WireName("chunk.df.partition")
public record ChunkTablePartition(List<String> by, List<Boolean> ascending, int parts, boolean range,
                                  long positionsOffset) implements TableChunkOperand {
    public static final String PART_COLUMN = "__mars_part";

    public ChunkTablePartition {
        by = List.copyOf(by);
        ascending = List.copyOf(ascending);
    }

    /** A partition of the rows as they are (no labels made). */
    public ChunkTablePartition(List<String> by, List<Boolean> ascending, int parts, boolean range) {
        this(by, ascending, parts, range, -1);
    }
}
