package io.mars.common.model;

import io.mars.types.ChunkData;
import io.mars.types.NDArray;
import java.util.List;

/**
 * The partial result of a tree reduction between its map and agg steps: arrays of one shape (reduced axes kept as
 * length 1). sum/prod/min/max/all/any/count_nonzero and their nan-variants keep {@code [value]}, mean and nanmean
 * {@code [sum, count]}, var/std and nan-variants {@code [count, mean, m2]}, ptp {@code [min, max]}, argmin/argmax and
 * nan-variants {@code [value, global index]}, average {@code [sum of value * weight, sum of weights]}. A reduction
 * without identity (min, ptp, argmin, ...) keeps no part at all for an empty chunk: no candidate.
 */
public record ReductionState(List<NDArray> parts) implements ChunkData {
    public ReductionState {
        parts = List.copyOf(parts);
    }

    @Override
    public long nbytes() {
        long n = 0;
        for (NDArray p : parts) {
            n += p.nbytes();
        }
        return n;
    }
}
