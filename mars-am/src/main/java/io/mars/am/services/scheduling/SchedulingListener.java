package io.mars.am.services.scheduling;

import io.mars.common.rpc.SubtaskResult;

/** Progress callbacks of one task's scheduling, called on the scheduler's thread. */
public interface SchedulingListener {
    void subtaskDispatched(int subtaskId, String workerId, long nanos);

    void subtaskFinished(SubtaskResult result);

    /** A subtask failed on a worker (the task fails with the first such error). */
    default void subtaskFailed(int subtaskId, String workerId, Throwable error) {
    }
}
