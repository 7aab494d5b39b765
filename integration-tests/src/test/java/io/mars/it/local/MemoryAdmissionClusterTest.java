package io.mars.it.local;

import static io.mars.tensor.Tensors.chunks;
import static io.mars.tensor.Tensors.shape;
import static org.assertj.core.api.Assertions.assertThat;

import io.mars.am.services.scheduling.WorkerLoad;
import io.mars.container.WorkerConfig;
import io.mars.container.services.storage.StorageConfig;
import io.mars.submit.client.ClientSession;
import io.mars.submit.local.LocalCluster;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import io.mars.types.NDArray;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A job with subtasks larger than the workers' memory budget, on workers with two slots each: it completes with the
 * results of workers with room to spare, the large subtasks ran alone, smaller ones ran two at a time, and the
 * estimates of subtasks running at once on a worker never exceeded its budget.
 */
class MemoryAdmissionClusterTest {
    private static final long CACHE_BYTES = 2_000_000;
    @TempDir
    Path tmp;

    /** 4 MB chunks (over the 1.8 MB budget) and 0.8 MB chunks (two fit), each summed, plus a product of both. */
    private static Tensor[] job() {
        Tensor big = Tensors.random(1).rand(shape(1000, 1000), chunks(500, 1000));
        Tensor small = Tensors.random(2).rand(shape(2000, 500), chunks(200, 500));
        return new Tensor[] {big.sum(), small.sum(0), big.sum(1).multiply(small.sum(1).get(
                io.mars.tensor.Index.slice(0, 1000, 1)))};
    }

    private static List<NDArray> run(LocalCluster cluster) {
        try (ClientSession session = ClientSession.open(cluster.supervisor(), Map.of(), null)) {
            return session.execute(job());
        }
    }

    @Test
    void aJobWithSubtasksLargerThanTheBudgetCompletesAndAdmittedEstimatesStayWithinIt() {
        List<NDArray> roomy;
        try (LocalCluster cluster = new LocalCluster(2, Map.of(WorkerConfig.SLOTS, "2"))) {
            roomy = run(cluster);
        }
        Map<String, String> conf = Map.of(WorkerConfig.SLOTS, "2", StorageConfig.CACHE_MEM, Long.toString(CACHE_BYTES),
                StorageConfig.SPILL_DIRS, tmp.toString());
        try (LocalCluster cluster = new LocalCluster(2, conf)) {
            List<NDArray> tight = run(cluster);
            assertThat(tight).hasSameSizeAs(roomy);
            for (int i = 0; i < roomy.size(); i++) {
                assertThat(tight.get(i).contentEquals(roomy.get(i))).as("result %d", i).isTrue();
            }
            List<WorkerLoad> loads = cluster.supervisor().scheduling().workerLoads().join();
            assertThat(loads).hasSize(2);
            long oversized = 0;
            int mostAtOnce = 0;
            for (WorkerLoad l : loads) {
                assertThat(l.budgetBytes()).isEqualTo((long) (CACHE_BYTES * 0.9));
                assertThat(l.peakAdmittedBytes()).as("estimates running at once on %s", l.workerId())
                        .isLessThanOrEqualTo(l.budgetBytes());
                assertThat(l.admittedBytes()).isZero();
                oversized += l.oversizedRuns();
                mostAtOnce = Math.max(mostAtOnce, l.peakRunning());
            }
            assertThat(oversized).as("the 4 MB subtasks, each alone on its worker").isEqualTo(2);
            assertThat(mostAtOnce).as("small subtasks ran two at a time").isEqualTo(2);
        }
    }
}
