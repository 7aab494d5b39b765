package io.mars.submit.progress;

import java.io.PrintStream;
import java.time.Duration;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * Progress on a terminal: one line redrawn in place (carriage return) by me.tongfei's progressbar, e.g.
 * {@code mars  30% [======>        ] 120/400 (0:00:12) tasks 1/2, spilled 1.2 GiB}. The bar is the running task's
 * subtasks; the tasks done of those submitted, and the bytes spilled when known, follow it. The line appears at the first tick that has a task
 * to show and ends with a newline when the job ends.
 *
 * <p>The bar gets its width from mars-submit ({@code bin/mars-submit} measures stderr's terminal) and a console
 * consumer of our own: left to itself, progressbar asks JLine for the terminal, and a JLine system terminal replaces
 * the JVM's SIGINT handler while it is open (JDK-8332921), so Ctrl-C would no longer run the shutdown hooks that kill a
 * YARN application or delete the local cluster's spill files.
 */
final class TerminalProgressBar implements ProgressDisplay {
    private static final String NAME = "mars";
    private static final int REDRAW_MILLIS = 1000;

    private final PrintStream err;
    private final int columns;
    private ProgressBar bar;
    private LineConsumer line;

    /** A bar on {@code err}, a terminal {@code columns} wide. */
    TerminalProgressBar(PrintStream err, int columns) {
        this.err = err;
        this.columns = columns;
    }

    @Override
    public synchronized void show(JobProgress progress, Duration elapsed) {
        if (bar == null) {
            if (progress.counted() && progress.tasksDone() == progress.tasksTotal()) {
                return; // between two tasks: an erased line stays erased (see idle) until the next task runs
            }
            open(progress, elapsed);
        }
        update(progress);
    }

    /** Erases the line, so that what the job prints next starts on an empty one. */
    @Override
    public synchronized void idle() {
        if (bar != null) {
            close(false);
        }
    }

    @Override
    public synchronized void finish(JobProgress last, Duration elapsed) {
        if (last == null || (bar == null && line == null)) {
            return; // nothing was ever drawn
        }
        if (bar == null) {
            open(last, elapsed);
        }
        update(last);
        close(true);
    }

    /** A new bar, at {@code progress} already: it draws its first frame at once, on its own thread. */
    private void open(JobProgress progress, Duration elapsed) {
        // one column short of the width: a line filling the last column makes some terminals wrap
        line = new LineConsumer(err, Math.max(20, columns - 1));
        bar = new ProgressBarBuilder().setTaskName(NAME).setInitialMax(progress.subtasksTotal())
                .setStyle(ProgressBarStyle.ASCII).setUpdateIntervalMillis(REDRAW_MILLIS).continuousUpdate().hideEta()
                .clearDisplayOnFinish().startsFrom(progress.subtasksDone(), elapsed).setConsumer(line).build();
    }

    /** Stops the bar: its line stays, ended with a newline, or is erased (spaces, cursor back in the first column). */
    private void close(boolean keep) {
        line.keep = keep;
        bar.close(); // draws once more, then clears and closes the consumer, which (see LineConsumer) obey keep
        if (!keep) {
            line.clear(); // progressbar does not always erase the line itself (it may not have drawn yet)
        }
        line.close();
        bar = null;
    }

    /** The message and length first: stepping back (a new task) redraws at once. */
    private void update(JobProgress progress) {
        bar.setExtraMessage(extra(progress));
        if (progress.subtasksTotal() == 0) {
            bar.maxHint(-1); // tiling: the bar has no length yet
        } else {
            bar.maxHint(progress.subtasksTotal());
        }
        bar.stepTo(progress.subtasksDone());
    }

    /**
     * The console consumer, which either keeps the line and ends it once, or erases it: progressbar 0.10.1 ends the
     * line only when its ticker had drawn once before the bar closed, and erases it whenever the bar was built to.
     */
    private static final class LineConsumer extends ConsoleProgressBarConsumer {
        private final PrintStream stream;
        private volatile boolean keep;
        private boolean ended;

        LineConsumer(PrintStream err, int width) {
            super(err, width);
            this.stream = err;
        }

        /**
         * A frame; dropped once the line was erased or ended: progressbar's ticker thread may still draw a frame
         * while the bar closes, and on a busy machine that frame came after the erase.
         */
        @Override
        public synchronized void accept(String rendered) {
            if (!ended) {
                super.accept(rendered);
            }
        }

        @Override
        public synchronized void clear() {
            if (!keep && !ended) {
                super.clear();
                stream.flush();
                ended = true;
            }
        }

        @Override
        public synchronized void close() {
            if (keep && !ended) {
                super.close();
            }
            ended = true;
        }
    }

    private static String extra(JobProgress p) {
        if (!p.counted()) {
            return "thousandths, YARN's figure";
        }
        // short: on a narrow terminal the renderer cuts what does not fit from the end
        String text = "tasks " + p.tasksDone() + "/" + p.tasksTotal();
        return p.spilledBytes() > 0 ? text + ", spilled " + JobProgress.bytes(p.spilledBytes()) : text;
    }
}
