package io.mars.learn;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.tensor.Index;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * scikit-learn's {@code KFold}: the rows cut into {@code nSplits} consecutive folds (the first {@code n % nSplits}
 * one row larger), each fold once the test part and the rest the training part. With {@code shuffle} the rows are
 * first put in the random order of {@code Tensors.random(seed).permutation(n)}: the same seed gives the same folds
 * whatever the chunking, but not numpy's folds. Lazy: the folds are index tensors, to {@code take} rows with.
 */
public final class KFold {
    /** One split: the row indices (int64, ascending) to train on and to test on. */
    public record Fold(Tensor train, Tensor test) {
        public Fold {
            Objects.requireNonNull(train, "train");
            Objects.requireNonNull(test, "test");
        }
    }

    private final int nSplits;
    private final boolean shuffle;
    private final long seed;

    /** Five folds in row order, scikit-learn's default. */
    public KFold() {
        this(5);
    }

    public KFold(int nSplits) {
        this(nSplits, false, 0);
    }

    /** scikit-learn's {@code n_splits} (at least 2), {@code shuffle} and {@code random_state}. */
    public KFold(int nSplits, boolean shuffle, long seed) {
        if (nSplits < 2) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "k-fold cross-validation requires at least one"
                    + " train/test split by setting n_splits=2 or more, got n_splits=" + nSplits + ".");
        }
        this.nSplits = nSplits;
        this.shuffle = shuffle;
        this.seed = seed;
    }

    public int nSplits() {
        return nSplits;
    }

    /** The folds of the rows of x (any array of at least one dimension). */
    public List<Fold> split(Tensor x) {
        Inputs.requireKnownShape(x, "X");
        if (x.ndim() == 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "KFold splits the rows of an array of at least one"
                    + " dimension; X is 0-dimensional");
        }
        return split(x.shape()[0]);
    }

    /** The folds of {@code n} rows. */
    public List<Fold> split(long n) {
        if (nSplits > n) {
            throw new MarsException(ErrorCode.TOO_FEW_SAMPLES, "Cannot have number of splits n_splits=" + nSplits
                    + " greater than the number of samples: n_samples=" + n + ".");
        }
        Tensor order = shuffle ? Tensors.random(seed).permutation(n) : Tensors.arange(n);
        List<Fold> folds = new ArrayList<>(nSplits);
        long start = 0;
        for (int i = 0; i < nSplits; i++) {
            long size = n / nSplits + (i < n % nSplits ? 1 : 0);
            long stop = start + size;
            Tensor test = order.get(Index.slice(start, stop));
            List<Tensor> rest = new ArrayList<>(2);
            if (start > 0) {
                rest.add(order.get(Index.slice(0, start)));
            }
            if (stop < n) {
                rest.add(order.get(Index.slice(stop, n)));
            }
            Tensor train = rest.size() == 1 ? rest.get(0) : Tensors.concatenate(rest);
            // scikit-learn gives both parts in ascending row order, also when shuffled
            folds.add(shuffle ? new Fold(train.sort(), test.sort()) : new Fold(train, test));
            start = stop;
        }
        return folds;
    }
}
