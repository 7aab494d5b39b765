package io.mars.container.services.storage;

/** Memory a running subtask holds for its working set, counted against the worker's quota until closed. */
public interface Reservation extends AutoCloseable {
    /** The bytes reserved. */
    long bytes();

    @Override
    void close();
}
