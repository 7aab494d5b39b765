package io.mars.am.state.internal;

import io.mars.am.state.StateStore;
import io.mars.common.graph.TiledTileable;
import io.mars.common.rpc.ChunkMeta;
import io.mars.common.rpc.flight.RpcMessages.WorkerAddress;
import io.mars.common.wire.StateCodec.SessionState;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/** No durable state: the services' own memory is all there is (local mode). */
public final class MemoryOnlyStateStore implements StateStore {
    @Override
    public boolean durable() {
        return false;
    }

    @Override
    public void putSession(SessionState session) {
    }

    @Override
    public void deleteSession(String sessionId) {
    }

    @Override
    public void putChunkMetas(String sessionId, List<ChunkMeta> metas) {
    }

    @Override
    public void deleteChunkMetas(String sessionId, List<String> chunkKeys) {
    }

    @Override
    public void putTileables(String sessionId, Map<String, TiledTileable> tileables) {
    }

    @Override
    public void deleteTileables(String sessionId, List<String> tileableKeys) {
    }

    @Override
    public void putWorker(WorkerAddress worker) {
    }

    @Override
    public void deleteWorker(String workerId) {
    }

    @Override
    public CompletableFuture<Void> flush() {
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public Recovered recover() {
        return new Recovered(Map.of(), Map.of(), Map.of(), Map.of());
    }

    @Override
    public void deleteAll() {
    }

    @Override
    public void close() {
    }
}
