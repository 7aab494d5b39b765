package io.mars.submit.progress;

import java.util.Optional;

/**
 * Where {@link ProgressReporter} reads a job's progress: the sessions of this JVM (local and client mode,
 * {@link SessionTasksProgress}) or the AM's REST API (cluster mode, {@link TrackingUrlProgress}).
 */
public interface ProgressSource {
    /**
     * The progress now; empty while there is nothing to show (no task submitted yet, or the source cannot be read this
     * time). Called on the reporter's thread, one call at a time; it may block briefly but bounds its own waits.
     */
    Optional<JobProgress> read();

    /**
     * Runs {@code idle} as soon as none of the job's tasks runs any more, where the source learns that at once (the
     * sessions of this JVM, whose job prints to the same terminal right after); until the handle is closed. By default
     * never.
     */
    default AutoCloseable onIdle(Runnable idle) {
        return () -> { };
    }
}
