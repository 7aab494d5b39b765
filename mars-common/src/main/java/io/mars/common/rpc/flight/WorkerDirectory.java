package io.mars.common.rpc.flight;

import io.mars.common.rpc.flight.RpcMessages.Heartbeat;
import io.mars.common.rpc.flight.RpcMessages.WorkerAddress;

/** The supervisor's side of worker membership, as workers and clients reach it over RPC. */
public interface WorkerDirectory {
    /** Admits a worker that started and serves RPC at {@code address}. */
    void register(WorkerAddress address);

    /** Records a heartbeat; false when the worker is not (or no longer) a member and must exit. */
    boolean heartbeat(Heartbeat heartbeat);

    /** Where a member worker serves; throws NO_WORKERS naming the id when it is unknown. */
    WorkerAddress address(String workerId);
}
