package io.mars.am.services.scheduling.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Dense int indexes for worker ids, so that per-chunk locations are ints in an array rather than strings in maps.
 * An id keeps its index for the scheduler's lifetime, also after the worker is lost.
 */
final class WorkerIds {
    private final List<String> names = new ArrayList<>();
    private final Map<String, Integer> indexes = new HashMap<>();

    /** The index of {@code workerId}, assigned at first sight. */
    int index(String workerId) {
        Integer i = indexes.get(workerId);
        if (i != null) {
            return i;
        }
        indexes.put(workerId, names.size());
        names.add(workerId);
        return names.size() - 1;
    }

    /** The index of a known id, or -1. */
    int find(String workerId) {
        Integer i = indexes.get(workerId);
        return i == null ? -1 : i;
    }

    String name(int index) {
        return names.get(index);
    }

    int size() {
        return names.size();
    }
}
