package io.mars.am.state;

import static io.mars.tensor.Tensors.chunks;
import static io.mars.tensor.Tensors.shape;
import static org.assertj.core.api.Assertions.assertThat;

import io.mars.am.Supervisor;
import io.mars.am.services.cluster.internal.StaticCluster;
import io.mars.am.state.internal.ZooKeeperStateStore;
import io.mars.common.rpc.TaskInfo;
import io.mars.common.rpc.TaskState;
import io.mars.common.tiling.TilerRegistry;
import io.mars.container.Worker;
import io.mars.container.WorkerConfig;
import io.mars.container.kernels.KernelRegistry;
import io.mars.container.services.storage.internal.MemoryStorage;
import io.mars.tensor.Tensor;
import io.mars.tensor.TensorGraphs;
import io.mars.tensor.Tensors;
import java.util.Map;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.Test;

/** A supervisor writes its sessions, kept tileables and chunk meta to ZooKeeper; the next AM attempt reads them back. */
class SupervisorRecoveryTest {
    @Test
    void aNewAttemptRecoversSessionsKeptResultsAndChunkMeta() throws Exception {
        try (TestingServer zk = new TestingServer(true)) {
            StateStoreConfig config = new StateStoreConfig(zk.getConnectString(), "/mars", 500);
            StaticCluster cluster = new StaticCluster();
            try (Worker worker = new Worker("worker-0", new WorkerConfig(1), new MemoryStorage(), KernelRegistry.standard(),
                    cluster::worker)) {
                cluster.addWorker(worker);
                String session;
                int chunks;
                Tensor t = Tensors.ones(shape(30, 4), chunks(10, 4)).multiply(2.0);
                try (Supervisor first = new Supervisor(cluster, Map.of(), TilerRegistry.standard(),
                        ZooKeeperStateStore.connect(config, "application_1_0001", 1))) {
                    session = first.createSession(Map.of("mars.task.combine-size", "3")).join();
                    String task = first.tasks().submit(session, TensorGraphs.of(t)).join();
                    TaskInfo info = first.waitTask(session, task).join();
                    assertThat(info.state()).isEqualTo(TaskState.SUCCEEDED);
                    chunks = first.meta().count(session).join();
                    assertThat(chunks).isEqualTo(3);
                    first.store().flush().join();
                }
                try (Supervisor second = new Supervisor(cluster, Map.of(), TilerRegistry.standard(),
                        ZooKeeperStateStore.connect(config, "application_1_0001", 2))) {
                    assertThat(second.recover().join()).isEqualTo(1);
                    assertThat(second.sessions().snapshot(session).join().conf())
                            .containsEntry("mars.task.combine-size", "3");
                    assertThat(second.meta().count(session).join()).isEqualTo(chunks);
                    // the kept result is served again: its layout, and its chunks from the worker
                    var layout = second.resultLayout(session, t.key()).join();
                    assertThat(layout.nsplits()[0]).containsExactly(10, 10, 10);
                    var data = (io.mars.types.NDArray) worker.fetchChunk(session, layout.chunks().get(2).key()).join();
                    assertThat(data.getDouble(9, 3)).isEqualTo(2.0);
                    assertThat(second.lifecycle().trackedCount(session).join()).isEqualTo(3);
                    // closing the recovered session removes its state from ZooKeeper too
                    second.closeSession(session).join();
                    assertThat(worker.storage().storedBytes()).isZero();
                    second.store().flush().join();
                    assertThat(second.store().recover().sessions()).isEmpty();
                    second.store().deleteAll();
                }
            }
        }
    }

    /**
     * A task that was running when its AM died: its chunks' meta is in ZooKeeper and the worker that outlived the AM
     * still holds them, but the session keeps no result yet. The next attempt's identical graph reads those chunks
     * instead of computing them; when the worker no longer holds one (its deletion never reached ZooKeeper), the stage
     * is computed again from nothing and still gives the right answer.
     */
    @Test
    void aNewAttemptReadsTheChunksItsWorkersStillHoldAndComputesThemWhenOneIsGone() throws Exception {
        try (TestingServer zk = new TestingServer(true);
             org.apache.curator.framework.CuratorFramework curator = org.apache.curator.framework.CuratorFrameworkFactory
                     .newClient(zk.getConnectString(), new org.apache.curator.retry.RetryOneTime(100))) {
            curator.start();
            StateStoreConfig config = new StateStoreConfig(zk.getConnectString(), "/mars", 500);
            StaticCluster cluster = new StaticCluster();
            try (Worker worker = new Worker("worker-0", new WorkerConfig(1), new MemoryStorage(), KernelRegistry.standard(),
                    cluster::worker)) {
                cluster.addWorker(worker);
                Tensor u = Tensors.ones(shape(30, 4), chunks(10, 4)).multiply(2.0);
                Tensor w = Tensors.ones(shape(30, 4), chunks(10, 4)).multiply(3.0);
                String session;
                java.util.List<String> wChunks;
                try (Supervisor first = new Supervisor(cluster, Map.of(), TilerRegistry.standard(),
                        ZooKeeperStateStore.connect(config, "application_1_0002", 1))) {
                    session = first.createSession(Map.of()).join();
                    String task = first.tasks().submit(session, TensorGraphs.of(u, w)).join();
                    assertThat(first.waitTask(session, task).join().state()).isEqualTo(TaskState.SUCCEEDED);
                    wChunks = first.resultLayout(session, w.key()).join().chunks().stream().map(c -> c.key()).toList();
                    first.store().flush().join();
                }
                // as if u's and w's task had been running: their chunks' meta is stored, the session keeps no result
                for (Tensor t : java.util.List.of(u, w)) {
                    curator.delete().forPath("/mars/application_1_0002/sessions/" + session + "/tileables/" + t.key());
                }

                try (Supervisor second = new Supervisor(cluster, Map.of(), TilerRegistry.standard(),
                        ZooKeeperStateStore.connect(config, "application_1_0002", 2))) {
                    assertThat(second.recover().join()).isEqualTo(1);
                    assertThat(second.sessions().snapshot(session).join().stored()).isEmpty();
                    Tensor sum = u.sum();
                    TaskInfo resumed = second.waitTask(session, second.tasks().submit(session,
                            TensorGraphs.of(sum)).join()).join();
                    assertThat(resumed.state()).isEqualTo(TaskState.SUCCEEDED);
                    assertThat(value(second, worker, session, sum)).isEqualTo(240.0);
                    // the same graph from scratch, for the count of what computing u takes
                    String fresh = second.createSession(Map.of()).join();
                    TaskInfo full = second.waitTask(fresh, second.tasks().submit(fresh, TensorGraphs.of(sum)).join())
                            .join();
                    assertThat(resumed.chunkCount()).as("u's chunks read, their producers left out")
                            .isLessThan(full.chunkCount());

                    // one of w's chunks is gone from the worker while its meta says it is there
                    worker.deleteChunks(session, wChunks.subList(0, 1)).join();
                    Tensor wSum = w.sum();
                    TaskInfo recomputed = second.waitTask(session, second.tasks().submit(session,
                            TensorGraphs.of(wSum)).join()).join();
                    assertThat(recomputed.state()).as(String.valueOf(recomputed.errorMessage()))
                            .isEqualTo(TaskState.SUCCEEDED);
                    assertThat(value(second, worker, session, wSum)).isEqualTo(360.0);
                    assertThat(recomputed.chunkCount()).as("the stage tiled again, computing w")
                            .isGreaterThan(resumed.chunkCount());
                    second.store().deleteAll();
                }
            }
        }
    }

    private static double value(Supervisor supervisor, Worker worker, String session, Tensor scalar) {
        var layout = supervisor.resultLayout(session, scalar.key()).join();
        return ((io.mars.types.NDArray) worker.fetchChunk(session, layout.chunks().get(0).key()).join()).getDouble(0);
    }
}
