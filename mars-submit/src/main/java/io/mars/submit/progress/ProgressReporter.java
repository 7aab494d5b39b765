package io.mars.submit.progress;

import io.mars.common.concurrent.DaemonThreads;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Shows a job's progress on stderr while it runs: reads a {@link ProgressSource} at a fixed interval on a thread of its
 * own ({@value #THREAD_NAME}) and hands what it reads to a display, a line redrawn in place on a terminal or plain
 * lines otherwise. {@link #close()} stops the thread, shows the last progress and returns only when nothing more will
 * be printed, so a caller closes it before printing the job's outcome.
 */
public final class ProgressReporter implements AutoCloseable {
    static final String THREAD_NAME = "mars-submit-progress";
    /** How often a terminal's line is read anew (the bar redraws itself every second too). */
    static final Duration TERMINAL_INTERVAL = Duration.ofSeconds(1);
    private static final ProgressReporter OFF = new ProgressReporter();

    private final ProgressSource source;
    private final ProgressDisplay display;
    private final ScheduledExecutorService thread;
    private final long startNanos;
    private final AutoCloseable idleHook;
    private JobProgress last;
    private boolean closed;
    /** When the job's tasks last all ended: a reading begun before it is stale. */
    private long idleNanos;

    private ProgressReporter() {
        source = null;
        display = null;
        thread = null;
        startNanos = 0;
        idleHook = null;
    }

    ProgressReporter(ProgressSource source, ProgressDisplay display, Duration interval) {
        this.source = source;
        this.display = display;
        this.startNanos = System.nanoTime();
        this.idleNanos = startNanos - 1;
        this.idleHook = source.onIdle(this::idle);
        this.thread = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named(THREAD_NAME));
        long every = interval.toMillis();
        thread.scheduleAtFixedRate(this::tick, every, every, TimeUnit.MILLISECONDS);
    }

    /**
     * Starts showing {@code source}'s progress on {@code err} as {@code output} says: nothing when quiet; a line
     * redrawn in place on a terminal; else plain lines at the configured interval.
     */
    static ProgressReporter start(ProgressSource source, PrintStream err, ProgressOutput output) {
        if (output.quiet()) {
            return OFF;
        }
        if (output.terminalColumns() > 0) {
            return new ProgressReporter(source, new TerminalProgressBar(err, output.terminalColumns()),
                    TERMINAL_INTERVAL);
        }
        return new ProgressReporter(source, new PlainProgressLines(err), output.config().interval());
    }

    /** On the job's thread, right after its last running task ended. */
    private synchronized void idle() {
        idleNanos = System.nanoTime();
        display.idle();
    }

    /** One reading, on the reporter's thread; a source that fails shows nothing this time rather than stop it. */
    private void tick() {
        try {
            long readingStart = System.nanoTime();
            Optional<JobProgress> now = source.read();
            synchronized (this) {
                // a reading that began before the tasks ended would show a running task again
                if (closed || now.isEmpty() || readingStart - idleNanos <= 0) {
                    return;
                }
                last = now.get();
                display.show(last, elapsed());
            }
        } catch (RuntimeException e) {
            // a progress line is not worth failing the job for; the next tick tries again
        }
    }

    private Duration elapsed() {
        return Duration.ofNanos(System.nanoTime() - startNanos);
    }

    /** Stops reading, shows the last progress (read once more), and returns when the display has printed its last. */
    @Override
    public void close() {
        if (this == OFF) {
            return;
        }
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        try {
            idleHook.close();
        } catch (Exception e) {
            // the hook only removes a listener
        }
        thread.shutdownNow();
        try {
            if (!thread.awaitTermination(10, TimeUnit.SECONDS)) {
                return; // a reading is stuck: better no last line than one printed after the job's outcome
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        JobProgress end = last;
        try {
            // an ended application's REST API is gone: then its last counted reading beats YARN's bare figure
            end = source.read().filter(p -> p.counted() || last == null || !last.counted()).orElse(last);
        } catch (RuntimeException e) {
            // show the last reading
        }
        display.finish(end, elapsed());
    }
}
