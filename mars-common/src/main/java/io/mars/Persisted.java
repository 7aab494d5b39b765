package io.mars;

/**
 * What {@link Session#persist} stored on the workers. Closing it releases the results that call stored, and only
 * those: a result already stored before it (executed or persisted earlier) stays.
 */
public interface Persisted extends AutoCloseable {
    @Override
    void close();
}
