package io.mars.am.services.cluster;

import io.mars.common.rpc.WorkerGateway;
import java.util.List;

/** The workers of the cluster. */
public interface ClusterService {
    void addWorker(WorkerGateway worker);

    List<WorkerGateway> workers();

    /** The worker with this id; throws NO_WORKERS naming the id when it is unknown. */
    WorkerGateway worker(String workerId);
}
