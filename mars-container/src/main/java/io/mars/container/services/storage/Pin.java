package io.mars.container.services.storage;

/** Chunks kept in memory (never spilled) while a subtask reads them; closing it lets them be spilled again. */
public interface Pin extends AutoCloseable {
    /** Bytes of the pinned chunks that were in memory when pinned (the rest must be read back or fetched). */
    default long residentBytes() {
        return 0;
    }

    @Override
    void close();
}
