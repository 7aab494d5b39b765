package io.mars.common.rpc;

import io.mars.common.graph.Subtask;
import io.mars.types.ChunkData;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * What the supervisor and other workers call on a worker. In the local cluster it is the worker itself; on YARN an
 * authenticated RPC client.
 */
public interface WorkerGateway {
    String workerId();

    /** Subtask slots (vcores) of this worker. */
    int slots();

    /**
     * Runs a subtask on a free slot. {@code inputLocations} names, for each input chunk, a worker that holds it.
     * Completes with the stored outputs' meta, or exceptionally with the subtask's error.
     */
    CompletableFuture<SubtaskResult> runSubtask(String sessionId, Subtask subtask, Map<String, String> inputLocations);

    /**
     * The data of a chunk stored on this worker. When {@link #fetchGivesCopies()} a table chunk returned is a new copy
     * that the caller owns and must close; otherwise it is the stored chunk itself, which the caller must not close.
     */
    CompletableFuture<ChunkData> fetchChunk(String sessionId, String chunkKey);

    /**
     * For a reducer of a shuffle: data holding at least the rows of part {@code part} of the shuffle map output
     * {@code chunkKey} stored on this worker (only that part's rows when the worker can cut them out; by default the
     * whole chunk), owned by the caller as {@link #fetchChunk}'s data is.
     */
    default CompletableFuture<ChunkData> fetchChunkPart(String sessionId, String chunkKey, int part) {
        return fetchChunk(sessionId, chunkKey);
    }

    /**
     * Whether {@link #fetchChunk} returns copies the caller owns (over the network, or shares of a worker's table
     * chunks in one process) rather than the stored data.
     */
    default boolean fetchGivesCopies() {
        return false;
    }

    /**
     * Whether this worker runs in the caller's process, so that what {@link #fetchChunk} returns shares the memory of
     * the stored chunk (the array itself, or a share of the table's buffers) rather than being new bytes: a worker that
     * kept it as a copy would count the same bytes in its quota a second time, and spill them while they stay in
     * memory here.
     */
    default boolean sharesProcess() {
        return false;
    }

    /** Deletes chunks from this worker's storage; completes with the bytes freed. */
    CompletableFuture<Long> deleteChunks(String sessionId, List<String> chunkKeys);

    /** Bytes this worker stores for all sessions. */
    CompletableFuture<Long> storedBytes();

    /**
     * The working memory (bytes) the scheduler may admit here at once: the sum of the estimates of the subtasks running
     * on this worker stays within it, except that one subtask larger than it runs alone. Unbounded by default.
     */
    default long memoryBytes() {
        return Long.MAX_VALUE;
    }

    /** What this worker stores, has moved and holds in memory. */
    default CompletableFuture<WorkerReport> report() {
        return CompletableFuture.failedFuture(new io.mars.common.error.MarsException(
                io.mars.common.error.ErrorCode.NOT_SUPPORTED, "worker " + workerId() + " gives no storage report"));
    }
}
