package io.mars.am.yarn;

import io.mars.am.services.task.TaskService;
import io.mars.am.services.task.TaskStatus;
import java.util.List;

/**
 * The application's progress as YARN shows it ({@code yarn application -status}, the RM's UI, {@code mars-submit
 * status}): the subtasks finished over the subtasks of every task the supervisor accepted so far, counting the stages
 * tiled so far. A new task adds its subtasks, so the figure can step back when a job submits its next task; it
 * reaches 1 only when every task's subtasks are done.
 */
final class ApplicationProgress {
    private final TaskService tasks;
    private volatile float last;

    ApplicationProgress(TaskService tasks) {
        this.tasks = tasks;
    }

    /**
     * The latest figure, without waiting: called on the RM heartbeat thread, it asks the task service for a fresh one
     * that the next call returns.
     */
    float current() {
        tasks.statuses().thenAccept(statuses -> last = of(statuses));
        return last;
    }

    static float of(List<TaskStatus> statuses) {
        long done = 0;
        long total = 0;
        for (TaskStatus s : statuses) {
            done += s.subtasks().succeeded();
            total += s.subtasks().total();
        }
        return total == 0 ? 0f : (float) done / total;
    }
}
