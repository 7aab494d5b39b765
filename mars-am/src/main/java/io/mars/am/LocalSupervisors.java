package io.mars.am;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The supervisors running in this JVM, for a part of the same process that did not create them. Today the AM's web
 * UI needs this: the job's main, running inside the AM, creates its supervisor itself (an embedded cluster per
 * {@code Session}), so the embedded cluster announces it here. Once the AM composes its own supervisor it hands it to
 * the web server directly and this bridge has no user left.
 */
public final class LocalSupervisors {
    private static final List<Supervisor> RUNNING = new CopyOnWriteArrayList<>();

    private LocalSupervisors() {}

    /** Announces a supervisor until the returned handle is closed. */
    public static Registration register(Supervisor supervisor) {
        RUNNING.add(supervisor);
        return () -> RUNNING.remove(supervisor);
    }

    /** The announced supervisors, oldest first. */
    public static List<Supervisor> running() {
        return List.copyOf(RUNNING);
    }

    /** Withdraws an announcement; closing twice is harmless. */
    @FunctionalInterface
    public interface Registration extends AutoCloseable {
        @Override
        void close();
    }
}
