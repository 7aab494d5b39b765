package io.mars.am.services.scheduling.internal;

import io.mars.common.concurrent.Actor;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;

/**
 * Checks that scheduler state is touched only on the scheduler's actor thread (as Flink's
 * {@code RpcEndpoint.validateRunsInMainThread} does): a call from elsewhere would race with the actor, so it fails
 * loudly instead of corrupting the state.
 */
final class Confinement {
    private final Actor owner;

    Confinement(Actor owner) {
        this.owner = owner;
    }

    /** Throws an INTERNAL {@link MarsException} unless the caller runs on the owning actor. */
    void checkOnActor() {
        if (!owner.isOnActorThread()) {
            throw new MarsException(ErrorCode.INTERNAL_ERROR, "scheduler state touched from thread "
                    + Thread.currentThread().getName() + ", not from its actor " + owner.name());
        }
    }
}
