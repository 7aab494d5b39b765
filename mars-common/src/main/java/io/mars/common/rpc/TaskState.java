package io.mars.common.rpc;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;

/** The lifecycle of a task, with its allowed transitions. */
public enum TaskState {
    PENDING, TILING, RUNNING, SUCCEEDED, FAILED, CANCELLED;

    public boolean isTerminal() {
        return switch (this) {
            case SUCCEEDED, FAILED, CANCELLED -> true;
            case PENDING, TILING, RUNNING -> false;
        };
    }

    public boolean canMoveTo(TaskState next) {
        return switch (this) {
            case PENDING -> next == TILING || next == FAILED || next == CANCELLED;
            case TILING -> next == RUNNING || next == SUCCEEDED || next == FAILED || next == CANCELLED;
            case RUNNING -> next == SUCCEEDED || next == FAILED || next == CANCELLED;
            case SUCCEEDED, FAILED, CANCELLED -> false;
        };
    }

    /** Returns {@code next} if the move is allowed, else reports it. */
    public TaskState moveTo(TaskState next) {
        if (!canMoveTo(next)) {
            throw new MarsException(ErrorCode.ILLEGAL_STATE_TRANSITION, "task cannot move from " + this + " to " + next);
        }
        return next;
    }
}
