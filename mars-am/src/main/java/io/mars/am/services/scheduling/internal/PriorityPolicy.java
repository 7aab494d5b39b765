package io.mars.am.services.scheduling.internal;

import java.util.Comparator;

/**
 * The order of ready subtasks in a worker's queue: the older task first (tasks are numbered as submitted), then the
 * subtask's depth-first priority, so that a worker finishes what it started and consumers run as soon as their
 * inputs exist, releasing memory early.
 */
final class PriorityPolicy implements Comparator<Ready> {
    @Override
    public int compare(Ready a, Ready b) {
        int c = Long.compare(a.run().sequence, b.run().sequence);
        return c != 0 ? c : Integer.compare(a.priority(), b.priority());
    }
}
