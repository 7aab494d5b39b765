package io.mars.common.concurrent;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/** Thread factories for the pools Mars owns: daemon threads with names that say whose they are. */
public final class DaemonThreads {
    private DaemonThreads() {
    }

    /** Every thread gets the same name (single-thread pools). */
    public static ThreadFactory named(String name) {
        return r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        };
    }

    /** Threads named {@code prefix0}, {@code prefix1}, ... */
    public static ThreadFactory numbered(String prefix) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, prefix + n.getAndIncrement());
            t.setDaemon(true);
            return t;
        };
    }
}
