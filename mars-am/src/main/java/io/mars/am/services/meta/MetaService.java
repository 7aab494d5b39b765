package io.mars.am.services.meta;

import io.mars.common.rpc.ChunkMeta;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/** Shape, dtype, size and locations of every stored chunk, per session. */
public interface MetaService {
    CompletableFuture<Void> put(String sessionId, List<ChunkMeta> metas);

    /** The metas of these keys; fails with CHUNK_NOT_FOUND naming the first missing key. */
    CompletableFuture<List<ChunkMeta>> get(String sessionId, List<String> keys);

    /**
     * The metas of those of {@code keys} that are known and held by at least one worker, by key (missing keys are
     * left out, not an error): what a task resumed by a new AM attempt need not compute again.
     */
    CompletableFuture<Map<String, ChunkMeta>> held(String sessionId, List<String> keys);

    /** Forgets these keys; completes with the metas that existed. */
    CompletableFuture<List<ChunkMeta>> delete(String sessionId, List<String> keys);

    CompletableFuture<Integer> count(String sessionId);

    /**
     * Forgets a lost worker as a holder of every chunk, in every session; completes with the number of chunks left
     * with no holder (they stay known, so their references still count, until recomputed or released).
     */
    CompletableFuture<Integer> dropWorker(String workerId);

    /**
     * Forgets one worker as a holder of one chunk (its copy there is lost, e.g. a corrupted spill file); completes
     * with the holders left (empty when none, or when the chunk has no meta).
     */
    CompletableFuture<Set<String>> dropLocation(String sessionId, String key, String workerId);

    /** Forgets a session; completes with the metas it still had. */
    CompletableFuture<List<ChunkMeta>> deleteSession(String sessionId);

    /** How many chunks of a session have meta, and their bytes (read-only; zero for an unknown session). */
    CompletableFuture<SessionChunks> summary(String sessionId);

    /** The stored chunks of one session. */
    record SessionChunks(int chunks, long nbytes) {
    }
}
