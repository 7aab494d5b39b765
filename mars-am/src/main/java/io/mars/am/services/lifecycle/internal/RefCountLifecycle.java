package io.mars.am.services.lifecycle.internal;

import io.mars.am.services.cluster.ClusterService;
import io.mars.am.services.lifecycle.LifecycleService;
import io.mars.am.services.meta.MetaService;
import io.mars.common.concurrent.Actor;
import io.mars.common.rpc.ChunkMeta;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Counts references on the lifecycle actor and deletes released chunks through meta and the workers. */
public final class RefCountLifecycle implements LifecycleService, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RefCountLifecycle.class);
    private final Actor actor = new Actor("mars-lifecycle");
    private final Map<String, Map<String, Integer>> counts = new HashMap<>();
    private final MetaService meta;
    private final ClusterService cluster;

    public RefCountLifecycle(MetaService meta, ClusterService cluster) {
        this.meta = meta;
        this.cluster = cluster;
    }

    @Override
    public CompletableFuture<Void> incref(String sessionId, List<String> chunkKeys) {
        return actor.run(() -> {
            Map<String, Integer> m = counts.computeIfAbsent(sessionId, s -> new HashMap<>());
            for (String k : chunkKeys) {
                m.merge(k, 1, Integer::sum);
            }
        });
    }

    @Override
    public CompletableFuture<Void> decref(String sessionId, List<String> chunkKeys) {
        return actor.compose(() -> {
            Map<String, Integer> m = counts.get(sessionId);
            if (m == null) {
                return CompletableFuture.completedFuture(null);
            }
            List<String> released = new ArrayList<>();
            for (String k : chunkKeys) {
                Integer c = m.get(k);
                if (c == null) {
                    continue;
                }
                if (c <= 1) {
                    m.remove(k);
                    released.add(k);
                } else {
                    m.put(k, c - 1);
                }
            }
            if (m.isEmpty()) {
                counts.remove(sessionId);
            }
            return released.isEmpty() ? CompletableFuture.completedFuture(null) : deleteData(sessionId, released);
        });
    }

    private CompletableFuture<Void> deleteData(String sessionId, List<String> keys) {
        return meta.delete(sessionId, keys).thenCompose(metas -> {
            Map<String, List<String>> byWorker = new HashMap<>();
            for (ChunkMeta m : metas) {
                for (String w : m.workers()) {
                    byWorker.computeIfAbsent(w, x -> new ArrayList<>()).add(m.key());
                }
            }
            List<CompletableFuture<Long>> deletes = new ArrayList<>();
            // a lost worker's copies went with it
            byWorker.forEach((w, ks) -> {
                if (cluster.isMember(w)) {
                    deletes.add(cluster.worker(w).deleteChunks(sessionId, ks));
                }
            });
            return CompletableFuture.allOf(deletes.toArray(CompletableFuture[]::new));
        }).exceptionally(e -> {
            LOG.warn("deleting {} released chunks of session {} failed", keys.size(), sessionId, e);
            return null;
        });
    }

    @Override
    public CompletableFuture<Integer> trackedCount(String sessionId) {
        return actor.call(() -> counts.getOrDefault(sessionId, Map.of()).size());
    }

    @Override
    public void close() {
        actor.close();
    }
}
