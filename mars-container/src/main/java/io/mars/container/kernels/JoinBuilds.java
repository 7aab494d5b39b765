package io.mars.container.kernels;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The built inner sides ({@link JoinBuild}) of the joins a worker ran last, by the key of the input chunk they were
 * built from and its key columns. A broadcast join sends its small side whole to every chunk of the other, and each
 * of those joins would otherwise number and index the same rows again (Q20 at SF 10: 537 chunks each built the index
 * of the same 87,000 rows). A chunk's key names its data for good, so an entry is never stale; the least recently
 * used go first, past {@link #ENTRIES} builds or the heap limit. Heap only (no Arrow buffers): nothing to
 * close. Owned by the kernels of one worker; safe for its slots to use at once.
 */
final class JoinBuilds {
    /** At most this many builds are kept. */
    static final int ENTRIES = 4;

    private final Map<String, JoinBuild> builds = new LinkedHashMap<>(16, 0.75f, true);
    /** At most this much heap is kept, by {@link JoinBuild#bytes()}; a larger build is used once and not kept. */
    private final long limit;
    private long bytes;

    JoinBuilds(long limit) {
        this.limit = limit;
    }

    /**
     * Builds kept in at most a 32nd of the JVM's heap, and 64 MiB (the default 768 MiB heap of two workers keeps 24 MiB
     * each: a broadcast side of the default 100,000 rows takes about 6 MiB).
     */
    static JoinBuilds forHeap() {
        return new JoinBuilds(Math.min(64L << 20, Runtime.getRuntime().maxMemory() / 32));
    }

    long limit() {
        return limit;
    }

    /** The build kept for {@code key}, or null. */
    synchronized JoinBuild get(String key) {
        return builds.get(key);
    }

    /** Keeps {@code build} for {@code key}, dropping the least recently used past the limits. */
    synchronized void put(String key, JoinBuild build) {
        if (build.bytes() > limit) {
            return;
        }
        JoinBuild old = builds.put(key, build);
        bytes += build.bytes() - (old == null ? 0 : old.bytes());
        Iterator<JoinBuild> eldest = builds.values().iterator();
        while (builds.size() > ENTRIES || bytes > limit) {
            bytes -= eldest.next().bytes();
            eldest.remove();
        }
    }

    synchronized int size() {
        return builds.size();
    }
}
