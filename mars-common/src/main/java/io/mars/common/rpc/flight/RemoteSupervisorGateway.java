package io.mars.common.rpc.flight;

import io.mars.common.rpc.ResultLayout;
import io.mars.common.rpc.SupervisorGateway;
import io.mars.common.rpc.TaskInfo;
import io.mars.common.rpc.WorkerGateway;
import io.mars.common.rpc.flight.RpcMessages.CreateSession;
import io.mars.common.rpc.flight.RpcMessages.Heartbeat;
import io.mars.common.rpc.flight.RpcMessages.HeartbeatReply;
import io.mars.common.rpc.flight.RpcMessages.ReleaseTileables;
import io.mars.common.rpc.flight.RpcMessages.SessionRef;
import io.mars.common.rpc.flight.RpcMessages.StringValue;
import io.mars.common.rpc.flight.RpcMessages.SubmitTask;
import io.mars.common.rpc.flight.RpcMessages.TaskRef;
import io.mars.common.rpc.flight.RpcMessages.TileableRef;
import io.mars.common.rpc.flight.RpcMessages.WorkerAddress;
import io.mars.common.rpc.flight.RpcMessages.WorkerRef;
import io.mars.common.wire.MessageCodec;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.arrow.memory.BufferAllocator;

/**
 * The supervisor in another process (the AM), as a client or a worker reaches it. Workers it names are reached
 * directly, one cached connection each. Owns its connections.
 */
public final class RemoteSupervisorGateway implements SupervisorGateway, AutoCloseable {
    private final RpcClient client;
    private final RpcSecret secret;
    private final BufferAllocator allocator;
    private final Map<String, RemoteWorkerGateway> workers = new ConcurrentHashMap<>();
    private volatile boolean closed;

    public RemoteSupervisorGateway(String host, int port, RpcSecret secret, BufferAllocator allocator) {
        this.secret = secret;
        this.allocator = allocator;
        this.client = new RpcClient("supervisor", host, port, secret, allocator);
    }

    private <T extends Record> CompletableFuture<T> call(String name, Record request, Class<T> reply) {
        return client.call(name, MessageCodec.encode(request)).thenApply(b -> MessageCodec.decode(b, reply));
    }

    public CompletableFuture<Void> registerWorker(WorkerAddress address) {
        return call(RpcMessages.REGISTER_WORKER, address, RpcMessages.Empty.class).thenApply(e -> null);
    }

    /** Completes with false when the supervisor no longer knows this worker. */
    public CompletableFuture<Boolean> heartbeat(String workerId, long storedBytes) {
        return call(RpcMessages.HEARTBEAT, new Heartbeat(workerId, storedBytes), HeartbeatReply.class)
                .thenApply(HeartbeatReply::known);
    }

    @Override
    public CompletableFuture<String> createSession(Map<String, String> conf) {
        return call(RpcMessages.CREATE_SESSION, new CreateSession(conf), StringValue.class).thenApply(StringValue::value);
    }

    @Override
    public CompletableFuture<Void> closeSession(String sessionId) {
        return call(RpcMessages.CLOSE_SESSION, new SessionRef(sessionId), RpcMessages.Empty.class).thenApply(e -> null);
    }

    @Override
    public CompletableFuture<String> submitTask(String sessionId, byte[] tileableGraph) {
        return call(RpcMessages.SUBMIT_TASK, new SubmitTask(sessionId, tileableGraph), StringValue.class)
                .thenApply(StringValue::value);
    }

    @Override
    public CompletableFuture<TaskInfo> waitTask(String sessionId, String taskId) {
        return call(RpcMessages.WAIT_TASK, new TaskRef(sessionId, taskId), TaskInfo.class);
    }

    @Override
    public CompletableFuture<TaskInfo> taskInfo(String sessionId, String taskId) {
        return call(RpcMessages.TASK_INFO, new TaskRef(sessionId, taskId), TaskInfo.class);
    }

    @Override
    public CompletableFuture<Void> cancelTask(String sessionId, String taskId) {
        return call(RpcMessages.CANCEL_TASK, new TaskRef(sessionId, taskId), RpcMessages.Empty.class)
                .thenApply(e -> null);
    }

    @Override
    public CompletableFuture<ResultLayout> resultLayout(String sessionId, String tileableKey) {
        return call(RpcMessages.RESULT_LAYOUT, new TileableRef(sessionId, tileableKey), ResultLayout.class);
    }

    @Override
    public CompletableFuture<Void> releaseTileables(String sessionId, List<String> tileableKeys) {
        return call(RpcMessages.RELEASE_TILEABLES, new ReleaseTileables(sessionId, tileableKeys),
                RpcMessages.Empty.class).thenApply(e -> null);
    }

    /**
     * Ends a client-mode application (its AM unregisters with this outcome); fails with NOT_SUPPORTED from a
     * supervisor that does not run one.
     */
    public CompletableFuture<Void> finishApplication(boolean succeeded, String diagnostics) {
        return call(RpcMessages.FINISH_APPLICATION, new RpcMessages.FinishApplication(succeeded, diagnostics),
                RpcMessages.Empty.class).thenApply(e -> null);
    }

    /** Tells a client-mode AM that the client that started it is still there. */
    public CompletableFuture<Void> keepAlive() {
        return call(RpcMessages.KEEP_ALIVE, new RpcMessages.Empty(), RpcMessages.Empty.class).thenApply(e -> null);
    }

    @Override
    public WorkerGateway worker(String workerId) {
        return workers.computeIfAbsent(workerId, id -> {
            if (closed) {
                throw new io.mars.common.error.MarsException(io.mars.common.error.ErrorCode.SESSION_CLOSED,
                        "the connection to the supervisor is closed");
            }
            WorkerAddress a;
            try {
                a = call(RpcMessages.WORKER_ADDRESS, new WorkerRef(id), WorkerAddress.class).join();
            } catch (java.util.concurrent.CompletionException e) {
                throw io.mars.common.error.MarsException.wrap(e);
            }
            return new RemoteWorkerGateway(a, secret, allocator);
        });
    }

    @Override
    public void close() {
        closed = true;
        workers.values().forEach(RemoteWorkerGateway::close);
        workers.clear();
        client.close();
    }
}
