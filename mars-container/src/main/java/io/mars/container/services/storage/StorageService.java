package io.mars.container.services.storage;

import io.mars.types.ChunkData;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * A worker's chunk store, keyed by session and chunk key, counting the bytes it holds. An implementation may move
 * chunks out of memory (spill) and read them back when asked for; callers keep what they read in memory by pinning it.
 */
public interface StorageService extends AutoCloseable {
    /** Stores a chunk, owning {@code data} from now on; may wait while memory is over its hard limit. */
    void put(String sessionId, String chunkKey, ChunkData data);

    /**
     * Stores a chunk unless this storage holds that key already (then the caller keeps {@code data}); for copies of
     * chunks fetched from other workers, which must not replace a copy that running subtasks may be reading.
     * Returns whether {@code data} was stored (and is owned by the storage from now on).
     */
    boolean putIfAbsent(String sessionId, String chunkKey, ChunkData data);

    /**
     * {@link #put} of data a subtask computed under {@code reservation}: the bytes move from the reservation into
     * memory (as far as it still holds them) instead of being counted twice until the subtask ends.
     */
    default void put(String sessionId, String chunkKey, ChunkData data, Reservation reservation) {
        put(sessionId, chunkKey, data);
    }

    /** {@link #putIfAbsent} of data held under {@code reservation}; see {@link #put(String, String, ChunkData, Reservation)}. */
    default boolean putIfAbsent(String sessionId, String chunkKey, ChunkData data, Reservation reservation) {
        return putIfAbsent(sessionId, chunkKey, data);
    }

    /**
     * The chunk's data, read back into memory if it was spilled; fails with {@code CHUNK_LOST} when its spill file
     * is corrupted or gone.
     */
    Optional<ChunkData> get(String sessionId, String chunkKey);

    /** Like {@link #get}, reading a spilled chunk back on the storage's own threads. */
    CompletableFuture<Optional<ChunkData>> getAsync(String sessionId, String chunkKey);

    /**
     * Like {@link #getAsync(String, String)}, for a subtask that reserved room for its spilled inputs: a read-back
     * takes its bytes out of {@code reservation} instead of adding to memory on top of it.
     */
    default CompletableFuture<Optional<ChunkData>> getAsync(String sessionId, String chunkKey,
                                                           Reservation reservation) {
        return getAsync(sessionId, chunkKey);
    }

    /**
     * For a reducer of a shuffle: data holding at least the rows of part {@code part} of the stored shuffle map output
     * {@code chunkKey} (the whole chunk while it is in memory; only the part's segment of a spill file when it was
     * spilled), which the caller owns and closes. By default the whole chunk, shared.
     */
    default CompletableFuture<Optional<ChunkData>> getPartAsync(String sessionId, String chunkKey, int part,
                                                               Reservation reservation) {
        return getAsync(sessionId, chunkKey, reservation)
                .thenApply(d -> d.map(io.mars.common.table.TableChunk::shareOf));
    }

    /** Keeps these chunks (those stored here) in memory until the pin is closed. */
    Pin pin(String sessionId, Collection<String> chunkKeys);

    /**
     * Reserves working memory for a subtask, spilling to make room; waits while the quota is over its hard limit
     * and other reservations will end, so one subtask alone always proceeds.
     */
    Reservation reserve(long bytes);

    /** Deletes the chunks that exist, from every level; returns the bytes freed. */
    long delete(String sessionId, List<String> chunkKeys);

    /** Deletes everything of a session, from every level; returns the bytes freed. */
    long deleteSession(String sessionId);

    /** Bytes of the chunks stored, whatever their level. */
    long storedBytes();

    long storedBytes(String sessionId);

    int chunkCount();

    StorageStats stats();

    /**
     * Memory (chunks in memory plus reservations) past which puts and reservations wait: the quota's hard limit. The
     * worker offers it to the scheduler as the working memory it admits at once.
     */
    default long hardLimitBytes() {
        return Long.MAX_VALUE;
    }

    @Override
    void close();
}
