package io.mars.tensor;

import java.util.Objects;

/**
 * What numpy.histogram returns: the int64 count of values in each bin, and the {@code bins + 1} bin edges.
 *
 * @param counts   int64, one per bin
 * @param binEdges float64 (float32 for float32 data), monotonically increasing
 */
public record Histogram(Tensor counts, Tensor binEdges) {
    public Histogram {
        Objects.requireNonNull(counts, "counts");
        Objects.requireNonNull(binEdges, "binEdges");
    }
}
