package io.mars;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A task submitted with {@link Session#submit} or {@link Session#submitTables}: it runs on the cluster while the
 * submitting thread goes on. {@link #get()} waits for the results; {@link #cancel()} stops the task.
 *
 * <pre>{@code
 * Execution<List<NDArray>> pi = session.submit(estimate);
 * while (!pi.isDone()) { System.err.printf("%.0f%%%n", 100 * pi.progress()); Thread.sleep(1000); }
 * double value = pi.get().get(0).getDouble();
 * }</pre>
 *
 * @param <T> the results: a list of {@code NDArray} for tensors, of {@code LocalTable} for frames and series
 */
public interface Execution<T> {
    /** The supervisor's id of the task. */
    String taskId();

    /** The share of the task's subtasks done so far, 0 to 1 (0 while it tiles; 1 once it succeeded). */
    double progress();

    /** Whether the task has ended: succeeded, failed or cancelled. */
    boolean isDone();

    /**
     * Asks the cluster to stop the task and returns: no further subtask is dispatched, those running finish, what the
     * task produced is released, and {@link #get()} then throws {@code MarsException} with {@code TASK_CANCELLED}.
     * Does nothing for a task that has ended.
     */
    void cancel();

    /**
     * Waits for the task and returns its results (the same objects on every call). Throws {@code MarsException} with
     * the task's error code when it failed or was cancelled. Interrupting the waiting thread cancels the task: the
     * call then throws {@code TASK_CANCELLED} with the thread's interrupt flag set.
     */
    T get();

    /**
     * {@link #get()}, waiting at most {@code timeout} for the task to end (fetching its results is not counted); the
     * task goes on running when the wait times out.
     */
    T get(long timeout, TimeUnit unit) throws TimeoutException;
}
