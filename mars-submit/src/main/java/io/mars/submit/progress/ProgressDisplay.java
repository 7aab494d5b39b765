package io.mars.submit.progress;

import java.time.Duration;

/** How {@link ProgressReporter} shows progress: a line redrawn in place on a terminal, or plain lines for a log. */
interface ProgressDisplay {
    /** The progress at a tick of the reporter, {@code elapsed} since the job started. */
    void show(JobProgress progress, Duration elapsed);

    /**
     * None of the job's tasks runs now (called on the job's thread, right after its task ended): whatever the job
     * prints next must not land on an unfinished line.
     */
    void idle();

    /**
     * The job ended and this is its last progress (null when there was none): the last output of the display, if it
     * showed anything at all. Nothing is printed after it returns.
     */
    void finish(JobProgress last, Duration elapsed);
}
