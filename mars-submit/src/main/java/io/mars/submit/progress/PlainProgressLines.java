package io.mars.submit.progress;

import java.io.PrintStream;
import java.time.Duration;

/**
 * Progress as whole lines, for stderr that is not a terminal (a scheduler's log, Airflow, Oozie): a line at a tick only
 * when the counts changed since the last line, and a last line at the end when the job ran long enough to have
 * printed one before. For example {@code mars-submit: progress: tasks 1/2 done | subtasks 120/200 | elapsed 0:00:20}.
 */
final class PlainProgressLines implements ProgressDisplay {
    static final String PREFIX = "mars-submit: progress: ";

    private final PrintStream err;
    private String printed;

    PlainProgressLines(PrintStream err) {
        this.err = err;
    }

    @Override
    public void show(JobProgress progress, Duration elapsed) {
        print(progress, elapsed);
    }

    /** Whole lines leave nothing unfinished. */
    @Override
    public void idle() {
    }

    @Override
    public void finish(JobProgress last, Duration elapsed) {
        if (printed != null && last != null) {
            print(last, elapsed);
        }
    }

    private void print(JobProgress progress, Duration elapsed) {
        String summary = progress.summary();
        if (summary.equals(printed)) {
            return;
        }
        err.println(PREFIX + summary + " | elapsed " + clock(elapsed));
        err.flush();
        printed = summary;
    }

    /** {@code H:MM:SS}. */
    static String clock(Duration d) {
        long s = d.toSeconds();
        return String.format(java.util.Locale.ROOT, "%d:%02d:%02d", s / 3600, (s % 3600) / 60, s % 60);
    }
}
