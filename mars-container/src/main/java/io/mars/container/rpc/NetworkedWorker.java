package io.mars.container.rpc;

import io.mars.common.concurrent.DaemonThreads;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.rpc.WorkerGateway;
import io.mars.common.rpc.flight.RemoteSupervisorGateway;
import io.mars.common.rpc.flight.RpcMessages.WorkerAddress;
import io.mars.common.rpc.flight.RpcSecret;
import io.mars.common.rpc.flight.RpcServer;
import io.mars.common.rpc.flight.WorkerRpc;
import io.mars.container.Worker;
import io.mars.container.WorkerConfig;
import io.mars.container.kernels.KernelRegistry;
import io.mars.container.services.storage.StorageService;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.arrow.memory.BufferAllocator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A worker in its own process: the {@link Worker} behind an authenticated RPC endpoint, registered with the
 * supervisor, heartbeating. It stops itself when the supervisor drops it or cannot be reached for
 * {@code heartbeatTimeout} (the AM is gone); {@link #terminated()} then completes with the reason. Peers are reached
 * through the supervisor's directory, this worker's own chunks locally. The composition root of a worker container.
 */
public final class NetworkedWorker implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(NetworkedWorker.class);
    private final String id;
    private final RemoteSupervisorGateway supervisor;
    private final Worker worker;
    private final RpcServer server;
    private final ScheduledExecutorService heartbeats;
    private final CompletableFuture<String> terminated = new CompletableFuture<>();
    private volatile long lastContactNanos = System.nanoTime();

    public NetworkedWorker(String id, String host, WorkerConfig config, StorageService storage, KernelRegistry kernels,
                           RpcSecret secret, String supervisorHost, int supervisorPort, BufferAllocator allocator,
                           long memoryBytes, Duration heartbeatInterval, Duration heartbeatTimeout) {
        this.id = id;
        this.supervisor = new RemoteSupervisorGateway(supervisorHost, supervisorPort, secret, allocator);
        AtomicReference<WorkerGateway> self = new AtomicReference<>();
        this.worker = new Worker(id, config, storage, kernels,
                peer -> peer.equals(id) ? self.get() : supervisor.worker(peer));
        self.set(worker);
        RpcServer s;
        try {
            s = new RpcServer("worker-" + id, host, 0, secret, allocator, WorkerRpc.handlers(worker),
                    WorkerRpc.chunkStreams(worker));
        } catch (RuntimeException e) {
            worker.close();
            supervisor.close();
            throw e;
        }
        this.server = s;
        this.heartbeats = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("mars-" + id + "-heartbeat"));
        try {
            supervisor.registerWorker(new WorkerAddress(id, host, server.port(), config.slots(), memoryBytes)).join();
        } catch (RuntimeException e) {
            close();
            throw new MarsException(ErrorCode.RPC_FAILED, "worker " + id + " cannot register with the supervisor at "
                    + supervisorHost + ":" + supervisorPort + ": " + MarsException.wrap(e).getMessage(), e);
        }
        LOG.info("worker {} registered with the supervisor at {}:{}; serving on {}:{}", id, supervisorHost,
                supervisorPort, host, server.port());
        long every = heartbeatInterval.toMillis();
        heartbeats.scheduleWithFixedDelay(() -> beat(heartbeatTimeout), every, every, TimeUnit.MILLISECONDS);
    }

    private void beat(Duration timeout) {
        try {
            boolean known = supervisor.heartbeat(id, worker.storage().storedBytes()).get(timeout.toMillis(),
                    TimeUnit.MILLISECONDS);
            lastContactNanos = System.nanoTime();
            if (!known) {
                terminated.complete("the supervisor no longer knows worker " + id);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            long silentMs = (System.nanoTime() - lastContactNanos) / 1_000_000;
            LOG.warn("heartbeat of worker {} failed ({} ms without contact): {}", id, silentMs, e.toString());
            if (silentMs >= timeout.toMillis()) {
                terminated.complete("the supervisor has been unreachable for " + silentMs + " ms");
            }
        }
    }

    public String id() {
        return id;
    }

    public int port() {
        return server.port();
    }

    public Worker worker() {
        return worker;
    }

    /** Completes with the reason once this worker must stop (the supervisor dropped it or is gone). */
    public CompletableFuture<String> terminated() {
        return terminated;
    }

    @Override
    public void close() {
        terminated.complete("closed");
        heartbeats.shutdownNow();
        server.close();
        worker.close();
        supervisor.close();
    }
}
