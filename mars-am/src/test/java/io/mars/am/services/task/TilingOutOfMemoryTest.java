package io.mars.am.services.task;

import static io.mars.tensor.Tensors.chunks;
import static io.mars.tensor.Tensors.shape;
import static org.assertj.core.api.Assertions.assertThat;

import io.mars.am.Supervisor;
import io.mars.am.services.cluster.internal.StaticCluster;
import io.mars.common.error.ErrorCode;
import io.mars.common.operand.tensor.TensorFull;
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
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A supervisor whose heap runs out while it tiles a task (a chunk graph larger than the AM holds) fails that task with
 * SUPERVISOR_OUT_OF_MEMORY and goes on serving; before, the error ended the stage's thread and the task stayed
 * TILING, so the job hung.
 */
class TilingOutOfMemoryTest {
    @Test
    void anOutOfMemoryErrorWhileTilingFailsTheTaskAndTheNextTaskRuns() throws Exception {
        StaticCluster cluster = new StaticCluster();
        TilerRegistry tilers = TilerRegistry.standard();
        boolean[] failNext = {true};
        var standard = TilerRegistry.standard();
        tilers.register(TensorFull.class, (node, op, inputs, ctx) -> {
            if (failNext[0]) {
                failNext[0] = false;
                throw new OutOfMemoryError("Java heap space");
            }
            return standard.tile(node, inputs, ctx);
        });
        try (Worker worker = new Worker("worker-0", new WorkerConfig(1), new MemoryStorage(), KernelRegistry.standard(),
                cluster::worker);
             Supervisor supervisor = new Supervisor(cluster, Map.of(), tilers)) {
            cluster.addWorker(worker);
            String session = supervisor.createSession(Map.of()).join();
            Tensor t = Tensors.ones(shape(30, 4), chunks(10, 4)).multiply(2.0);

            String failing = supervisor.tasks().submit(session, TensorGraphs.of(t)).join();
            TaskInfo failed = supervisor.waitTask(session, failing).get(30, TimeUnit.SECONDS);
            assertThat(failed.state()).isEqualTo(TaskState.FAILED);
            assertThat(failed.errorCode()).isEqualTo(ErrorCode.SUPERVISOR_OUT_OF_MEMORY.name());
            assertThat(failed.errorMessage()).contains("ran out of memory tiling task " + failing)
                    .contains("give the ApplicationMaster more memory");

            String next = supervisor.tasks().submit(session, TensorGraphs.of(t)).join();
            assertThat(supervisor.waitTask(session, next).get(30, TimeUnit.SECONDS).state())
                    .isEqualTo(TaskState.SUCCEEDED);
        }
    }
}
