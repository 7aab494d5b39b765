package io.mars.common.rpc;

/**
 * A snapshot of a task.
 *
 * @param chunkCount          chunks in the tiled graph
 * @param subtaskCount        subtasks after fusion
 * @param subtasksDone        subtasks finished so far
 * @param submittedNanos      {@link System#nanoTime()} when the supervisor received the task
 * @param firstRunningNanos   when the first subtask started on a worker (0 if none yet)
 * @param finishedNanos       when the task ended (0 if running)
 * @param errorCode           the error's code when FAILED, else null
 * @param errorMessage        the error's message when FAILED, else null
 */
public record TaskInfo(String taskId, String sessionId, TaskState state, int chunkCount, int subtaskCount,
                       int subtasksDone, long submittedNanos, long tiledNanos, long firstRunningNanos,
                       long finishedNanos, String errorCode, String errorMessage) {

    public double progress() {
        if (state == TaskState.SUCCEEDED) {
            return 1.0;
        }
        return subtaskCount == 0 ? 0.0 : (double) subtasksDone / subtaskCount;
    }
}
