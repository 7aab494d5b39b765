package io.mars.it.local;

import static io.mars.tensor.Tensors.chunks;
import static io.mars.tensor.Tensors.shape;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mars.Execution;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.rpc.TaskInfo;
import io.mars.common.rpc.TaskState;
import io.mars.submit.client.ClientSession;
import io.mars.submit.local.LocalCluster;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import io.mars.types.NDArray;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/**
 * Asynchronous execution and cancel: {@code submit} returns while the task runs; {@code cancel()}, an interrupt of the
 * waiting thread, or {@code close()} from another thread stop it; its subtasks stop being dispatched, what it produced
 * is released, and the session (or, after close, the cluster) is left clean.
 */
class CancelTest {
    /** Several seconds of work in 400 subtasks whose values are never stored: a count over 4·10^8 random points. */
    private static Tensor slow() {
        var rng = Tensors.random(11);
        Tensor x = rng.rand(shape(400_000_000L), chunks(1_000_000L));
        return x.multiply(x).lt(0.25).sum();
    }

    private static TaskInfo info(LocalCluster cluster, String taskId) {
        return cluster.supervisor().tasks().info(taskId).join();
    }

    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            Thread.sleep(20);
        }
    }

    /**
     * A thread waiting in {@code execute} of the slow task, started and seen running: what it threw (null when the
     * call returned) and whether it still had its interrupt flag then.
     */
    private record Waiter(Thread thread, CompletableFuture<Throwable> thrown, AtomicBoolean interruptFlag,
                          String taskId) {
        static Waiter start(LocalCluster cluster, ClientSession session) throws InterruptedException {
            CompletableFuture<Throwable> thrown = new CompletableFuture<>();
            AtomicBoolean interruptFlag = new AtomicBoolean();
            Thread thread = new Thread(() -> {
                try {
                    session.execute(slow());
                    thrown.complete(null);
                } catch (Throwable t) {
                    interruptFlag.set(Thread.currentThread().isInterrupted());
                    thrown.complete(t);
                }
            }, "cancel-test-waiter");
            thread.start();
            await(() -> cluster.supervisor().tasks().statuses().join().stream()
                    .anyMatch(s -> s.info().subtasksDone() > 0), "the first subtasks");
            String taskId = cluster.supervisor().tasks().statuses().join().get(0).info().taskId();
            return new Waiter(thread, thrown, interruptFlag, taskId);
        }
    }

    @Test
    void cancelStopsARunningTaskAndTheSessionGoesOn() throws Exception {
        try (LocalCluster cluster = new LocalCluster(2, Map.of());
             ClientSession session = ClientSession.open(cluster.supervisor(), Map.of(), null)) {
            Execution<List<NDArray>> running = session.submit(slow());
            await(() -> running.progress() > 0, "the first subtasks");
            assertThat(running.isDone()).isFalse();

            running.cancel();
            assertThatThrownBy(running::get).isInstanceOf(MarsException.class)
                    .satisfies(e -> assertThat(((MarsException) e).code()).isEqualTo(ErrorCode.TASK_CANCELLED));
            assertThat(running.isDone()).isTrue();
            TaskInfo ended = info(cluster, running.taskId());
            assertThat(ended.state()).isEqualTo(TaskState.CANCELLED);
            assertThat(ended.subtasksDone()).as("not every subtask ran").isLessThan(ended.subtaskCount());
            // the task's references are given back as it ends; the deletes they cause follow asynchronously
            assertThat(SpillingClusterTest.eventually(cluster::storedBytes)).as("a cancelled task keeps nothing")
                    .isZero();
            running.cancel(); // a second cancel of an ended task does nothing

            // the session goes on; get(timeout) that times out leaves the task running
            Tensor small = Tensors.ones(shape(1000), chunks(100)).sum();
            Execution<List<NDArray>> next = session.submit(small);
            assertThat(next.get(60, TimeUnit.SECONDS).get(0).getDouble()).isEqualTo(1000.0);
            assertThat(next.get()).isSameAs(next.get());
            assertThat(next.progress()).isEqualTo(1.0);

            Execution<List<NDArray>> again = session.submit(slow());
            assertThatThrownBy(() -> again.get(10, TimeUnit.MILLISECONDS)).isInstanceOf(TimeoutException.class);
            assertThat(info(cluster, again.taskId()).state().isTerminal()).isFalse();
            again.cancel();
            await(again::isDone, "the second cancelled task to end");
            assertThat(info(cluster, again.taskId()).state()).isEqualTo(TaskState.CANCELLED);
        }
    }

    @Test
    void interruptingTheWaitingThreadCancelsItsTask() throws Exception {
        try (LocalCluster cluster = new LocalCluster(2, Map.of());
             ClientSession session = ClientSession.open(cluster.supervisor(), Map.of(), null)) {
            Waiter waiter = Waiter.start(cluster, session);
            String taskId = waiter.taskId();

            waiter.thread().interrupt();
            Throwable t = waiter.thrown().get(30, TimeUnit.SECONDS);
            assertThat(t).isInstanceOf(MarsException.class).hasMessageContaining("interrupted while waiting for task "
                    + taskId);
            assertThat(((MarsException) t).code()).isEqualTo(ErrorCode.TASK_CANCELLED);
            assertThat(waiter.interruptFlag()).as("the thread keeps its interrupt flag").isTrue();
            await(() -> info(cluster, taskId).state().isTerminal(), "the task to end");
            assertThat(info(cluster, taskId).state()).isEqualTo(TaskState.CANCELLED);
        }
    }

    @Test
    void closeFromAnotherThreadCancelsWhatRunsAndLeavesNothing() throws Exception {
        try (LocalCluster cluster = new LocalCluster(2, Map.of())) {
            ClientSession session = ClientSession.open(cluster.supervisor(), Map.of(), null);
            Waiter waiter = Waiter.start(cluster, session);
            String taskId = waiter.taskId();

            long start = System.nanoTime();
            session.close(); // not blocked by the thread waiting in execute
            assertThat(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start)).isLessThan(30);
            assertThat(info(cluster, taskId).state()).isEqualTo(TaskState.CANCELLED);
            Throwable t = waiter.thrown().get(30, TimeUnit.SECONDS);
            assertThat(t).isInstanceOf(MarsException.class);
            assertThat(((MarsException) t).code()).isEqualTo(ErrorCode.TASK_CANCELLED);
            assertThat(SpillingClusterTest.eventually(cluster::storedBytes)).isZero();
            assertThat(SpillingClusterTest.eventually(cluster::allocatedBytes)).isZero();
        }
    }
}
