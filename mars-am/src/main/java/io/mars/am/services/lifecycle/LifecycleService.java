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

    /** Removes one reference per occurrence; deletes chunks whose count reaches zero. */
    CompletableFuture<Void> decref(String sessionId, List<String> chunkKeys);

    /** Chunks of the session with a non-zero count. */
    CompletableFuture<Integer> trackedCount(String sessionId);
}
