package io.mars.container.services.storage;

/** Chunks kept in memory (never spilled) while a subtask reads them; closing it lets them be spilled again. */
public interface Pin extends AutoCloseable {
    @Override
    void close();
}
