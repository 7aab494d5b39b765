package io.mars.am.services.scheduling;

import io.mars.common.rpc.SubtaskResult;

/** Progress callbacks of one task's scheduling, called on the scheduler's thread. */
public interface SchedulingListener {
    void subtaskDispatched(int subtaskId, String workerId, long nanos);

    void subtaskFinished(SubtaskResult result);
}
