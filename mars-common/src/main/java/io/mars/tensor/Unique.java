package io.mars.tensor;

import java.util.Objects;

/**
 * What numpy.unique returns: the sorted distinct values and, when asked for, how often each occurs.
 *
 * @param values the sorted distinct values of the flattened input, in its dtype
 * @param counts int64 counts, or null when they were not asked for ({@code returnCounts == false})
 */
public record Unique(Tensor values, Tensor counts) {
    public Unique {
        Objects.requireNonNull(values, "values");
    }
}
