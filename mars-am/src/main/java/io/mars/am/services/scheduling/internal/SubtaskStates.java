package io.mars.am.services.scheduling.internal;

import static io.mars.am.services.scheduling.internal.SubtaskEvent.ABANDON;
import static io.mars.am.services.scheduling.internal.SubtaskEvent.DELETIONS_DONE;
import static io.mars.am.services.scheduling.internal.SubtaskEvent.DISPATCH;
import static io.mars.am.services.scheduling.internal.SubtaskEvent.FAIL;
import static io.mars.am.services.scheduling.internal.SubtaskEvent.HOLD;
import static io.mars.am.services.scheduling.internal.SubtaskEvent.READY;
import static io.mars.am.services.scheduling.internal.SubtaskEvent.RETRY;
import static io.mars.am.services.scheduling.internal.SubtaskEvent.REVERT;
import static io.mars.am.services.scheduling.internal.SubtaskEvent.SUCCEED;
import static io.mars.am.services.scheduling.internal.SubtaskEvent.UNREADY;
import static io.mars.am.services.scheduling.internal.SubtaskState.DONE;
import static io.mars.am.services.scheduling.internal.SubtaskState.QUEUED;
import static io.mars.am.services.scheduling.internal.SubtaskState.RUNNING;
import static io.mars.am.services.scheduling.internal.SubtaskState.WAITING;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The states of one task run's subtasks (one byte each) and their generations. Every change goes through
 * {@link #fire}, checked against {@link #TABLE}; an illegal event is logged and thrown as an INTERNAL
 * {@link MarsException} (ILLEGAL_STATE_TRANSITION), which fails the task, and the state stays as it was.
 *
 * <p>A subtask's generation moves on whenever it enters WAITING or QUEUED, so queue entries and worker answers
 * from before (an entry requeued elsewhere, an attempt given up with its worker) are recognized as stale.
 */
final class SubtaskStates {
    private static final Logger LOG = LoggerFactory.getLogger(SubtaskStates.class);

    /** Every legal transition of a subtask. */
    static final TransitionTable<SubtaskState, SubtaskEvent> TABLE =
            TransitionTable.builder(SubtaskState.class, SubtaskEvent.class)
                    .add(WAITING, READY, QUEUED)
                    .add(WAITING, HOLD, QUEUED)
                    .add(QUEUED, DELETIONS_DONE, QUEUED)
                    .add(QUEUED, DISPATCH, RUNNING)
                    .add(QUEUED, UNREADY, WAITING)
                    .add(RUNNING, SUCCEED, DONE)
                    .add(RUNNING, RETRY, WAITING)
                    .add(RUNNING, FAIL, WAITING)
                    .add(RUNNING, ABANDON, WAITING)
                    .add(DONE, REVERT, WAITING)
                    .build();

    private final String taskId;
    private final Confinement confinement;
    private final byte[] state;
    private final int[] generation;

    /** All {@code size} subtasks start WAITING. */
    SubtaskStates(String taskId, int size, Confinement confinement) {
        this.taskId = taskId;
        this.confinement = confinement;
        this.state = new byte[size]; // WAITING is ordinal 0
        this.generation = new int[size];
    }

    int size() {
        return state.length;
    }

    SubtaskState state(int id) {
        return TABLE.state(state[id]);
    }

    boolean is(int id, SubtaskState s) {
        return state[id] == s.ordinal();
    }

    /** Waiting or queued: not running and not done. */
    boolean pending(int id) {
        return state[id] == WAITING.ordinal() || state[id] == QUEUED.ordinal();
    }

    int generation(int id) {
        return generation[id];
    }

    /** Applies {@code event} to subtask {@code id}; returns its new generation. */
    int fire(int id, SubtaskEvent event) {
        confinement.checkOnActor();
        SubtaskState from = state(id);
        SubtaskState to = TABLE.next(from, event);
        if (to == null) {
            MarsException e = new MarsException(ErrorCode.ILLEGAL_STATE_TRANSITION, "subtask " + id + " of task "
                    + taskId + " cannot take event " + event + " in state " + from);
            LOG.error("illegal subtask transition; failing the task", e);
            throw e;
        }
        state[id] = (byte) to.ordinal();
        if (to == WAITING || to == QUEUED) {
            generation[id]++;
        }
        return generation[id];
    }
}
