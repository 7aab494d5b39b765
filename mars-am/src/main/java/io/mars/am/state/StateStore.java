package io.mars.am.state;

import io.mars.common.graph.TiledTileable;
import io.mars.common.rpc.ChunkMeta;
import io.mars.common.rpc.flight.RpcMessages.WorkerAddress;
import io.mars.common.wire.StateCodec.SessionState;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The supervisor's durable state, for a new AM attempt to recover from: sessions, the tileables whose results they
 * keep (each holding a reference on its chunks), and chunk meta. Writes are queued
 * and written in batches off the caller's thread, so the store never slows scheduling; {@link #flush()} waits for
 * them.
 */
public interface StateStore extends AutoCloseable {
    /** Whether writes reach durable storage (false: memory only, AM recovery is off). */
    boolean durable();

    void putSession(SessionState session);

    /** Deletes a session and all its chunk meta. */
    void deleteSession(String sessionId);

    void putChunkMetas(String sessionId, List<ChunkMeta> metas);

    void deleteChunkMetas(String sessionId, List<String> chunkKeys);

    /** Records tileables whose results the session keeps. */
    void putTileables(String sessionId, Map<String, TiledTileable> tileables);

    void deleteTileables(String sessionId, List<String> tileableKeys);

    /**
     * Records a worker that joined, so that a new AM attempt can find it again: with containers kept across attempts
     * the worker outlives this attempt and still holds its chunks.
     */
    void putWorker(WorkerAddress worker);

    /** The worker left (lost, or its container ended). */
    void deleteWorker(String workerId);

    /** Completes when everything queued before this call is written, or exceptionally if it could not be. */
    CompletableFuture<Void> flush();

    /** What earlier attempts left: sessions and their chunk meta. */
    Recovered recover();

    /** Deletes the application's whole state: the application ended. */
    void deleteAll();

    @Override
    void close();

    /** The state read back by a new attempt: by session id, and the workers that had joined, by worker id. */
    record Recovered(Map<String, SessionState> sessions, Map<String, List<ChunkMeta>> chunkMetas,
                     Map<String, Map<String, TiledTileable>> tileables, Map<String, WorkerAddress> workers) {
        public Recovered {
            sessions = Map.copyOf(sessions);
            chunkMetas = Map.copyOf(chunkMetas);
            tileables = Map.copyOf(tileables);
            workers = Map.copyOf(workers);
        }
    }
}
