package io.mars;

import io.mars.common.graph.Tileable;
import java.util.Optional;

/**
 * Eager mode (Mars's {@code options.eager_mode}; the design talk's "eager mode for development and debugging"): while a
 * session is the eager one, every tensor, dataframe and series runs on it as it is created, so a mistake fails at the
 * line that made it, and {@code toString()} prints values (numpy's and pandas' formats) instead of a description.
 * Each result is persisted on the workers, so the next operation reads it instead of computing it again; a result
 * whose object the program dropped is released by the session (at its next submission), as lazily executed ones are.
 * Lazy stays the default: turn it on with {@link Session#eager()} or the setting {@value #PROPERTY}{@code =true} when
 * the session is created; closing the session turns it off. One eager session per JVM (the last one wins).
 */
public final class Eager {
    /** The session setting that makes a new session the eager one. */
    public static final String PROPERTY = "mars.eager";

    private static volatile Session session;
    /** Set while this thread runs an eager execution, so that nothing created meanwhile runs again. */
    private static final ThreadLocal<Boolean> RUNNING = ThreadLocal.withInitial(() -> false);

    private Eager() {
    }

    /** Makes {@code s} the session operations run on as they are created. */
    public static void enable(Session s) {
        session = s;
    }

    /** Turns eager mode off if {@code s} is the eager session (a session's close calls it). */
    public static void disable(Session s) {
        if (session == s) {
            session = null;
        }
    }

    /** The eager session, while there is an open one. */
    public static Optional<Session> session() {
        Session s = session;
        return s == null || s.isClosed() ? Optional.empty() : Optional.of(s);
    }

    /** Whether {@code value} turns eager mode on ({@value #PROPERTY}); anything but true/false is refused. */
    public static boolean requested(java.util.Map<String, String> conf) {
        String v = conf.get(PROPERTY);
        if (v == null || v.isBlank() || v.trim().equalsIgnoreCase("false")) {
            return false;
        }
        if (v.trim().equalsIgnoreCase("true")) {
            return true;
        }
        throw new io.mars.common.error.MarsException(io.mars.common.error.ErrorCode.INVALID_CONFIG, PROPERTY
                + " must be true or false, got '" + v + "'");
    }

    /** Every tileable's constructor ends here: in eager mode the new tileable runs now. */
    public static void created(Tileable t) {
        Session s = session;
        if (s == null || RUNNING.get() || s.isClosed()) {
            return;
        }
        RUNNING.set(true);
        try {
            s.persist(t);
        } finally {
            RUNNING.set(false);
        }
    }

    /** The printed value of {@code t} in eager mode, or empty when lazy. */
    public static Optional<String> printed(Tileable t) {
        Optional<Session> s = session();
        if (s.isEmpty() || RUNNING.get()) {
            return Optional.empty();
        }
        RUNNING.set(true);
        try {
            if (t instanceof io.mars.tensor.Tensor tensor) {
                return Optional.of(s.get().execute(tensor).toString());
            }
            return Optional.of(s.get().executeTables(t).get(0).toString());
        } finally {
            RUNNING.set(false);
        }
    }
}
