package io.mars.learn;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;

/** scikit-learn's {@code sklearn.preprocessing} functions. */
public final class Preprocessing {
    private static final double TINY_NORM = 10 * Math.ulp(1.0);

    private Preprocessing() {
    }

    /** {@code normalize(x)}: each row scaled to unit L2 norm. */
    public static Tensor normalize(Tensor x) {
        return normalize(x, "l2");
    }

    /**
     * {@code normalize(x, norm)} with norm {@code "l2"}, {@code "l1"} or {@code "max"}: each row (sample) divided by
     * its norm; a row of norm 0 is left as it is. Lazy.
     */
    public static Tensor normalize(Tensor x, String norm) {
        Tensor xf = Inputs.matrix(x, "X");
        int[] cols = {1};
        Tensor norms = switch (norm) {
            case "l2" -> xf.multiply(xf).sum(cols, true).sqrt();
            case "l1" -> xf.abs().sum(cols, true);
            case "max" -> xf.abs().max(cols, true);
            default -> throw new MarsException(ErrorCode.INVALID_ARGUMENT, "'" + norm + "' is not a supported norm;"
                    + " use 'l1', 'l2' or 'max'");
        };
        return xf.divide(Tensors.where(norms.lt(TINY_NORM), 1.0, norms));
    }
}
