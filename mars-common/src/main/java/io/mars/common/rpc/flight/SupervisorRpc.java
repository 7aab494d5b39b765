package io.mars.common.rpc.flight;

import static io.mars.common.rpc.flight.RpcMessages.CLOSE_SESSION;
import static io.mars.common.rpc.flight.RpcMessages.CREATE_SESSION;
import static io.mars.common.rpc.flight.RpcMessages.HEARTBEAT;
import static io.mars.common.rpc.flight.RpcMessages.REGISTER_WORKER;
import static io.mars.common.rpc.flight.RpcMessages.RELEASE_TILEABLES;
import static io.mars.common.rpc.flight.RpcMessages.RESULT_LAYOUT;
import static io.mars.common.rpc.flight.RpcMessages.SUBMIT_TASK;
import static io.mars.common.rpc.flight.RpcMessages.TASK_INFO;
import static io.mars.common.rpc.flight.RpcMessages.WAIT_TASK;
import static io.mars.common.rpc.flight.RpcMessages.WORKER_ADDRESS;

import io.mars.common.rpc.SupervisorGateway;
import io.mars.common.rpc.flight.RpcMessages.CreateSession;
import io.mars.common.rpc.flight.RpcMessages.Empty;
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
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/** Serves the supervisor over an {@link RpcServer}: the client calls of {@link SupervisorGateway} and worker membership. */
public final class SupervisorRpc {
    private static final byte[] EMPTY = MessageCodec.encode(new Empty());

    private SupervisorRpc() {
    }

    public static Map<String, RpcHandler> handlers(SupervisorGateway supervisor, WorkerDirectory workers) {
        Map<String, RpcHandler> h = new HashMap<>();
        h.put(REGISTER_WORKER, req -> {
            workers.register(MessageCodec.decode(req, WorkerAddress.class));
            return CompletableFuture.completedFuture(EMPTY);
        });
        h.put(HEARTBEAT, req -> CompletableFuture.completedFuture(MessageCodec.encode(
                new HeartbeatReply(workers.heartbeat(MessageCodec.decode(req, Heartbeat.class))))));
        h.put(WORKER_ADDRESS, req -> CompletableFuture.completedFuture(MessageCodec.encode(
                workers.address(MessageCodec.decode(req, WorkerRef.class).workerId()))));
        h.put(CREATE_SESSION, req -> supervisor.createSession(MessageCodec.decode(req, CreateSession.class).conf())
                .thenApply(id -> MessageCodec.encode(new StringValue(id))));
        h.put(CLOSE_SESSION, req -> supervisor.closeSession(MessageCodec.decode(req, SessionRef.class).sessionId())
                .thenApply(v -> EMPTY));
        h.put(SUBMIT_TASK, req -> {
            SubmitTask r = MessageCodec.decode(req, SubmitTask.class);
            return supervisor.submitTask(r.sessionId(), r.tileableGraph())
                    .thenApply(id -> MessageCodec.encode(new StringValue(id)));
        });
        h.put(WAIT_TASK, req -> {
            TaskRef r = MessageCodec.decode(req, TaskRef.class);
            return supervisor.waitTask(r.sessionId(), r.taskId()).thenApply(MessageCodec::encode);
        });
        h.put(TASK_INFO, req -> {
            TaskRef r = MessageCodec.decode(req, TaskRef.class);
            return supervisor.taskInfo(r.sessionId(), r.taskId()).thenApply(MessageCodec::encode);
        });
        h.put(RpcMessages.CANCEL_TASK, req -> {
            TaskRef r = MessageCodec.decode(req, TaskRef.class);
            return supervisor.cancelTask(r.sessionId(), r.taskId()).thenApply(v -> EMPTY);
        });
        h.put(RESULT_LAYOUT, req -> {
            TileableRef r = MessageCodec.decode(req, TileableRef.class);
            return supervisor.resultLayout(r.sessionId(), r.tileableKey()).thenApply(MessageCodec::encode);
        });
        h.put(RELEASE_TILEABLES, req -> {
            ReleaseTileables r = MessageCodec.decode(req, ReleaseTileables.class);
            return supervisor.releaseTileables(r.sessionId(), r.tileableKeys()).thenApply(v -> EMPTY);
        });
        return Map.copyOf(h);
    }
}
