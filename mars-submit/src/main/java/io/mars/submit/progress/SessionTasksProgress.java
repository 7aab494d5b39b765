package io.mars.submit.progress;

import io.mars.common.rpc.TaskInfo;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Progress of a job whose main runs in this JVM (local and client mode): the tasks its sessions submitted since this
 * source was made, read from {@link TaskActivity}, and the subtasks of the running task, asked of the supervisor that
 * runs it through the session's gateway (the embedded supervisor in-process in local mode, the AM over RPC in client
 * mode).
 */
public final class SessionTasksProgress implements ProgressSource {
    /** How long one reading waits for a supervisor's answer; a slow answer shows the previous figures. */
    private static final Duration ANSWER_TIMEOUT = Duration.ofSeconds(2);

    private final TaskActivity activity;
    private final TaskActivity.Snapshot baseline;
    private int lastSubtasksDone;
    private int lastSubtasksTotal;

    /** Counts from now on: tasks that ran before (an earlier job of a host process) are not this job's. */
    public SessionTasksProgress(TaskActivity activity) {
        this.activity = activity;
        this.baseline = activity.snapshot();
    }

    @Override
    public Optional<JobProgress> read() {
        TaskActivity.Snapshot now = activity.snapshot();
        long since = baseline.started();
        int total = (int) (now.started() - since);
        if (total <= 0) {
            return Optional.empty();
        }
        // a task started before this source (an earlier job's) is not this job's, running or not
        List<TaskActivity.Running> running = now.running().stream().filter(r -> r.number() > since).toList();
        int done = total - running.size();
        if (!running.isEmpty()) {
            readRunning(running);
        } else if (now.lastEnded() != null && now.lastEndedNumber() > since) {
            TaskInfo last = now.lastEnded();
            lastSubtasksTotal = last.subtaskCount();
            lastSubtasksDone = Math.min(last.subtasksDone(), last.subtaskCount());
        }
        long spilled = now.spilledBytes() < 0 ? JobProgress.UNKNOWN
                : Math.max(0, now.spilledBytes() - Math.max(0, baseline.spilledBytes()));
        return Optional.of(new JobProgress(done, total, lastSubtasksDone, lastSubtasksTotal, spilled));
    }

    @Override
    public AutoCloseable onIdle(Runnable idle) {
        long since = baseline.started();
        return activity.onTaskEnded(() -> {
            if (activity.snapshot().running().stream().noneMatch(r -> r.number() > since)) {
                idle.run();
            }
        });
    }

    /** The subtasks of the running tasks, summed when several run at once; kept as they were when one cannot answer. */
    private void readRunning(List<TaskActivity.Running> running) {
        int done = 0;
        int total = 0;
        long deadline = System.nanoTime() + ANSWER_TIMEOUT.toNanos();
        for (TaskActivity.Running task : running) {
            TaskInfo info;
            try {
                info = task.info().get().get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (ExecutionException | TimeoutException | RuntimeException e) {
                // ended meanwhile (its id is gone), or the supervisor is slow: the next reading tries again
                return;
            }
            done += Math.min(info.subtasksDone(), info.subtaskCount());
            total += info.subtaskCount();
        }
        lastSubtasksDone = done;
        lastSubtasksTotal = total;
    }
}
