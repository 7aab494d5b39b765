package io.mars.common.model;

import io.mars.tensor.NDArray;
import java.util.List;

/**
 * The partial result of a tree reduction between its map and agg steps: arrays of one shape (reduced axes kept as
 * length 1). sum/min/max keep {@code [value]}, mean {@code [sum, count]}, var/std {@code [count, mean, m2]}.
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
