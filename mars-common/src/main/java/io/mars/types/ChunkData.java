package io.mars.types;

/**
 * What a chunk holds once computed: a tensor block ({@link io.mars.types.NDArray}), a table batch, or an
 * intermediate state. Storage owns the data it holds and closes it when the chunk is deleted; data backed by
 * off-heap (Arrow) memory frees it in {@link #close()}, heap-backed data needs nothing.
 */
public interface ChunkData extends AutoCloseable {
    /** Bytes of memory this data occupies, as counted against storage quotas. */
    long nbytes();

    /** Frees off-heap memory this data holds; storage calls it once the chunk is deleted. */
    @Override
    default void close() {
    }
}
