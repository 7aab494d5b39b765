package io.mars.am.services.session;

import io.mars.common.graph.TiledTileable;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Sessions and the tileables whose results they keep (each holding one reference on its chunks). A stored tileable's
 * chunks are {@code ChunkFetch} nodes, ready to be read by later tasks.
 */
public interface SessionService {
    CompletableFuture<String> create(Map<String, String> conf);

    /** Releases every stored tileable and forgets the session. */
    CompletableFuture<Void> close(String sessionId);

    /** A session's settings and stored tileables; fails with UNKNOWN_SESSION for a closed or unknown id. */
    CompletableFuture<SessionSnapshot> snapshot(String sessionId);

    /** Every open session, in no particular order (read-only). */
    CompletableFuture<List<SessionSnapshot>> snapshots();

    /** Stores results; a tileable stored already keeps its first result. Completes with the keys newly stored. */
    CompletableFuture<List<String>> store(String sessionId, Map<String, TiledTileable> results);

    CompletableFuture<TiledTileable> stored(String sessionId, String tileableKey);

    /** Drops stored tileables (unknown keys are ignored) and their chunk references. */
    CompletableFuture<Void> release(String sessionId, List<String> tileableKeys);

    /** A read-only view of a session. */
    record SessionSnapshot(String id, Map<String, String> conf, Map<String, TiledTileable> stored) {
        public SessionSnapshot {
            conf = Map.copyOf(conf);
            stored = Map.copyOf(stored);
        }
    }
}
