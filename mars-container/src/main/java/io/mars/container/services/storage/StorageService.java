package io.mars.container.services.storage;

import io.mars.common.model.ChunkData;
import java.util.List;
import java.util.Optional;

/** A worker's chunk store, keyed by session and chunk key, counting the bytes it holds. */
public interface StorageService extends AutoCloseable {
    void put(String sessionId, String chunkKey, ChunkData data);

    Optional<ChunkData> get(String sessionId, String chunkKey);

    /** Deletes the chunks that exist; returns the bytes freed. */
    long delete(String sessionId, List<String> chunkKeys);

    /** Deletes everything of a session; returns the bytes freed. */
    long deleteSession(String sessionId);

    long storedBytes();

    long storedBytes(String sessionId);

    int chunkCount();

    @Override
    void close();
}
