package io.mars.types;

import java.io.Serializable;

/**
 * A user function called remotely by {@code Session.spawn} (Mars's {@code mr.spawn}): it gets the spawn's arguments,
 * other spawned results and tensors already computed (as {@link NDArray}s), and returns any serializable value.
 * Serializable, so a lambda of this type travels to the workers; its class must be there too (on YARN: in the job's
 * jar).
 *
 * @param <R> the type of what it returns
 */
@FunctionalInterface
public interface RemoteFunction<R> extends Serializable {
    R call(Object[] args);
}
