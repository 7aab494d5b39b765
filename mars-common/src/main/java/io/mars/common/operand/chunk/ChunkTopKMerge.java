package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;

/**
 * Merges top-k states ({@link ChunkTopKMap}'s) along {@code axis} into the best {@code k} candidates of each line, and
 * gives them as a state again (a combine), or as the result's values in the node's dtype or its int64 positions.
 */
@WireName("chunk.topk.merge")
public record ChunkTopKMerge(int axis, int k, boolean largest, Part part) implements ChunkOperand {
    /** What a merge gives. */
    public enum Part {
        STATE,
        VALUES,
        INDICES
    }
}
