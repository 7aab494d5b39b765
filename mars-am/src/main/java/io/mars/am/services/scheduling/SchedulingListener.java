package io.mars.am.services.scheduling;

import io.mars.common.rpc.SubtaskResult;

/** Progress callbacks of one task's scheduling, called on the scheduler's thread. */
public interface SchedulingListener {
    void subtaskDispatched(int subtaskId, String workerId, long nanos);

    void subtaskFinished(SubtaskResult result);

    /** A subtask failed on a worker (the task fails with the first such error). */
    default void subtaskFailed(int subtaskId, String workerId, Throwable error) {
    }

    /**
     * A running subtask will run again: its worker, or a worker holding its inputs, was lost. It counts as pending
     * from now on.
     */
    default void subtaskRetried(int subtaskId, String workerId, Throwable cause) {
    }

    /** A subtask that had finished will run again because outputs it stored were lost with their worker. */
    default void subtaskReverted(int subtaskId) {
    }
}
