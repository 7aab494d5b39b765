package io.mars.container;

import io.mars.common.concurrent.DaemonThreads;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.error.MissingChunkException;
import io.mars.common.graph.Subtask;
import io.mars.common.memory.ProcessMemory;
import io.mars.common.rpc.SubtaskResult;
import io.mars.common.rpc.WorkerGateway;
import io.mars.common.rpc.WorkerReport;
import io.mars.common.table.TableChunk;
import io.mars.common.table.TableParts;
import io.mars.container.kernels.KernelRegistry;
import io.mars.container.services.storage.Pin;
import io.mars.container.services.storage.StorageService;
import io.mars.container.services.storage.StorageStats;
import io.mars.container.services.subtask.SubtaskRunner;
import io.mars.types.ChunkData;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/** One worker: its storage and its subtask slots (a named thread each). The composition root of a worker process. */
public final class Worker implements WorkerGateway, AutoCloseable {
    private final String id;
    private final WorkerConfig config;
    private final StorageService storage;
    private final SubtaskRunner runner;
    private final ExecutorService slots;
    private volatile boolean closed;

    public Worker(String id, WorkerConfig config, StorageService storage, KernelRegistry kernels,
                  Function<String, WorkerGateway> peers) {
        this.id = id;
        this.config = config;
        this.storage = storage;
        this.runner = new SubtaskRunner(id, storage, kernels, peers);
        this.slots = Executors.newFixedThreadPool(config.slots(), DaemonThreads.numbered("mars-" + id + "-slot-"));
    }

    @Override
    public String workerId() {
        return id;
    }

    @Override
    public int slots() {
        return config.slots();
    }

    public StorageService storage() {
        return storage;
    }

    @Override
    public CompletableFuture<SubtaskResult> runSubtask(String sessionId, Subtask subtask, Map<String, String> inputLocations) {
        checkOpen();
        return CompletableFuture.supplyAsync(() -> runner.run(sessionId, subtask, inputLocations), slots);
    }

    /**
     * The stored chunk, read back if it was spilled. A table chunk is handed out as a {@link TableChunk#share() share}
     * taken while the chunk is pinned, so that a spill or a delete here cannot free buffers the caller still reads;
     * the caller closes it (arrays and states are immutable heap data, closing them is a no-op).
     */
    @Override
    public CompletableFuture<ChunkData> fetchChunk(String sessionId, String chunkKey) {
        checkOpen();
        try (Pin pin = storage.pin(sessionId, List.of(chunkKey))) {
            Optional<ChunkData> d = storage.get(sessionId, chunkKey);
            if (d.isEmpty()) {
                return CompletableFuture.failedFuture(new MissingChunkException(ErrorCode.CHUNK_NOT_FOUND, chunkKey, id,
                        "chunk " + chunkKey + " of session " + sessionId + " is not stored on worker " + id));
            }
            return CompletableFuture.completedFuture(TableChunk.shareOf(d.get()));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /**
     * The rows of part {@code part} of a shuffle map's output stored here, cut from the chunk in memory or read from
     * the part's segment of its spill file; the caller owns them.
     */
    @Override
    public CompletableFuture<ChunkData> fetchChunkPart(String sessionId, String chunkKey, int part) {
        checkOpen();
        try (Pin pin = storage.pin(sessionId, List.of(chunkKey))) {
            Optional<ChunkData> d = storage.getPartAsync(sessionId, chunkKey, part, null).join();
            if (d.isEmpty()) {
                return CompletableFuture.failedFuture(new MissingChunkException(ErrorCode.CHUNK_NOT_FOUND, chunkKey, id,
                        "chunk " + chunkKey + " of session " + sessionId + " is not stored on worker " + id));
            }
            ChunkData data = d.get();
            if (data instanceof TableChunk t && TableParts.isPartitioned(t)) {
                try (t) {
                    return CompletableFuture.completedFuture(TableParts.part(t, part));
                }
            }
            return CompletableFuture.completedFuture(data);
        } catch (java.util.concurrent.CompletionException e) {
            return CompletableFuture.failedFuture(e.getCause());
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    @Override
    public boolean fetchGivesCopies() {
        return true;
    }

    @Override
    public boolean sharesProcess() {
        return true;
    }

    @Override
    public CompletableFuture<Long> deleteChunks(String sessionId, List<String> chunkKeys) {
        return CompletableFuture.completedFuture(storage.delete(sessionId, chunkKeys));
    }

    @Override
    public CompletableFuture<Long> storedBytes() {
        return CompletableFuture.completedFuture(storage.storedBytes());
    }

    @Override
    public long memoryBytes() {
        return storage.hardLimitBytes();
    }

    @Override
    public CompletableFuture<WorkerReport> report() {
        StorageStats s = storage.stats();
        ProcessMemory p = ProcessMemory.sample();
        return CompletableFuture.completedFuture(new WorkerReport(s.chunks(), s.memoryBytes(), s.reservedBytes(),
                s.diskBytes(), s.hdfsBytes(), s.spills(), s.readBacks(), s.spillBytesPerSecond(),
                s.readBackBytesPerSecond(), p.rssBytes(), p.peakRssBytes(), p.metaspacePeakBytes(), p.directBytes()));
    }

    private void checkOpen() {
        if (closed) {
            throw new MarsException(ErrorCode.NO_WORKERS, "worker " + id + " is stopped");
        }
    }

    @Override
    public void close() {
        closed = true;
        slots.shutdownNow();
        try {
            slots.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        storage.close();
    }
}
