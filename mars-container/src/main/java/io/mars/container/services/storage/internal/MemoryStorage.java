package io.mars.container.services.storage.internal;

import io.mars.container.services.storage.Pin;
import io.mars.container.services.storage.Reservation;
import io.mars.container.services.storage.StorageService;
import io.mars.container.services.storage.StorageStats;
import io.mars.types.ChunkData;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Chunks kept on the heap with no quota and no spilling (what Mars's default storage did); {@link TieredStorage} is
 * the worker's storage, this one serves tests that need nothing more. Slot threads put and read concurrently, so the maps are concurrent and the byte counts
 * atomic; a chunk is written once and never changed.
 */
public final class MemoryStorage implements StorageService {
    private final Map<String, Map<String, ChunkData>> sessions = new ConcurrentHashMap<>();
    private final Map<String, AtomicLong> sessionBytes = new ConcurrentHashMap<>();
    private final AtomicLong totalBytes = new AtomicLong();

    @Override
    public void put(String sessionId, String chunkKey, ChunkData data) {
        ChunkData old = sessions.computeIfAbsent(sessionId, s -> new ConcurrentHashMap<>()).put(chunkKey, data);
        long delta = data.nbytes() - (old == null ? 0 : old.nbytes());
        if (old != null && old != data) {
            old.close();
        }
        sessionBytes.computeIfAbsent(sessionId, s -> new AtomicLong()).addAndGet(delta);
        totalBytes.addAndGet(delta);
    }

    @Override
    public boolean putIfAbsent(String sessionId, String chunkKey, ChunkData data) {
        ChunkData old = sessions.computeIfAbsent(sessionId, s -> new ConcurrentHashMap<>()).putIfAbsent(chunkKey, data);
        if (old != null) {
            return false;
        }
        sessionBytes.computeIfAbsent(sessionId, s -> new AtomicLong()).addAndGet(data.nbytes());
        totalBytes.addAndGet(data.nbytes());
        return true;
    }

    @Override
    public Optional<ChunkData> get(String sessionId, String chunkKey) {
        Map<String, ChunkData> m = sessions.get(sessionId);
        return m == null ? Optional.empty() : Optional.ofNullable(m.get(chunkKey));
    }

    @Override
    public CompletableFuture<Optional<ChunkData>> getAsync(String sessionId, String chunkKey) {
        return CompletableFuture.completedFuture(get(sessionId, chunkKey));
    }

    @Override
    public Pin pin(String sessionId, Collection<String> chunkKeys) {
        return () -> {
        };
    }

    @Override
    public Reservation reserve(long bytes) {
        return new Reservation() {
            @Override
            public long bytes() {
                return bytes;
            }

            @Override
            public void close() {
            }
        };
    }

    @Override
    public StorageStats stats() {
        long bytes = totalBytes.get();
        return new StorageStats(chunkCount(), bytes, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    }

    @Override
    public long delete(String sessionId, List<String> chunkKeys) {
        Map<String, ChunkData> m = sessions.get(sessionId);
        if (m == null) {
            return 0;
        }
        long freed = 0;
        for (String k : chunkKeys) {
            ChunkData d = m.remove(k);
            if (d != null) {
                freed += d.nbytes();
                d.close();
            }
        }
        account(sessionId, freed);
        return freed;
    }

    @Override
    public long deleteSession(String sessionId) {
        Map<String, ChunkData> m = sessions.remove(sessionId);
        if (m == null) {
            return 0;
        }
        long freed = 0;
        for (ChunkData d : m.values()) {
            freed += d.nbytes();
            d.close();
        }
        account(sessionId, freed);
        sessionBytes.remove(sessionId);
        return freed;
    }

    private void account(String sessionId, long freed) {
        AtomicLong s = sessionBytes.get(sessionId);
        if (s != null) {
            s.addAndGet(-freed);
        }
        totalBytes.addAndGet(-freed);
    }

    @Override
    public long storedBytes() {
        return totalBytes.get();
    }

    @Override
    public long storedBytes(String sessionId) {
        AtomicLong s = sessionBytes.get(sessionId);
        return s == null ? 0 : s.get();
    }

    @Override
    public int chunkCount() {
        int n = 0;
        for (Map<String, ChunkData> m : sessions.values()) {
            n += m.size();
        }
        return n;
    }

    @Override
    public void close() {
        sessions.values().forEach(m -> m.values().forEach(ChunkData::close));
        sessions.clear();
        sessionBytes.clear();
        totalBytes.set(0);
    }
}
