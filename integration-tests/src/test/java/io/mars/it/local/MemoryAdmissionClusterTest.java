package io.mars.it.local;

import static io.mars.tensor.Tensors.chunks;
import static io.mars.tensor.Tensors.shape;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mars.am.services.scheduling.WorkerLoad;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
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
 * Admission by memory on workers with two slots each: subtasks that fit the budget run two at a time while their
 * estimates fit it together, never more; a tensor job with a subtask larger than any worker's budget is refused
 * before anything runs, naming the chunk, its bytes and the budget, and the session stays usable.
 */
class MemoryAdmissionClusterTest {
    private static final long CACHE_BYTES = 2_000_000;
    @TempDir
    Path tmp;

    /** 0.8 MB chunks (two fit the 1.8 MB budget at once), summed, and a product of two sums. */
    private static Tensor[] job() {
        Tensor small = Tensors.random(2).rand(shape(2000, 500), chunks(200, 500));
        Tensor other = Tensors.random(1).rand(shape(1000, 1000), chunks(100, 1000));
        return new Tensor[] {small.sum(0), other.sum(), other.sum(1).multiply(small.sum(1).get(
                io.mars.tensor.Index.slice(0, 1000, 1)))};
    }

    private static List<NDArray> run(LocalCluster cluster) {
        try (ClientSession session = ClientSession.open(cluster.supervisor(), Map.of(), null)) {
            return session.execute(job());
        }
    }

    private Map<String, String> tightConf() {
        return Map.of(WorkerConfig.SLOTS, "2", StorageConfig.CACHE_MEM, Long.toString(CACHE_BYTES),
                StorageConfig.SPILL_DIRS, tmp.toString());
    }

    @Test
    void subtasksRunTwoAtATimeWhileTheirEstimatesFitTheBudgetTogether() {
        List<NDArray> roomy;
        try (LocalCluster cluster = new LocalCluster(2, Map.of(WorkerConfig.SLOTS, "2"))) {
            roomy = run(cluster);
        }
        try (LocalCluster cluster = new LocalCluster(2, tightConf())) {
            List<NDArray> tight = run(cluster);
            assertThat(tight).hasSameSizeAs(roomy);
            for (int i = 0; i < roomy.size(); i++) {
                assertThat(tight.get(i).contentEquals(roomy.get(i))).as("result %d", i).isTrue();
            }
            List<WorkerLoad> loads = cluster.supervisor().scheduling().workerLoads().join();
            assertThat(loads).hasSize(2);
            int mostAtOnce = 0;
            for (WorkerLoad l : loads) {
                assertThat(l.budgetBytes()).isEqualTo((long) (CACHE_BYTES * 0.9));
                assertThat(l.peakAdmittedBytes()).as("estimates running at once on %s", l.workerId())
                        .isLessThanOrEqualTo(l.budgetBytes());
                assertThat(l.admittedBytes()).isZero();
                assertThat(l.oversizedRuns()).isZero();
                mostAtOnce = Math.max(mostAtOnce, l.peakRunning());
            }
            assertThat(mostAtOnce).as("small subtasks ran two at a time").isEqualTo(2);
        }
    }

    @Test
    void aSubtaskLargerThanEveryBudgetIsRefusedBeforeAnythingRuns() {
        try (LocalCluster cluster = new LocalCluster(2, tightConf());
             ClientSession session = ClientSession.open(cluster.supervisor(), Map.of(), null)) {
            // 4 MB chunks: column sums of one hold 4 MB (a full sum would stream it a block at a time), over twice
            // the 1.8 MB budget
            Tensor big = Tensors.random(1).rand(shape(1000, 1000), chunks(500, 1000));
            assertThatThrownBy(() -> session.execute(big.sum(0)))
                    .isInstanceOfSatisfying(MarsException.class, e -> {
                        assertThat(e.code()).isEqualTo(ErrorCode.WORKING_SET_TOO_LARGE);
                        assertThat(e.getMessage()).contains("4000000 bytes").contains("1800000 bytes").contains("3600000 bytes")
                                .contains("smaller chunks").contains("mars.worker.cache-mem");
                    });
            assertThat(cluster.storedBytes()).as("nothing ran").isZero();
            for (WorkerLoad l : cluster.supervisor().scheduling().workerLoads().join()) {
                assertThat(l.peakRunning()).as("subtasks run on %s", l.workerId()).isZero();
            }
            // the same data in chunks that fit
            Tensor fits = Tensors.random(1).rand(shape(1000, 1000), chunks(100, 1000));
            assertThat(session.execute(fits.sum()).getDouble()).isBetween(499_000.0, 501_000.0);
        }
    }
}
