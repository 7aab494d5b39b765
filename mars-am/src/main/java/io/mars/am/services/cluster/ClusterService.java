package io.mars.am.services.cluster;

import io.mars.common.rpc.WorkerGateway;
import java.util.List;

/** The workers of the cluster: who they are, who joined and who was lost. */
public interface ClusterService {
    void addWorker(WorkerGateway worker);

    /** Drops a worker that was lost (container exited, heartbeats stopped); false if it was not a member. */
    boolean removeWorker(String workerId, String reason);

    List<WorkerGateway> workers();

    /** The worker with this id; throws NO_WORKERS naming the id when it is unknown. */
    WorkerGateway worker(String workerId);

    boolean isMember(String workerId);

    /** Workers lost so far, with the reason, in the order they were lost. */
    List<String> lostWorkers();

    void addListener(ClusterListener listener);
}
