package io.mars.am.services.cluster.internal;

import io.mars.am.services.cluster.ClusterService;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.rpc.WorkerGateway;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/** Workers registered once at start (the local cluster); read from any thread. */
public final class StaticCluster implements ClusterService {
    private final List<WorkerGateway> workers = new CopyOnWriteArrayList<>();
    private final Map<String, WorkerGateway> byId = new ConcurrentHashMap<>();

    @Override
    public void addWorker(WorkerGateway worker) {
        if (byId.putIfAbsent(worker.workerId(), worker) == null) {
            workers.add(worker);
        }
    }

    @Override
    public List<WorkerGateway> workers() {
        return List.copyOf(workers);
    }

    @Override
    public WorkerGateway worker(String workerId) {
        WorkerGateway w = byId.get(workerId);
        if (w == null) {
            throw new MarsException(ErrorCode.NO_WORKERS, "no worker with id '" + workerId + "'; known: " + byId.keySet());
        }
        return w;
    }
}
