package io.mars.am.web;

import io.mars.common.graph.Subtask;
import io.mars.common.rpc.SubtaskResult;
import io.mars.common.rpc.WorkerGateway;
import io.mars.types.ChunkData;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;

/**
 * A real worker behind a gate, for tests of what the UI shows while subtasks run: each subtask waits for a permit
 * ({@link #release}) before the worker runs it, or fails when the gate is set to fail.
 */
final class TestingGatedWorker implements WorkerGateway, AutoCloseable {
    private final WorkerGateway worker;
    private final Semaphore permits = new Semaphore(0);
    private final ExecutorService waiting = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "testing-gate");
        t.setDaemon(true);
        return t;
    });
    private volatile boolean failing;

    TestingGatedWorker(WorkerGateway worker) {
        this.worker = worker;
    }

    /** Lets {@code n} more subtasks run. */
    void release(int n) {
        permits.release(n);
    }

    /** From now on subtasks that pass the gate fail instead of running. */
    void failFromNowOn() {
        failing = true;
    }

    @Override
    public String workerId() {
        return worker.workerId();
    }

    @Override
    public int slots() {
        return worker.slots();
    }

    @Override
    public CompletableFuture<SubtaskResult> runSubtask(String sessionId, Subtask subtask,
                                                       Map<String, String> inputLocations) {
        return CompletableFuture.runAsync(permits::acquireUninterruptibly, waiting).thenCompose(v -> failing
                ? CompletableFuture.failedFuture(new IllegalStateException("the gate failed subtask " + subtask.id()))
                : worker.runSubtask(sessionId, subtask, inputLocations));
    }

    @Override
    public CompletableFuture<ChunkData> fetchChunk(String sessionId, String chunkKey) {
        return worker.fetchChunk(sessionId, chunkKey);
    }

    @Override
    public boolean fetchGivesCopies() {
        return worker.fetchGivesCopies();
    }

    @Override
    public CompletableFuture<Long> deleteChunks(String sessionId, List<String> chunkKeys) {
        return worker.deleteChunks(sessionId, chunkKeys);
    }

    @Override
    public CompletableFuture<Long> storedBytes() {
        return worker.storedBytes();
    }

    @Override
    public long memoryBytes() {
        return worker.memoryBytes();
    }

    @Override
    public CompletableFuture<io.mars.common.rpc.WorkerReport> report() {
        return worker.report();
    }

    @Override
    public void close() {
        permits.release(Integer.MAX_VALUE / 2);
        waiting.shutdownNow();
    }
}
