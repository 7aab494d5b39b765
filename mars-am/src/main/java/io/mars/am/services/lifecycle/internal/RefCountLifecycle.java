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

/**
 * Counts references on the lifecycle actor and deletes released chunks through meta and the workers; remembers the
 * deletions under way, so that it can say when those of given keys are over.
 */
public final class RefCountLifecycle implements LifecycleService, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RefCountLifecycle.class);
    private final Actor actor = new Actor("mars-lifecycle");
    private final Map<String, KeyCounts> counts = new HashMap<>();
    /** Per session, the deletion under way of each released key (removed when it is over). */
    private final Map<String, Map<String, CompletableFuture<Void>>> deleting = new HashMap<>();
    private final MetaService meta;
    private final ClusterService cluster;

    public RefCountLifecycle(MetaService meta, ClusterService cluster) {
        this.meta = meta;
        this.cluster = cluster;
    }

    @Override
    public CompletableFuture<Void> incref(String sessionId, List<String> chunkKeys) {
        return actor.run(() -> {
            KeyCounts m = counts.computeIfAbsent(sessionId, s -> new KeyCounts());
            for (String k : chunkKeys) {
                m.increment(k);
            }
        });
    }

    @Override
    public CompletableFuture<Void> decref(String sessionId, List<String> chunkKeys) {
        return actor.compose(() -> {
            Released r = countDown(sessionId, chunkKeys);
            return r.deletion;
        });
    }

    @Override
    public CompletableFuture<List<String>> release(String sessionId, List<String> chunkKeys) {
        return actor.call(() -> countDown(sessionId, chunkKeys).keys);
    }

    @Override
    public CompletableFuture<Void> deletionsDone(String sessionId, List<String> chunkKeys) {
        return actor.compose(() -> {
            Map<String, CompletableFuture<Void>> d = deleting.getOrDefault(sessionId, Map.of());
            List<CompletableFuture<Void>> pending = new ArrayList<>();
            for (String k : chunkKeys) {
                CompletableFuture<Void> f = d.get(k);
                if (f != null) {
                    pending.add(f);
                }
            }
            return CompletableFuture.allOf(pending.toArray(CompletableFuture[]::new));
        });
    }

    /** The keys released by one count-down and their deletion (done when it is over, failed or not). */
    private record Released(List<String> keys, CompletableFuture<Void> deletion) {
    }

    private Released countDown(String sessionId, List<String> chunkKeys) {
        KeyCounts m = counts.get(sessionId);
        if (m == null) {
            return new Released(List.of(), CompletableFuture.completedFuture(null));
        }
        List<String> released = new ArrayList<>();
        for (String k : chunkKeys) {
            if (m.decrement(k) == 0) {
                released.add(k);
            }
        }
        if (m.isEmpty()) {
            counts.remove(sessionId);
        }
        if (released.isEmpty()) {
            return new Released(List.of(), CompletableFuture.completedFuture(null));
        }
        CompletableFuture<Void> deletion = deleteData(sessionId, released);
        if (!deletion.isDone()) {
            track(sessionId, released, deletion);
        }
        return new Released(released, deletion);
    }

    /** Remembers a deletion under way until it is over (then forgotten on the actor). */
    private void track(String sessionId, List<String> keys, CompletableFuture<Void> deletion) {
        Map<String, CompletableFuture<Void>> d = deleting.computeIfAbsent(sessionId, s -> new HashMap<>());
        for (String k : keys) {
            d.put(k, deletion);
        }
        deletion.whenComplete((v, e) -> actor.execute(() -> {
            Map<String, CompletableFuture<Void>> now = deleting.get(sessionId);
            if (now == null) {
                return;
            }
            for (String k : keys) {
                now.remove(k, deletion);
            }
            if (now.isEmpty()) {
                deleting.remove(sessionId);
            }
        }));
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
        return actor.call(() -> {
            KeyCounts m = counts.get(sessionId);
            return m == null ? 0 : m.size();
        });
    }

    @Override
    public void close() {
        actor.close();
    }
}
