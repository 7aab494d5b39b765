package io.mars.types;

import java.io.Serializable;

/**
 * A user function of one value of a series, for {@code Series.map} and {@code Series.apply}. Values arrive boxed as
 * {@link Column#get} gives them (Boolean, Integer, Long, Float, Double, String, Instant); a missing value arrives as
 * null, but as NaN in a float series (what pandas passes). Serializable, so a lambda of this type travels to the
 * workers; its class must be there too (on YARN: in the job's jar).
 *
 * @param <T> the type of the values it takes
 * @param <R> the type of what it returns (null or NaN for a missing value)
 */
@FunctionalInterface
public interface ValueFunction<T, R> extends Serializable {
    R apply(T value);
}
