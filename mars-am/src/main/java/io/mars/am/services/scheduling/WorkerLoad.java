package io.mars.am.services.scheduling;

/**
 * What the scheduler admitted to one worker, by the subtasks' working-memory estimates
 * ({@link io.mars.common.graph.Subtask#memory()}).
 *
 * @param workerId          the worker
 * @param budgetBytes       the working memory the worker offered at registration ({@code Long.MAX_VALUE}: unbounded)
 * @param admittedBytes     the estimates of the subtasks running there now
 * @param peakAdmittedBytes the highest sum of estimates of subtasks running there at once, not counting a subtask
 *                          larger than the budget, which runs alone: never more than {@code budgetBytes}
 * @param peakRunning       the most subtasks that ran there at once
 * @param oversizedRuns     subtasks whose estimate alone exceeded the budget, each run alone on the idle worker
 * @param running           subtasks running there now (its busy slots)
 */
public record WorkerLoad(String workerId, long budgetBytes, long admittedBytes, long peakAdmittedBytes,
                         int peakRunning, long oversizedRuns, int running) {
}
