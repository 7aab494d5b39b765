package io.mars.am.services.task;

/**
 * A task's subtasks by state, over the stages tiled so far: {@code pending} have not run (or will not, once the task
 * has ended), {@code running} are on a worker, {@code succeeded} stored their outputs, {@code failed} raised an error.
 * {@code reruns} counts subtask runs given up and started again: their worker (or one holding their inputs) was lost,
 * or outputs they had stored were lost and are recomputed from lineage.
 */
public record SubtaskCounts(int pending, int running, int succeeded, int failed, int reruns) {
    public SubtaskCounts {
        if (pending < 0 || running < 0 || succeeded < 0 || failed < 0 || reruns < 0) {
            throw new IllegalArgumentException("subtask counts cannot be negative: pending " + pending + ", running "
                    + running + ", succeeded " + succeeded + ", failed " + failed + ", reruns " + reruns);
        }
    }

    public int total() {
        return pending + running + succeeded + failed;
    }
}
