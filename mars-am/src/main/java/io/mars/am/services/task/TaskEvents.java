package io.mars.am.services.task;

/**
 * What the task service tells an observer (the application's event log) as tasks run: each subtask run with its
 * worker and times, and each task's final status. Called on the services' own threads, so it must not block.
 */
public interface TaskEvents {
    /** Tells nothing to nobody. */
    TaskEvents NONE = new TaskEvents() {
    };

    /** Tells each of {@code listeners} (nulls skipped) in turn. */
    static TaskEvents all(TaskEvents... listeners) {
        java.util.List<TaskEvents> some = java.util.Arrays.stream(listeners)
                .filter(l -> l != null && l != NONE).toList();
        if (some.isEmpty()) {
            return NONE;
        }
        if (some.size() == 1) {
            return some.get(0);
        }
        return new TaskEvents() {
            @Override
            public void subtaskRan(String taskId, int stage, int subtaskId, String tileable, String workerId,
                                   long startNanos, long endNanos, String outcome) {
                some.forEach(l -> l.subtaskRan(taskId, stage, subtaskId, tileable, workerId, startNanos, endNanos,
                        outcome));
            }

            @Override
            public void taskEnded(TaskStatus status) {
                some.forEach(l -> l.taskEnded(status));
            }

            @Override
            public void taskEnded(TaskStatus status, TaskGraph graph) {
                some.forEach(l -> l.taskEnded(status, graph));
            }
        };
    }

    /** Whether anyone listens: the task service keeps no per-subtask times otherwise. */
    default boolean listening() {
        return this != NONE;
    }

    /**
     * A run of subtask {@code subtaskId} of stage {@code stage} of task {@code taskId} on {@code workerId} ended
     * ({@code outcome}: succeeded, failed, or retried when its worker or an input was lost), between the two
     * {@link System#nanoTime()} stamps. {@code tileable} is the key of the tileable its output chunk was made for
     * (the task graph's node it counts for), or "" when none.
     */
    default void subtaskRan(String taskId, int stage, int subtaskId, String tileable, String workerId,
                            long startNanos, long endNanos, String outcome) {
    }

    /** The task ended (succeeded, failed or cancelled) with this status. */
    default void taskEnded(TaskStatus status) {
    }

    /** As {@link #taskEnded(TaskStatus)}, with the task's graph as it ended; the task service calls this one. */
    default void taskEnded(TaskStatus status, TaskGraph graph) {
        taskEnded(status);
    }
}
