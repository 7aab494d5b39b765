package io.mars.tensor;

import java.util.Objects;

/**
 * The k best values along an axis and their int64 positions along it, best first ({@link Tensors#topk}: Mars's
 * {@code topk(..., return_index=True)}); both come from one pass over the input.
 */
public record TopK(Tensor values, Tensor indices) {
    public TopK {
        Objects.requireNonNull(values, "values");
        Objects.requireNonNull(indices, "indices");
    }
}
