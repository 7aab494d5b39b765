package io.mars.learn;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.tensor.Index;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import java.util.ArrayList;
import java.util.List;

/** scikit-learn's {@code sklearn.model_selection} functions. */
public final class ModelSelection {
    private ModelSelection() {
    }

    /**
     * {@code train_test_split(*arrays, test_size=testSize, random_state=seed)}: the rows of every array in one random
     * order, the first {@code ceil(testSize * n)} of it the test part and the rest the training part; returns
     * {@code [train_0, test_0, train_1, test_1, ...]} as scikit-learn. Lazy. The order comes from
     * {@code Tensors.random(seed).permutation(n)}: the same seed gives the same split whatever the arrays' chunks
     * (but not numpy's split: the generator is Mars's own).
     */
    public static List<Tensor> trainTestSplit(double testSize, long seed, Tensor... arrays) {
        long n = samples(arrays);
        if (!(testSize > 0 && testSize < 1)) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "test_size=" + testSize + " should be either positive"
                    + " and smaller than the number of samples " + n + " or a float in the (0, 1) range");
        }
        return split((long) Math.ceil(testSize * n), testSize, n, seed, arrays);
    }

    /** As {@link #trainTestSplit(double, long, Tensor...)} with a number of test rows. */
    public static List<Tensor> trainTestSplit(long testCount, long seed, Tensor... arrays) {
        long n = samples(arrays);
        if (testCount <= 0 || testCount >= n) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "test_size=" + testCount + " should be either positive"
                    + " and smaller than the number of samples " + n + " or a float in the (0, 1) range");
        }
        return split(testCount, testCount, n, seed, arrays);
    }

    private static List<Tensor> split(long nTest, Object testSize, long n, long seed, Tensor[] arrays) {
        long nTrain = n - nTest;
        if (nTrain <= 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "With n_samples=" + n + ", test_size=" + testSize
                    + " the resulting train set will be empty. Adjust any of the aforementioned parameters.");
        }
        Tensor order = Tensors.random(seed).permutation(n);
        Tensor test = order.get(Index.slice(0, nTest));
        Tensor train = order.get(Index.slice(nTest, n));
        List<Tensor> out = new ArrayList<>(2 * arrays.length);
        for (Tensor a : arrays) {
            out.add(a.take(train, 0));
            out.add(a.take(test, 0));
        }
        return out;
    }

    private static long samples(Tensor[] arrays) {
        if (arrays.length == 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "At least one array required as input");
        }
        for (int i = 0; i < arrays.length; i++) {
            if (arrays[i].ndim() == 0) {
                throw new MarsException(ErrorCode.INVALID_ARGUMENT, "array " + i + " is 0-dimensional; train_test_split"
                        + " splits the rows of arrays of at least one dimension");
            }
            Inputs.requireKnownShape(arrays[i], "array " + i);
            Inputs.sameSamples(arrays[0], "array 0", arrays[i], "array " + i);
        }
        return arrays[0].shape()[0];
    }
}
