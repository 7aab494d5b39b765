package io.mars.am.services.lifecycle.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.am.services.cluster.internal.StaticCluster;
import io.mars.am.services.meta.internal.MemoryMetaService;
import io.mars.am.state.internal.MemoryOnlyStateStore;
import io.mars.common.graph.Subtask;
import io.mars.common.rpc.ChunkMeta;
import io.mars.common.rpc.SubtaskResult;
import io.mars.common.rpc.WorkerGateway;
import io.mars.types.ChunkData;
import io.mars.types.DataType;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Reference counts, and what the lifecycle tells the scheduler: which chunks it deleted, and when that is over. */
class RefCountLifecycleTest {
    private final StaticCluster cluster = new StaticCluster();
    private final MemoryMetaService meta = new MemoryMetaService(new MemoryOnlyStateStore());
    private final RefCountLifecycle lifecycle = new RefCountLifecycle(meta, cluster);
    private final HeldDeletes worker = new HeldDeletes();

    RefCountLifecycleTest() {
        cluster.addWorker(worker);
    }

    @AfterEach
    void stop() {
        lifecycle.close();
        meta.close();
    }

    private void stored(String... keys) {
        for (String k : keys) {
            meta.put("s", List.of(new ChunkMeta(k, DataType.FLOAT64, new long[] {1}, 8, Set.of("w")))).join();
        }
    }

    @Test
    void releaseCompletesWithTheKeysWhoseCountReachedZero() {
        stored("x", "y");
        lifecycle.incref("s", List.of("x", "x", "y")).join();
        assertThat(lifecycle.release("s", List.of("x", "y")).join()).containsExactly("y");
        assertThat(lifecycle.trackedCount("s").join()).isEqualTo(1);
        assertThat(lifecycle.release("s", List.of("x")).join()).containsExactly("x");
        assertThat(lifecycle.release("s", List.of("x")).join()).as("no longer counted").isEmpty();
        assertThat(lifecycle.trackedCount("s").join()).isZero();
    }

    @Test
    void deletionsDoneWaitsForTheDeletionOfAReleasedChunk() throws Exception {
        stored("x");
        lifecycle.incref("s", List.of("x")).join();
        assertThat(lifecycle.release("s", List.of("x")).join()).containsExactly("x");
        CompletableFuture<Void> over = lifecycle.deletionsDone("s", List.of("x", "never-released"));
        worker.deleteCalled.get(10, TimeUnit.SECONDS);
        assertThat(over).isNotDone();
        worker.delete.complete(8L);
        over.get(10, TimeUnit.SECONDS);
        assertThat(meta.count("s").join()).isZero();
        assertThat(lifecycle.deletionsDone("s", List.of("x")).get(10, TimeUnit.SECONDS)).isNull();
    }

    @Test
    void decrefCompletesOnlyOnceTheDataIsDeleted() throws Exception {
        stored("x");
        lifecycle.incref("s", List.of("x")).join();
        CompletableFuture<Void> decref = lifecycle.decref("s", List.of("x"));
        worker.deleteCalled.get(10, TimeUnit.SECONDS);
        assertThat(decref).isNotDone();
        worker.delete.complete(8L);
        decref.get(10, TimeUnit.SECONDS);
    }

    /** A worker whose delete completes when the test says so. */
    private static final class HeldDeletes implements WorkerGateway {
        final CompletableFuture<Long> delete = new CompletableFuture<>();
        final CompletableFuture<List<String>> deleteCalled = new CompletableFuture<>();

        @Override
        public String workerId() {
            return "w";
        }

        @Override
        public int slots() {
            return 1;
        }

        @Override
        public CompletableFuture<SubtaskResult> runSubtask(String sessionId, Subtask subtask,
                                                           Map<String, String> inputLocations) {
            return new CompletableFuture<>();
        }

        @Override
        public CompletableFuture<ChunkData> fetchChunk(String sessionId, String chunkKey) {
            return new CompletableFuture<>();
        }

        @Override
        public CompletableFuture<Long> deleteChunks(String sessionId, List<String> chunkKeys) {
            deleteCalled.complete(chunkKeys);
            return delete;
        }

        @Override
        public CompletableFuture<Long> storedBytes() {
            return CompletableFuture.completedFuture(0L);
        }
    }
}
