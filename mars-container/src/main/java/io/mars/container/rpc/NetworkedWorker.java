package io.mars.container.rpc;

import io.mars.common.concurrent.DaemonThreads;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.rpc.WorkerGateway;
import io.mars.common.rpc.flight.RemoteSupervisorGateway;
import io.mars.common.rpc.flight.RpcMessages;
import io.mars.common.rpc.flight.RpcMessages.SupervisorAddress;
import io.mars.common.rpc.flight.RpcMessages.WorkerAddress;
import io.mars.common.wire.MessageCodec;
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
 *
 * <p>With a failover window (the application keeps its containers across AM attempts), an unreachable supervisor is
 * waited for that much longer: a new AM attempt that recovered this worker's address calls
 * {@value RpcMessages#REATTACH_WORKER} with its own, and the worker registers there and goes on serving, its stored
 * chunks kept.
 */
public final class NetworkedWorker implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(NetworkedWorker.class);
    private final String id;
    /** What this worker registers with a supervisor (the first, and any later AM attempt's). */
    private final WorkerAddress address;
    private final RpcSecret secret;
    private final BufferAllocator allocator;
    private final Duration failover;
    private final AtomicReference<RemoteSupervisorGateway> supervisor = new AtomicReference<>();
    private volatile boolean waitingLogged;
    /** Told of every new supervisor address this worker reattaches to. */
    private final java.util.function.BiConsumer<String, Integer> onReattach;
    private final Worker worker;
    private final RpcServer server;
    private final ScheduledExecutorService heartbeats;
    private final CompletableFuture<String> terminated = new CompletableFuture<>();
    private volatile long lastContactNanos = System.nanoTime();

    public NetworkedWorker(String id, String host, WorkerConfig config, StorageService storage, KernelRegistry kernels,
                           RpcSecret secret, String supervisorHost, int supervisorPort, BufferAllocator allocator,
                           long memoryBytes, Duration heartbeatInterval, Duration heartbeatTimeout) {
        this(id, host, config, storage, kernels, secret, supervisorHost, supervisorPort, allocator, memoryBytes,
                heartbeatInterval, heartbeatTimeout, Duration.ZERO, (h, p) -> { });
    }

    /**
     * As the other constructor; {@code failover} is how much longer than {@code heartbeatTimeout} an unreachable
     * supervisor is waited for, for a new AM attempt to reattach this worker (zero: none), and {@code onReattach} is
     * told each new supervisor address (host, port).
     */
    public NetworkedWorker(String id, String host, WorkerConfig config, StorageService storage, KernelRegistry kernels,
                           RpcSecret secret, String supervisorHost, int supervisorPort, BufferAllocator allocator,
                           long memoryBytes, Duration heartbeatInterval, Duration heartbeatTimeout,
                           Duration failover, java.util.function.BiConsumer<String, Integer> onReattach) {
        this.onReattach = onReattach;
        this.id = id;
        this.secret = secret;
        this.allocator = allocator;
        this.failover = failover;
        this.supervisor.set(new RemoteSupervisorGateway(supervisorHost, supervisorPort, secret, allocator));
        AtomicReference<WorkerGateway> self = new AtomicReference<>();
        this.worker = new Worker(id, config, storage, kernels,
                peer -> peer.equals(id) ? self.get() : supervisor.get().worker(peer));
        self.set(worker);
        RpcServer s;
        try {
            java.util.Map<String, io.mars.common.rpc.flight.RpcHandler> handlers =
                    new java.util.HashMap<>(WorkerRpc.handlers(worker));
            handlers.put(RpcMessages.REATTACH_WORKER, req -> {
                try {
                    SupervisorAddress to = MessageCodec.decode(req, SupervisorAddress.class);
                    reattach(to.host(), to.port());
                    return CompletableFuture.completedFuture(MessageCodec.encode(new RpcMessages.Empty()));
                } catch (RuntimeException e) {
                    return CompletableFuture.failedFuture(e);
                }
            });
            s = new RpcServer("worker-" + id, host, 0, secret, allocator, java.util.Map.copyOf(handlers),
                    WorkerRpc.chunkStreams(worker));
        } catch (RuntimeException e) {
            worker.close();
            supervisor.get().close();
            throw e;
        }
        this.server = s;
        this.address = new WorkerAddress(id, host, s.port(), config.slots(), memoryBytes);
        this.heartbeats = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("mars-" + id + "-heartbeat"));
        try {
            supervisor.get().registerWorker(address).join();
            LOG.info("worker {} registered with the supervisor at {}:{}; serving on {}:{}", id, supervisorHost,
                    supervisorPort, host, server.port());
        } catch (RuntimeException e) {
            if (failover.isZero() || !unreachable(e)) {
                close();
                throw new MarsException(ErrorCode.RPC_FAILED, "worker " + id + " cannot register with the supervisor"
                        + " at " + supervisorHost + ":" + supervisorPort + ": " + MarsException.wrap(e).getMessage(), e);
            }
            // the AM died while it took this worker in (it may have recorded it for its next attempt already): wait
            // for a reattachment as a registered worker would, and stop at the same deadline if none comes
            LOG.warn("worker {} could not register with the supervisor at {}:{}, which closed the connection ({}); it "
                    + "waits up to {} ms for a new AM attempt to reattach it; serving on {}:{}", id, supervisorHost,
                    supervisorPort, MarsException.wrap(e).getMessage(),
                    heartbeatTimeout.plus(failover).toMillis(), host, server.port());
        }
        long every = heartbeatInterval.toMillis();
        heartbeats.scheduleWithFixedDelay(() -> beat(heartbeatTimeout), every, every, TimeUnit.MILLISECONDS);
    }

    /**
     * Registers this worker with the supervisor at {@code newHost:newPort} (a new AM attempt) and talks to that one
     * from now on; the chunks it stores stay, for the new attempt to use.
     */
    synchronized void reattach(String newHost, int newPort) {
        if (terminated.isDone()) {
            throw new MarsException(ErrorCode.WORKER_LOST, "worker " + id + " has stopped: "
                    + terminated.getNow("stopped"));
        }
        RemoteSupervisorGateway next = new RemoteSupervisorGateway(newHost, newPort, secret, allocator);
        try {
            next.registerWorker(address).join();
        } catch (RuntimeException e) {
            next.close();
            throw new MarsException(ErrorCode.RPC_FAILED, "worker " + id + " cannot register with the new supervisor"
                    + " at " + newHost + ":" + newPort + ": " + MarsException.wrap(e).getMessage(), e);
        }
        RemoteSupervisorGateway old = supervisor.getAndSet(next);
        onReattach.accept(newHost, newPort);
        lastContactNanos = System.nanoTime();
        waitingLogged = false;
        old.close();
        LOG.info("worker {} reattached to the supervisor of a new AM attempt at {}:{}, keeping {} stored bytes", id,
                newHost, newPort, worker.storage().storedBytes());
    }

    /** Whether {@code e} is the supervisor being unreachable (its connection refused or closed), not a refusal. */
    static boolean unreachable(Throwable e) {
        for (Throwable c = e; c != null; c = c.getCause()) {
            if (c instanceof org.apache.arrow.flight.FlightRuntimeException f
                    && f.status().code() == org.apache.arrow.flight.FlightStatusCode.UNAVAILABLE) {
                return true;
            }
        }
        return false;
    }

    private void beat(Duration timeout) {
        RemoteSupervisorGateway current = supervisor.get();
        try {
            boolean known = current.heartbeat(id, worker.storage().storedBytes()).get(timeout.toMillis(),
                    TimeUnit.MILLISECONDS);
            lastContactNanos = System.nanoTime();
            if (!known && current == supervisor.get()) {
                terminated.complete("the supervisor no longer knows worker " + id);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            long silentMs = (System.nanoTime() - lastContactNanos) / 1_000_000;
            if (silentMs < timeout.toMillis()) {
                LOG.warn("heartbeat of worker {} failed ({} ms without contact): {}", id, silentMs, e.toString());
            } else if (silentMs < timeout.plus(failover).toMillis()) {
                if (!waitingLogged) {
                    waitingLogged = true;
                    LOG.warn("the supervisor has been unreachable for {} ms; worker {} keeps its chunks and waits up to "
                            + "{} ms more for a new AM attempt to reattach it ({})", silentMs, id, failover.toMillis(),
                            e.toString());
                }
            } else {
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
        supervisor.get().close();
    }
}
