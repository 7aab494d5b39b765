package io.mars.types;

import java.io.Serializable;

/**
 * A user function of one row of a frame, for {@code DataFrame.apply(rowFn)} (pandas' {@code apply(func, axis=1)}
 * giving one value per row). Serializable, so a lambda of this type travels to the workers; its class must be there
 * too (on YARN: in the job's jar).
 *
 * @param <R> the type of what it returns (null or NaN for a missing value)
 */
@FunctionalInterface
public interface RowFunction<R> extends Serializable {
    R apply(Row row);
}
