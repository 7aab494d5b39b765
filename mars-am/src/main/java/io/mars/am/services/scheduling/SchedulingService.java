package io.mars.am.services.scheduling;

import io.mars.common.graph.SubtaskGraph;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * Assigns subtasks to workers: leaves spread so that siblings meet on one worker, later subtasks where most of their
 * input bytes are, each worker's queue run depth-first within its slots and its memory budget: a subtask starts on a
 * worker only while the working-memory estimates of the subtasks running there, plus its own, fit the budget the worker
 * offered; one larger than the budget starts only on an idle worker, alone.
 */
public interface SchedulingService {
    /**
     * Runs every subtask of {@code graph}. {@code storedLocations} names a worker for each input chunk produced by an
     * earlier task; {@code resultKeys} are the chunks the task keeps, which must still exist when it ends. A subtask
     * whose worker is lost runs again elsewhere, and finished subtasks whose outputs were lost with a worker run
     * again from their lineage. Completes when all subtasks are done, or exceptionally with the first failure once
     * no subtask of the task is running any more.
     */
    CompletableFuture<Void> submit(String sessionId, String taskId, SubtaskGraph graph,
                                   Map<String, String> storedLocations, Set<String> resultKeys,
                                   SchedulingListener listener);

    /** Stops dispatching the task's subtasks; its future fails with TASK_CANCELLED once running ones are done. */
    CompletableFuture<Void> cancel(String taskId);

    /** What has been admitted to each live worker by working memory, in the order the workers joined. */
    CompletableFuture<List<WorkerLoad>> workerLoads();
}
