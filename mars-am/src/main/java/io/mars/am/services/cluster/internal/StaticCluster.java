package io.mars.am.services.cluster.internal;

import io.mars.am.services.cluster.ClusterListener;
import io.mars.am.services.cluster.ClusterService;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.rpc.WorkerGateway;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Worker membership, read from any thread: the local cluster adds its workers once at start; on YARN workers join as
 * their containers register and leave when lost.
 */
public final class StaticCluster implements ClusterService {
    private final List<WorkerGateway> workers = new CopyOnWriteArrayList<>();
    private final Map<String, WorkerGateway> byId = new ConcurrentHashMap<>();
    private final List<String> lost = new CopyOnWriteArrayList<>();
    private final Map<String, String> lostReasons = new ConcurrentHashMap<>();
    private final List<ClusterListener> listeners = new CopyOnWriteArrayList<>();

    @Override
    public void addWorker(WorkerGateway worker) {
        if (byId.putIfAbsent(worker.workerId(), worker) == null) {
            workers.add(worker);
            listeners.forEach(l -> l.workerAdded(worker));
        }
    }

    @Override
    public boolean removeWorker(String workerId, String reason) {
        WorkerGateway w = byId.remove(workerId);
        if (w == null) {
            return false;
        }
        workers.remove(w);
        lost.add(workerId + ": " + reason);
        lostReasons.put(workerId, reason);
        listeners.forEach(l -> l.workerLost(workerId, reason));
        if (w instanceof AutoCloseable c) {
            try {
                c.close();
            } catch (Exception ignored) {
                // the connection to a lost worker may already be broken
            }
        }
        return true;
    }

    @Override
    public List<WorkerGateway> workers() {
        return List.copyOf(workers);
    }

    @Override
    public WorkerGateway worker(String workerId) {
        WorkerGateway w = byId.get(workerId);
        if (w == null) {
            String reason = lostReasons.get(workerId);
            if (reason != null) {
                // a reader of its chunks retries once the scheduler has recomputed them
                throw new MarsException(ErrorCode.WORKER_LOST, "worker " + workerId + " was lost: " + reason);
            }
            throw new MarsException(ErrorCode.NO_WORKERS, "no worker with id '" + workerId + "'; known: " + byId.keySet());
        }
        return w;
    }

    @Override
    public boolean isMember(String workerId) {
        return byId.containsKey(workerId);
    }

    @Override
    public List<String> lostWorkers() {
        return List.copyOf(lost);
    }

    @Override
    public void addListener(ClusterListener listener) {
        listeners.add(listener);
    }
}
