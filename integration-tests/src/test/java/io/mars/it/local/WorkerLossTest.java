package io.mars.it.local;

import static io.mars.tensor.Tensors.chunks;
import static io.mars.tensor.Tensors.shape;
import static org.assertj.core.api.Assertions.assertThat;

import io.mars.am.services.task.TaskStatus;
import io.mars.common.rpc.TaskState;
import io.mars.container.Worker;
import io.mars.submit.client.ClientSession;
import io.mars.submit.local.LocalCluster;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import io.mars.types.NDArray;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A worker lost in the middle of a task (here: dropped from the cluster and closed, as the AM does when a container
 * ends): what it ran runs again, what it held is recomputed from lineage, and the task ends with the same result as on
 * an undisturbed cluster, its reruns counted and every reference given back.
 */
class WorkerLossTest {
    /**
     * Many subtasks over three levels (leaves, block products, their sums), so a loss meets finished work. The leaves
     * are computed (not only drawn): a re-chunking would make drawn leaves directly at the products' block size.
     */
    private static Tensor job() {
        Tensor x = Tensors.random(7).rand(shape(1200, 1200), chunks(100)).multiply(2.0);
        return x.dot(x.transpose()).add(1.0).sum(0);
    }

    private static NDArray undisturbed() {
        try (LocalCluster cluster = new LocalCluster(2, Map.of());
             ClientSession session = ClientSession.open(cluster.supervisor(), Map.of(), null)) {
            return session.execute(job());
        }
    }

    @Test
    void aTaskSurvivesLosingAWorkerMidwayAndRecomputesWhatItHeld() throws Exception {
        NDArray expected = undisturbed();
        try (LocalCluster cluster = new LocalCluster(3, Map.of());
             ClientSession session = ClientSession.open(cluster.supervisor(), Map.of(), null)) {
            CompletableFuture<NDArray> result = CompletableFuture.supplyAsync(() -> session.execute(job()));
            TaskStatus midway = awaitFinishedWork(cluster);
            Worker victim = cluster.workers().get(0);
            assertThat(cluster.supervisor().cluster().removeWorker(victim.workerId(), "container exited with 137"))
                    .isTrue();
            NDArray got = result.get(120, TimeUnit.SECONDS);
            assertThat(got.shape()).isEqualTo(expected.shape());
            double[] e = expected.doubles();
            double[] g = got.doubles();
            for (int i = 0; i < e.length; i++) {
                assertThat(g[i]).as("element %d", i).isCloseTo(e[i], org.assertj.core.data.Offset.offset(
                        1e-9 * Math.abs(e[i])));
            }
            TaskStatus end = cluster.supervisor().tasks().status(midway.info().taskId()).join();
            assertThat(end.info().state()).isEqualTo(TaskState.SUCCEEDED);
            assertThat(end.subtasks().reruns()).as("subtasks run again after the loss").isPositive();
            assertThat(end.subtasks().succeeded()).isEqualTo(end.subtasks().total());
            assertThat(cluster.supervisor().cluster().lostWorkers()).singleElement().asString()
                    .contains(victim.workerId(), "137");
            session.close();
            assertThat(cluster.supervisor().lifecycle().trackedCount(session.id()).join()).isZero();
            for (Worker w : cluster.workers().subList(1, 3)) {
                assertThat(w.storedBytes().join()).as("bytes left on " + w.workerId()).isZero();
            }
        }
    }

    /** Waits until the running task has finished some subtasks and has many left. */
    private static TaskStatus awaitFinishedWork(LocalCluster cluster) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            for (TaskStatus s : cluster.supervisor().tasks().statuses().join()) {
                if (s.info().state() == TaskState.RUNNING && s.subtasks().succeeded() >= 20
                        && s.subtasks().pending() > s.subtasks().total() / 3) {
                    return s;
                }
            }
            Thread.sleep(1);
        }
        throw new AssertionError("the task never reached the middle: " + cluster.supervisor().tasks().statuses().join());
    }

    @Test
    void aResultKeptByAnEarlierTaskThatWasLostIsComputedAgainFromItsLineage() {
        try (LocalCluster cluster = new LocalCluster(2, Map.of());
             ClientSession session = ClientSession.open(cluster.supervisor(), Map.of(), null)) {
            Tensor y = Tensors.random(3).rand(shape(400), chunks(100)).multiply(3.0);
            NDArray kept = session.execute(y);
            Worker victim = cluster.workers().get(0);
            assertThat(victim.storedBytes().join()).as("the victim holds part of y").isPositive();
            cluster.supervisor().cluster().removeWorker(victim.workerId(), "node lost");

            double sum = session.execute(y.sum()).getDouble();
            double expected = 0;
            for (double v : kept.doubles()) {
                expected += v;
            }
            assertThat(sum).isCloseTo(expected, org.assertj.core.data.Offset.offset(1e-9 * Math.abs(expected)));
            TaskStatus last = cluster.supervisor().tasks().statuses().join().stream()
                    .reduce((a, b) -> b).orElseThrow();
            assertThat(last.info().state()).isEqualTo(TaskState.SUCCEEDED);
            assertThat(last.stages()).as("the stage was tiled again without the lost result").isEqualTo(2);
            assertThat(last.subtasks().pending()).isZero();
            // y is no longer kept: using it again computes it again, and still gives the same values
            assertThat(session.execute(y).doubles()).containsExactly(kept.doubles());
            session.close();
            assertThat(cluster.supervisor().lifecycle().trackedCount(session.id()).join()).isZero();
            assertThat(cluster.workers().get(1).storedBytes().join()).isZero();
        }
    }
}
