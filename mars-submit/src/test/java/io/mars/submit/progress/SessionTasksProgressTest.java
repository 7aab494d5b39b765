package io.mars.submit.progress;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.common.rpc.TaskInfo;
import io.mars.common.rpc.TaskState;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class SessionTasksProgressTest {
    private final TaskActivity activity = new TaskActivity();

    private static TaskInfo info(String id, TaskState state, int subtasks, int done) {
        return new TaskInfo(id, "s", state, subtasks, subtasks, done, 0, 0, 0, 0, null, null);
    }

    @Test
    void countsOnlyTheTasksSubmittedSinceItWasMade() {
        activity.started("earlier", () -> CompletableFuture.completedFuture(info("earlier", TaskState.RUNNING, 9, 1)));
        SessionTasksProgress progress = new SessionTasksProgress(activity);
        assertThat(progress.read()).isEmpty();

        activity.ended("earlier", info("earlier", TaskState.SUCCEEDED, 9, 9));
        activity.started("t1", () -> CompletableFuture.completedFuture(info("t1", TaskState.RUNNING, 200, 120)));
        assertThat(progress.read()).contains(new JobProgress(0, 1, 120, 200, JobProgress.UNKNOWN));

        activity.ended("t1", info("t1", TaskState.SUCCEEDED, 200, 200));
        assertThat(progress.read()).contains(new JobProgress(1, 1, 200, 200, JobProgress.UNKNOWN));
    }

    @Test
    void tasksRunningAtOnceAddTheirSubtasks() {
        SessionTasksProgress progress = new SessionTasksProgress(activity);
        activity.started("a", () -> CompletableFuture.completedFuture(info("a", TaskState.RUNNING, 10, 4)));
        activity.started("b", () -> CompletableFuture.completedFuture(info("b", TaskState.RUNNING, 30, 6)));

        assertThat(progress.read()).contains(new JobProgress(0, 2, 10, 40, JobProgress.UNKNOWN));
    }

    @Test
    void aSupervisorThatCannotAnswerLeavesThePreviousSubtasks() {
        SessionTasksProgress progress = new SessionTasksProgress(activity);
        activity.started("a", () -> CompletableFuture.completedFuture(info("a", TaskState.RUNNING, 10, 4)));
        assertThat(progress.read()).contains(new JobProgress(0, 1, 4, 10, JobProgress.UNKNOWN));
        activity.ended("a", null); // waiting for it failed
        activity.started("b", () -> CompletableFuture.failedFuture(new IllegalStateException("gone")));

        assertThat(progress.read()).contains(new JobProgress(1, 2, 4, 10, JobProgress.UNKNOWN));
    }

    @Test
    void spilledBytesAreCountedFromTheStartEvenAfterTheWorkersStopped() throws Exception {
        AtomicLong before = new AtomicLong(1000);
        AutoCloseable old = activity.countSpills(before::get);
        SessionTasksProgress progress = new SessionTasksProgress(activity);
        activity.started("a", () -> CompletableFuture.completedFuture(info("a", TaskState.RUNNING, 1, 0)));
        old.close();
        AtomicLong workers = new AtomicLong();
        AutoCloseable counting = activity.countSpills(workers::get);
        workers.set(4096);
        assertThat(progress.read().orElseThrow().spilledBytes()).isEqualTo(4096);

        counting.close();
        workers.set(1 << 20); // after close: no longer read
        assertThat(progress.read().orElseThrow().spilledBytes()).isEqualTo(4096);
    }
}
