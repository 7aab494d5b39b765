package io.mars.am.services.scheduling.internal;

/** Where one subtask of a task run stands; the legal moves are in {@link SubtaskStates#TABLE}. */
enum SubtaskState {
    /** Some predecessor has not finished (or the subtask failed, or waits to run again). */
    WAITING,
    /** Ready: in a worker's queue, or held until deletions of its outputs' earlier copies finish. */
    QUEUED,
    /** Sent to a worker, which has not answered. */
    RUNNING,
    /** Finished; its outputs are stored (unless lost since, which reverts it when they are needed). */
    DONE
}
