package io.mars.common.rpc;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * What a client calls on the supervisor (the AM, or the local cluster's supervisor): sessions, tasks, and where
 * results live. Data itself is fetched from the workers.
 */
public interface SupervisorGateway {
    /**
     * The id a new session asks for ({@link #createSession}); when a session of that id exists (a new AM attempt
     * recovered it), the caller joins it, with the results it keeps. Unset: the supervisor picks a fresh id.
     */
    String SESSION_ID = "mars.session.id";

    /** Opens a session with {@code conf}; completes with its id. */
    CompletableFuture<String> createSession(Map<String, String> conf);

    /** Releases every stored result of the session and forgets it. */
    CompletableFuture<Void> closeSession(String sessionId);

    /**
     * Submits a tileable graph in its Avro wire form ({@code GraphCodec.encode(TileableGraph)}), as it crosses the
     * process boundary; completes with the task's id once accepted.
     */
    CompletableFuture<String> submitTask(String sessionId, byte[] tileableGraph);

    /** Completes when the task ends, with its final info (FAILED tasks complete normally; check the state). */
    CompletableFuture<TaskInfo> waitTask(String sessionId, String taskId);

    CompletableFuture<TaskInfo> taskInfo(String sessionId, String taskId);

    /**
     * Asks the supervisor to stop a task: no further subtask is dispatched, the running ones finish, what the task
     * produced is given back, and it ends CANCELLED ({@link #waitTask} then completes). Completes once asked; a task
     * that has ended is left as it is.
     */
    CompletableFuture<Void> cancelTask(String sessionId, String taskId);

    CompletableFuture<ResultLayout> resultLayout(String sessionId, String tileableKey);

    CompletableFuture<Void> releaseTileables(String sessionId, List<String> tileableKeys);

    /** The worker to fetch a chunk from. */
    WorkerGateway worker(String workerId);
}
