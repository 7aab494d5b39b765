package io.mars.am.services.scheduling.internal;

/** What happens to a subtask; {@link SubtaskStates#TABLE} says in which states each may happen. */
enum SubtaskEvent {
    /** Its predecessors are done: it joins a worker's queue. */
    READY,
    /** Its predecessors are done, but earlier copies of its outputs are still being deleted: it waits for that. */
    HOLD,
    /** The deletions a held subtask waited for have finished: it joins a worker's queue. */
    DELETIONS_DONE,
    /** A worker starts it. */
    DISPATCH,
    /** Its worker stored its outputs. */
    SUCCEED,
    /** It failed in a way a rerun may fix (a worker or an input went away): it waits to run again. */
    RETRY,
    /** It failed for good: the task fails. */
    FAIL,
    /** Its worker was lost while it ran: it waits to run again elsewhere. */
    ABANDON,
    /** It had finished, but outputs still needed were lost: it waits to run again. */
    REVERT,
    /** It was ready, but an input was lost meanwhile: it waits for its producer's rerun. */
    UNREADY
}
