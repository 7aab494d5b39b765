package io.mars.am.services.task;

import io.mars.common.graph.TileableGraph;
import io.mars.common.rpc.TaskInfo;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/** Runs tileable graphs: tile, fuse into subtasks, schedule, store the results in the session. */
public interface TaskService {
    /** Accepts a graph; completes with the task id. */
    CompletableFuture<String> submit(String sessionId, TileableGraph graph);

    CompletableFuture<TaskInfo> info(String taskId);

    /** Completes with the final info when the task ends (normally also for FAILED and CANCELLED). */
    CompletableFuture<TaskInfo> waitFor(String taskId);

    CompletableFuture<Void> cancel(String taskId);

    /** Every task this service has accepted, oldest first (read-only). */
    CompletableFuture<List<TaskStatus>> statuses();

    /** One task's status; fails with INVALID_ARGUMENT naming an unknown id. */
    CompletableFuture<TaskStatus> status(String taskId);

    /** The task's tileable graph with its subtasks by state per tileable (the web UI's task view). */
    CompletableFuture<TaskGraph> graph(String taskId);
}
