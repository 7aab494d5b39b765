package io.mars.am.services.scheduling.internal;

/** A queue entry; stale once its subtask's generation moved on (it was requeued or reverted meanwhile). */
record Ready(TaskRun run, int subtask, int priority, int generation) {
    boolean live() {
        return run.failure == null && run.states.is(subtask, SubtaskState.QUEUED)
                && run.states.generation(subtask) == generation;
    }
}
