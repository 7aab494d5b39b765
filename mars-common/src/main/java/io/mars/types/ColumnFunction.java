package io.mars.types;

import java.io.Serializable;

/**
 * A user function of one whole column of a frame, for {@code DataFrame.apply(fn, 0)} (pandas' {@code apply(func)},
 * {@code axis=0}, with a function giving one value per column): it gets every value of the column, all row chunks
 * gathered, as a {@link Column} named after it, and returns one value. Serializable, so a lambda of this type travels
 * to the workers; its class must be there too (on YARN: in the job's jar).
 *
 * @param <R> the type of what it returns (null or NaN for a missing value)
 */
@FunctionalInterface
public interface ColumnFunction<R> extends Serializable {
    R apply(Column column);
}
