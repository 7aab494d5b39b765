package io.mars.common.rpc.flight;

import java.util.List;
import java.util.Map;

/**
 * The requests and replies exchanged between client, supervisor and workers, and the call names they travel under.
 * Each is a record encoded by {@link io.mars.common.wire.MessageCodec}; graphs and subtasks travel in their own Avro
 * encodings as bytes.
 */
public final class RpcMessages {
    private RpcMessages() {
    }

    // call names served by a worker
    public static final String RUN_SUBTASK = "worker.runSubtask";
    public static final String DELETE_CHUNKS = "worker.deleteChunks";
    public static final String STORED_BYTES = "worker.storedBytes";
    public static final String WORKER_REPORT = "worker.report";
    /** A new AM attempt tells a worker that outlived the last one where its supervisor is now. */
    public static final String REATTACH_WORKER = "worker.reattach";
    // call names served by the supervisor
    public static final String REGISTER_WORKER = "cluster.registerWorker";
    public static final String HEARTBEAT = "cluster.heartbeat";
    public static final String WORKER_ADDRESS = "cluster.workerAddress";
    public static final String CREATE_SESSION = "session.create";
    public static final String CLOSE_SESSION = "session.close";
    public static final String SUBMIT_TASK = "task.submit";
    public static final String WAIT_TASK = "task.wait";
    public static final String TASK_INFO = "task.info";
    public static final String CANCEL_TASK = "task.cancel";
    public static final String RESULT_LAYOUT = "task.resultLayout";
    public static final String RELEASE_TILEABLES = "task.releaseTileables";
    /** Client mode: the client that started the application ends it (served by the AM, not the supervisor). */
    public static final String FINISH_APPLICATION = "app.finish";
    /** Client mode: the client that started the application is still there. */
    public static final String KEEP_ALIVE = "app.keepAlive";
    /** A worker asks the AM for the application's current delegation tokens (Kerberos clusters, with a keytab). */
    public static final String CREDENTIALS = "app.credentials";
    /** The setting (ms) naming how often a worker makes that call; the AM passes it only when it renews tokens. */
    public static final String CREDENTIALS_POLL_INTERVAL = "mars.yarn.credentials.poll-interval-ms";

    public record Empty() {
    }

    public record LongValue(long value) {
    }

    public record StringValue(String value) {
    }

    public record RunSubtask(String sessionId, byte[] subtask, Map<String, String> inputLocations) {
    }

    public record DeleteChunks(String sessionId, List<String> chunkKeys) {
    }

    /** The ticket of a chunk's data stream: the whole chunk, or (part &gt;= 0) one part of a shuffle map's output. */
    public record ChunkTicket(String sessionId, String chunkKey, int part) {
        public ChunkTicket(String sessionId, String chunkKey) {
            this(sessionId, chunkKey, -1);
        }
    }

    /** Where a worker serves RPC, and what it offers. */
    public record WorkerAddress(String workerId, String host, int port, int slots, long memoryBytes) {
    }

    /** Where a supervisor serves RPC: what {@value #REATTACH_WORKER} sends. */
    public record SupervisorAddress(String host, int port) {
    }

    public record Heartbeat(String workerId, long storedBytes) {
    }

    /** {@code known == false} tells the worker the supervisor has dropped it: it must exit. */
    public record HeartbeatReply(boolean known) {
    }

    public record WorkerRef(String workerId) {
    }

    public record CreateSession(Map<String, String> conf) {
    }

    public record SessionRef(String sessionId) {
    }

    public record SubmitTask(String sessionId, byte[] tileableGraph) {
    }

    public record TaskRef(String sessionId, String taskId) {
    }

    public record TileableRef(String sessionId, String tileableKey) {
    }

    public record ReleaseTileables(String sessionId, List<String> tileableKeys) {
    }

    /** How a client-mode application ends: succeeded, or failed with the diagnostics shown in YARN. */
    public record FinishApplication(boolean succeeded, String diagnostics) {
    }
}
