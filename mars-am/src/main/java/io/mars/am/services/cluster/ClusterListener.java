package io.mars.am.services.cluster;

import io.mars.common.rpc.WorkerGateway;

/** Told about workers joining and leaving; called on the thread that changed membership, so it must not block. */
public interface ClusterListener {
    default void workerAdded(WorkerGateway worker) {
    }

    default void workerLost(String workerId, String reason) {
    }
}
