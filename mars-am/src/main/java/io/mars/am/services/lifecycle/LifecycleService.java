package io.mars.am.services.lifecycle;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Reference counts of chunks: one per subtask that will read the chunk and one per stored tileable holding it.
 * At zero the chunk is deleted from every worker holding it and its meta is dropped.
 */
public interface LifecycleService {
    /** Adds one reference per occurrence of a key. */
    CompletableFuture<Void> incref(String sessionId, List<String> chunkKeys);

    /** Removes one reference per occurrence; deletes chunks whose count reaches zero. Completes once deleted. */
    CompletableFuture<Void> decref(String sessionId, List<String> chunkKeys);

    /**
     * Removes references as {@link #decref} does, but completes as soon as the counts are updated, with the keys whose
     * count reached zero: their data is being deleted ({@link #deletionsDone} says when that is over). The scheduler
     * learns this way which chunks are gone, instead of counting readers itself.
     */
    CompletableFuture<List<String>> release(String sessionId, List<String> chunkKeys);

    /**
     * Completes once every deletion begun, by an earlier {@link #decref} or {@link #release}, of any of these keys has
     * finished (at once when none is under way), so that a chunk computed again is not removed by a late delete.
     */
    CompletableFuture<Void> deletionsDone(String sessionId, List<String> chunkKeys);

    /** Chunks of the session with a non-zero count. */
    CompletableFuture<Integer> trackedCount(String sessionId);
}
