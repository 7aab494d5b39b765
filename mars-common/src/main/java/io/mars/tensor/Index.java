package io.mars.tensor;

/**
 * One term of a basic index expression, numpy's {@code a[1:10:2, :, np.newaxis, ..., 3]} written as
 * {@code a.get(Index.slice(1, 10, 2), Index.all(), Index.newAxis(), Index.ellipsis(), Index.at(3))}.
 * Negative positions count from the end and slices clip to the axis, as in numpy.
 */
public sealed interface Index {
    /** {@code start:stop:step}; a null start or stop is numpy's omitted bound, which depends on the step's sign. */
    record Slice(Long start, Long stop, long step) implements Index {
    }

    /** An integer index: selects one position and drops the axis. */
    record At(long position) implements Index {
    }

    /**
     * An integer index tensor (numpy's advanced indexing) on one axis. Several of them are broadcast together and
     * pick elements point by point; the broadcast shape replaces the indexed axes, in place when the expression's
     * integer and array terms are adjacent, else first.
     */
    record Array(Tensor indices) implements Index {
        public Array {
            java.util.Objects.requireNonNull(indices, "indices");
        }
    }

    /** {@code np.newaxis} / {@code None}: inserts an axis of length 1. */
    record NewAxis() implements Index {
    }

    /** {@code ...}: as many full slices as needed to index every axis. */
    record Ellipsis() implements Index {
    }

    /** {@code i}. */
    static Index at(long position) {
        return new At(position);
    }

    /** {@code start:stop}. */
    static Index slice(long start, long stop) {
        return new Slice(start, stop, 1);
    }

    /** {@code start:stop:step}. */
    static Index slice(long start, long stop, long step) {
        return new Slice(start, stop, step);
    }

    /** {@code start:stop:step} with null for an omitted bound, e.g. {@code slice(null, null, -1)} for {@code ::-1}. */
    static Index slice(Long start, Long stop, long step) {
        return new Slice(start, stop, step);
    }

    /** {@code start:}. */
    static Index from(long start) {
        return new Slice(start, null, 1);
    }

    /** {@code :stop}. */
    static Index to(long stop) {
        return new Slice(null, stop, 1);
    }

    /** {@code ::step}. */
    static Index step(long step) {
        return new Slice(null, null, step);
    }

    /** {@code :}. */
    static Index all() {
        return new Slice(null, null, 1);
    }

    /** {@code ::-1}. */
    static Index reversed() {
        return new Slice(null, null, -1);
    }

    /** An integer index tensor on one axis, e.g. {@code a.get(Index.all(), Index.of(idx))} for {@code a[:, idx]}. */
    static Index of(Tensor indices) {
        return new Array(indices);
    }

    static Index newAxis() {
        return new NewAxis();
    }

    static Index ellipsis() {
        return new Ellipsis();
    }
}
