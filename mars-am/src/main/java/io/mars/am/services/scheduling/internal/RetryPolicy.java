package io.mars.am.services.scheduling.internal;

import io.mars.am.services.scheduling.SchedulingConfig;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.ErrorKind;
import io.mars.common.error.MarsException;
import io.mars.common.error.MissingChunkException;

/**
 * What a subtask's failure on a worker leads to: recomputing chunks a live worker lost, a retry after probing the
 * workers involved (a worker went away, or an input with it), or the end of the task; never more than
 * {@link SchedulingConfig#maxAttempts()} runs of one subtask.
 */
final class RetryPolicy {
    /** The three ways a failed subtask goes on. */
    enum Decision {
        /** Inputs a live worker lost, named in a {@link MissingChunkException}: recompute them, then retry. */
        RECOVER_MISSING,
        /** A transport error or a lost worker: probe the workers involved, then retry. */
        PROBE_AND_RETRY,
        /** The task fails with {@link #failure}. */
        FAIL
    }

    private final SchedulingConfig config;

    RetryPolicy(SchedulingConfig config) {
        this.config = config;
    }

    Decision decide(TaskRun run, int id, MarsException cause) {
        boolean mayRetry = run.failure == null && run.attempts[id] < config.maxAttempts();
        if (mayRetry && cause instanceof MissingChunkException) {
            return Decision.RECOVER_MISSING;
        }
        if (mayRetry && retryable(cause)) {
            return Decision.PROBE_AND_RETRY;
        }
        return Decision.FAIL;
    }

    /**
     * Failures a rerun can fix after probing: a worker that went away, or an input that went with it. (A chunk a live
     * worker lost names itself in a {@link MissingChunkException}.)
     */
    private static boolean retryable(MarsException e) {
        return e.code() == ErrorCode.WORKER_LOST || e.code() == ErrorCode.RPC_FAILED;
    }

    /** The error the task fails with when subtask {@code id} failed for good on {@code workerId}. */
    MarsException failure(TaskRun run, int id, String workerId, MarsException cause) {
        if (cause instanceof MissingChunkException missing) {
            return new MarsException(ErrorCode.CHUNK_LOST, "subtask " + id + " of task " + run.taskId
                    + " could not read chunk " + missing.chunkKey() + " (missing on worker " + missing.workerId() + ")"
                    + attemptsNote(run, id) + "; it was recomputed as often as mars.subtask.max-attempts allows and"
                    + " cannot be recomputed again: " + cause.getMessage(), cause);
        }
        return cause.kind() == ErrorKind.INTERNAL && cause.code() != ErrorCode.SUBTASK_FAILED
                ? new MarsException(ErrorCode.SUBTASK_FAILED, "subtask " + id + " of task " + run.taskId + " failed on "
                + workerId + attemptsNote(run, id) + ": " + cause.getMessage(), cause)
                : cause;
    }

    int maxAttempts() {
        return config.maxAttempts();
    }

    private String attemptsNote(TaskRun run, int id) {
        return run.attempts[id] > 1 ? " (attempt " + run.attempts[id] + " of " + config.maxAttempts() + ")" : "";
    }
}
