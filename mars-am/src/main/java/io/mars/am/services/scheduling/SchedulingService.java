package io.mars.am.services.scheduling;

import io.mars.common.graph.SubtaskGraph;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Assigns subtasks to workers: leaves spread so that siblings meet on one worker, later subtasks where most of their
 * input bytes are, each worker's queue run depth-first within its slots.
 */
public interface SchedulingService {
    /**
     * Runs every subtask of {@code graph}. {@code storedLocations} names a worker for each input chunk produced by an
     * earlier task. Completes when all subtasks are done, or exceptionally with the first failure once no subtask of
     * the task is running any more.
     */
    CompletableFuture<Void> submit(String sessionId, String taskId, SubtaskGraph graph,
                                   Map<String, String> storedLocations, SchedulingListener listener);

    /** Stops dispatching the task's subtasks; its future fails with TASK_CANCELLED once running ones are done. */
    CompletableFuture<Void> cancel(String taskId);
}
