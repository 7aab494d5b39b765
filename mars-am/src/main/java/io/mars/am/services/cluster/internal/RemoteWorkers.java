package io.mars.am.services.cluster.internal;

import io.mars.common.concurrent.DaemonThreads;
import io.mars.am.services.cluster.ClusterService;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.rpc.WorkerGateway;
import io.mars.common.rpc.flight.RemoteWorkerGateway;
import io.mars.common.rpc.flight.RpcMessages.Heartbeat;
import io.mars.common.rpc.flight.RpcMessages.WorkerAddress;
import io.mars.common.rpc.flight.RpcSecret;
import io.mars.common.rpc.flight.WorkerDirectory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Workers in other processes: admits those that register over RPC into the cluster, tracks their heartbeats and drops
 * one that stays silent past the timeout. Owns the connections it opens and its monitor thread.
 */
public final class RemoteWorkers implements WorkerDirectory, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RemoteWorkers.class);
    private final ClusterService cluster;
    private final RpcSecret secret;
    private final BufferAllocator allocator;
    private final Duration timeout;
    private final Map<String, WorkerAddress> addresses = new ConcurrentHashMap<>();
    private final Map<String, Long> lastSeen = new ConcurrentHashMap<>();
    private final ScheduledExecutorService monitor;

    public RemoteWorkers(ClusterService cluster, RpcSecret secret, BufferAllocator allocator, Duration heartbeatTimeout) {
        this.cluster = cluster;
        this.secret = secret;
        this.allocator = allocator;
        this.timeout = heartbeatTimeout;
        this.monitor = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("mars-worker-monitor"));
        long every = Math.max(100, heartbeatTimeout.toMillis() / 4);
        monitor.scheduleWithFixedDelay(this::dropSilent, every, every, TimeUnit.MILLISECONDS);
    }

    @Override
    public void register(WorkerAddress address) {
        if (addresses.putIfAbsent(address.workerId(), address) != null) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "worker id '" + address.workerId()
                    + "' is already registered");
        }
        lastSeen.put(address.workerId(), System.nanoTime());
        cluster.addWorker(new RemoteWorkerGateway(address, secret, allocator));
        LOG.info("worker {} joined: {}:{} with {} slots", address.workerId(), address.host(), address.port(),
                address.slots());
    }

    @Override
    public boolean heartbeat(Heartbeat heartbeat) {
        if (!cluster.isMember(heartbeat.workerId())) {
            return false;
        }
        lastSeen.put(heartbeat.workerId(), System.nanoTime());
        return true;
    }

    @Override
    public WorkerAddress address(String workerId) {
        WorkerAddress a = addresses.get(workerId);
        if (a != null && !cluster.isMember(workerId)) {
            // a reader of its chunks retries once the scheduler has recomputed them
            throw new MarsException(ErrorCode.WORKER_LOST, "worker '" + workerId + "' was lost; live: "
                    + cluster.workers().stream().map(WorkerGateway::workerId).toList());
        }
        if (a == null) {
            throw new MarsException(ErrorCode.NO_WORKERS, "no live worker with id '" + workerId + "'; live: "
                    + cluster.workers().stream().map(WorkerGateway::workerId).toList());
        }
        return a;
    }

    /** Drops a worker (its container ended, or it stopped heartbeating). */
    public boolean lose(String workerId, String reason) {
        lastSeen.remove(workerId);
        boolean removed = cluster.removeWorker(workerId, reason);
        if (removed) {
            LOG.warn("worker {} lost: {}", workerId, reason);
        }
        return removed;
    }

    private void dropSilent() {
        long now = System.nanoTime();
        List<String> silent = new ArrayList<>();
        lastSeen.forEach((id, t) -> {
            if (now - t > timeout.toNanos()) {
                silent.add(id);
            }
        });
        silent.forEach(id -> lose(id, "no heartbeat for more than " + timeout.toMillis() + " ms"));
    }

    @Override
    public void close() {
        monitor.shutdownNow();
        for (WorkerGateway w : cluster.workers()) {
            if (w instanceof RemoteWorkerGateway r) {
                r.close();
            }
        }
    }
}
