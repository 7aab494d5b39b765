package io.mars.am.rpc;

import io.mars.am.Supervisor;
import io.mars.am.services.cluster.ClusterService;
import io.mars.am.services.cluster.internal.RemoteWorkers;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.rpc.flight.RpcHandler;
import io.mars.common.rpc.flight.RpcSecret;
import java.util.HashMap;
import java.util.Map;
import io.mars.common.rpc.flight.RpcServer;
import io.mars.common.rpc.flight.SupervisorRpc;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.apache.arrow.memory.BufferAllocator;

/**
 * The supervisor's network face: one authenticated RPC endpoint serving clients (sessions, tasks, results) and workers
 * (registration, heartbeats, peer addresses). Owns the endpoint and the remote-worker membership it feeds.
 */
public final class SupervisorEndpoint implements AutoCloseable {
    private final RemoteWorkers workers;
    private final RpcServer server;
    private final String host;

    public SupervisorEndpoint(Supervisor supervisor, ClusterService cluster, RpcSecret secret, String host, int port,
                              BufferAllocator allocator, Duration heartbeatTimeout) {
        this(supervisor, cluster, secret, host, port, allocator, heartbeatTimeout, Map.of());
    }

    /** An endpoint that also serves {@code extra} calls (the AM's own, such as ending a client-mode application). */
    public SupervisorEndpoint(Supervisor supervisor, ClusterService cluster, RpcSecret secret, String host, int port,
                              BufferAllocator allocator, Duration heartbeatTimeout, Map<String, RpcHandler> extra) {
        this.host = host;
        this.workers = new RemoteWorkers(cluster, secret, allocator, heartbeatTimeout);
        Map<String, RpcHandler> handlers = new HashMap<>(SupervisorRpc.handlers(supervisor, workers));
        handlers.putAll(extra);
        try {
            this.server = new RpcServer("supervisor", host, port, secret, allocator, Map.copyOf(handlers),
                    ticket -> CompletableFuture.failedFuture(new MarsException(ErrorCode.NOT_SUPPORTED,
                            "the supervisor serves no data; fetch chunks from the workers")));
        } catch (RuntimeException e) {
            workers.close();
            throw e;
        }
    }

    public String host() {
        return host;
    }

    public int port() {
        return server.port();
    }

    public RemoteWorkers workers() {
        return workers;
    }

    @Override
    public void close() {
        server.close();
        workers.close();
    }
}
