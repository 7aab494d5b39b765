package io.mars.am.services.meta.internal;

import io.mars.am.services.meta.MetaService;
import io.mars.am.state.StateStore;
import io.mars.common.concurrent.Actor;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.rpc.ChunkMeta;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Chunk meta kept in memory on the meta actor, written through to the {@link StateStore} (ZooKeeper on YARN) so a
 * new AM attempt can read it back.
 */
public final class MemoryMetaService implements MetaService, AutoCloseable {
    private final Actor actor = new Actor("mars-meta");
    private final Map<String, Map<String, ChunkMeta>> sessions = new HashMap<>();
    private final StateStore store;

    public MemoryMetaService(StateStore store) {
        this.store = store;
    }

    /** Puts back meta read from the state store by a new attempt, without writing it again. */
    public java.util.concurrent.CompletableFuture<Void> restore(String sessionId, List<ChunkMeta> metas) {
        return actor.run(() -> {
            Map<String, ChunkMeta> m = sessions.computeIfAbsent(sessionId, s -> new HashMap<>());
            for (ChunkMeta meta : metas) {
                m.put(meta.key(), meta);
            }
        });
    }

    @Override
    public java.util.concurrent.CompletableFuture<Void> put(String sessionId, List<ChunkMeta> metas) {
        return actor.run(() -> {
            Map<String, ChunkMeta> m = sessions.computeIfAbsent(sessionId, s -> new HashMap<>());
            List<ChunkMeta> stored = new ArrayList<>(metas.size());
            for (ChunkMeta meta : metas) {
                ChunkMeta old = m.get(meta.key());
                if (old != null) {
                    Set<String> workers = new HashSet<>(old.workers());
                    workers.addAll(meta.workers());
                    meta = new ChunkMeta(meta.key(), meta.dtype(), meta.shape(), meta.nbytes(), workers);
                }
                m.put(meta.key(), meta);
                stored.add(meta);
            }
            store.putChunkMetas(sessionId, stored);
        });
    }

    @Override
    public java.util.concurrent.CompletableFuture<List<ChunkMeta>> get(String sessionId, List<String> keys) {
        return actor.call(() -> {
            Map<String, ChunkMeta> m = sessions.getOrDefault(sessionId, Map.of());
            List<ChunkMeta> out = new ArrayList<>(keys.size());
            for (String k : keys) {
                ChunkMeta meta = m.get(k);
                if (meta == null) {
                    throw new MarsException(ErrorCode.CHUNK_NOT_FOUND, "no meta for chunk " + k + " in session " + sessionId);
                }
                out.add(meta);
            }
            return out;
        });
    }

    @Override
    public java.util.concurrent.CompletableFuture<Map<String, ChunkMeta>> held(String sessionId, List<String> keys) {
        return actor.call(() -> {
            Map<String, ChunkMeta> m = sessions.getOrDefault(sessionId, Map.of());
            Map<String, ChunkMeta> out = new HashMap<>();
            for (String k : keys) {
                ChunkMeta meta = m.get(k);
                if (meta != null && !meta.workers().isEmpty()) {
                    out.put(k, meta);
                }
            }
            return out;
        });
    }

    @Override
    public java.util.concurrent.CompletableFuture<List<ChunkMeta>> delete(String sessionId, List<String> keys) {
        return actor.call(() -> {
            Map<String, ChunkMeta> m = sessions.get(sessionId);
            List<ChunkMeta> out = new ArrayList<>();
            if (m != null) {
                for (String k : keys) {
                    ChunkMeta meta = m.remove(k);
                    if (meta != null) {
                        out.add(meta);
                    }
                }
            }
            store.deleteChunkMetas(sessionId, out.stream().map(ChunkMeta::key).toList());
            return out;
        });
    }

    @Override
    public java.util.concurrent.CompletableFuture<Integer> count(String sessionId) {
        return actor.call(() -> sessions.getOrDefault(sessionId, Map.of()).size());
    }

    @Override
    public java.util.concurrent.CompletableFuture<Integer> dropWorker(String workerId) {
        return actor.call(() -> {
            int orphaned = 0;
            for (Map.Entry<String, Map<String, ChunkMeta>> session : sessions.entrySet()) {
                List<ChunkMeta> changed = new ArrayList<>();
                for (Map.Entry<String, ChunkMeta> e : session.getValue().entrySet()) {
                    ChunkMeta meta = e.getValue();
                    if (meta.workers().contains(workerId)) {
                        Set<String> left = new HashSet<>(meta.workers());
                        left.remove(workerId);
                        meta = new ChunkMeta(meta.key(), meta.dtype(), meta.shape(), meta.nbytes(), left);
                        e.setValue(meta);
                        changed.add(meta);
                        if (left.isEmpty()) {
                            orphaned++;
                        }
                    }
                }
                if (!changed.isEmpty()) {
                    store.putChunkMetas(session.getKey(), changed);
                }
            }
            return orphaned;
        });
    }

    @Override
    public java.util.concurrent.CompletableFuture<Set<String>> dropLocation(String sessionId, String key,
                                                                            String workerId) {
        return actor.call(() -> {
            Map<String, ChunkMeta> m = sessions.get(sessionId);
            ChunkMeta meta = m == null ? null : m.get(key);
            if (meta == null) {
                return Set.of();
            }
            if (meta.workers().contains(workerId)) {
                Set<String> left = new HashSet<>(meta.workers());
                left.remove(workerId);
                meta = new ChunkMeta(meta.key(), meta.dtype(), meta.shape(), meta.nbytes(), left);
                m.put(key, meta);
                store.putChunkMetas(sessionId, List.of(meta));
            }
            return meta.workers();
        });
    }

    @Override
    public java.util.concurrent.CompletableFuture<List<ChunkMeta>> deleteSession(String sessionId) {
        return actor.call(() -> {
            Map<String, ChunkMeta> m = sessions.remove(sessionId);
            store.deleteSession(sessionId);
            return m == null ? List.of() : List.copyOf(m.values());
        });
    }

    @Override
    public java.util.concurrent.CompletableFuture<SessionChunks> summary(String sessionId) {
        return actor.call(() -> {
            Map<String, ChunkMeta> m = sessions.getOrDefault(sessionId, Map.of());
            long bytes = 0;
            for (ChunkMeta meta : m.values()) {
                bytes += meta.nbytes();
            }
            return new SessionChunks(m.size(), bytes);
        });
    }

    @Override
    public void close() {
        actor.close();
    }
}
