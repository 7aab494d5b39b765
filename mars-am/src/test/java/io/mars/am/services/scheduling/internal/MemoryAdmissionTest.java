package io.mars.am.services.scheduling.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.am.services.cluster.internal.StaticCluster;
import io.mars.am.services.lifecycle.internal.RefCountLifecycle;
import io.mars.am.services.meta.internal.MemoryMetaService;
import io.mars.am.services.scheduling.SchedulingListener;
import io.mars.am.services.scheduling.WorkerLoad;
import io.mars.am.state.internal.MemoryOnlyStateStore;
import io.mars.common.graph.ChunkNode;
import io.mars.common.graph.Subtask;
import io.mars.common.graph.SubtaskGraph;
import io.mars.common.operand.Scalar;
import io.mars.common.operand.chunk.ChunkFull;
import io.mars.common.rpc.ChunkMeta;
import io.mars.common.rpc.SubtaskResult;
import io.mars.common.rpc.WorkerGateway;
import io.mars.types.ChunkData;
import io.mars.types.DataType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The scheduler's admission by memory: a worker starts a subtask only while the working-memory estimates of what runs
 * there plus the subtask's fit the budget the worker offered, and one larger than the budget runs alone on an idle
 * worker. The workers are held: each subtask runs until the test lets it finish.
 */
class MemoryAdmissionTest {
    private final StaticCluster cluster = new StaticCluster();
    private final MemoryMetaService meta = new MemoryMetaService(new MemoryOnlyStateStore());
    private final DepthFirstScheduler scheduler = new DepthFirstScheduler(cluster, meta,
            new RefCountLifecycle(meta, cluster));

    @AfterEach
    void stop() {
        scheduler.close();
    }

    /** A leaf subtask computing one float64 chunk of {@code elements} elements: its estimate is 8 bytes each. */
    private static Subtask leaf(int id, long elements, int priority) {
        ChunkNode c = new ChunkNode("c" + id, new ChunkFull(Scalar.of(1.0)), List.of(), DataType.FLOAT64,
                new long[] {elements}, new int[] {id});
        return new Subtask(id, List.of(c), List.of(), List.of(c.key()), priority);
    }

    private static SubtaskGraph leaves(Subtask... subtasks) {
        int n = subtasks.length;
        double[] hints = new double[n];
        Arrays.fill(hints, -1);
        return new SubtaskGraph(List.of(subtasks), new int[n][0], new int[n][0], hints);
    }

    private CompletableFuture<Void> submit(SubtaskGraph graph) {
        Set<String> results = new HashSet<>();
        graph.subtasks().forEach(s -> results.addAll(s.outputs()));
        return scheduler.submit("s", "t", graph, Map.of(), results, new SchedulingListener() {
            @Override
            public void subtaskDispatched(int subtaskId, String workerId, long nanos) {
            }

            @Override
            public void subtaskFinished(SubtaskResult result) {
            }
        });
    }

    /** What runs on the worker once the scheduler has handled everything sent to it so far. */
    private List<Integer> runningOn(HeldWorker worker) {
        scheduler.workerLoads().join();
        return worker.running();
    }

    /** The scheduler's view once it has handled everything sent to it so far. */
    private WorkerLoad load() {
        List<WorkerLoad> loads = scheduler.workerLoads().join();
        assertThat(loads).hasSize(1);
        return loads.get(0);
    }

    @Test
    void startsSubtasksOnlyWhileTheirEstimatesFitTheWorkersBudget() throws Exception {
        HeldWorker worker = new HeldWorker("w", 4, 1000);
        cluster.addWorker(worker);
        // four subtasks of 400 bytes each on a worker with 4 slots and 1000 bytes: two at a time
        CompletableFuture<Void> done = submit(leaves(leaf(0, 50, 0), leaf(1, 50, 1), leaf(2, 50, 2), leaf(3, 50, 3)));

        assertThat(load().admittedBytes()).isEqualTo(800);
        assertThat(runningOn(worker)).containsExactly(0, 1);
        worker.finish(0);
        assertThat(load().admittedBytes()).isEqualTo(800);
        assertThat(runningOn(worker)).containsExactly(1, 2);
        worker.finish(1);
        worker.finish(2);
        assertThat(load().admittedBytes()).isEqualTo(400);
        assertThat(runningOn(worker)).containsExactly(3);
        worker.finish(3);
        done.get(10, TimeUnit.SECONDS);

        WorkerLoad l = load();
        assertThat(l.budgetBytes()).isEqualTo(1000);
        assertThat(l.admittedBytes()).isZero();
        assertThat(l.peakAdmittedBytes()).isEqualTo(800);
        assertThat(l.peakRunning()).isEqualTo(2);
        assertThat(l.oversizedRuns()).isZero();
        assertThat(worker.peakRunningBytes).isEqualTo(800);
    }

    @Test
    void aSubtaskLargerThanTheBudgetRunsAloneOnAnIdleWorkerAndSmallerOnesDoNotOvertakeIt() throws Exception {
        HeldWorker worker = new HeldWorker("w", 4, 1000);
        cluster.addWorker(worker);
        // a small one first, then a 1600-byte one (over the budget), then two small ones
        CompletableFuture<Void> done = submit(leaves(leaf(0, 50, 0), leaf(1, 200, 1), leaf(2, 50, 2),
                leaf(3, 50, 3)));

        assertThat(runningOn(worker)).as("the big one waits for the worker to be idle; nothing overtakes it")
                .containsExactly(0);
        worker.finish(0);
        assertThat(runningOn(worker)).as("alone on the idle worker").containsExactly(1);
        assertThat(load().admittedBytes()).isEqualTo(1600);
        worker.finish(1);
        assertThat(runningOn(worker)).containsExactly(2, 3);
        worker.finish(2);
        worker.finish(3);
        done.get(10, TimeUnit.SECONDS);

        WorkerLoad l = load();
        assertThat(l.oversizedRuns()).isEqualTo(1);
        assertThat(l.peakAdmittedBytes()).isEqualTo(800).isLessThanOrEqualTo(l.budgetBytes());
    }

    @Test
    void anIdleWorkerStealsOnlyWhatFitsItsBudget() throws Exception {
        // both leaves are hinted to the first worker; the second, with room for 400 bytes only, may steal the small one
        HeldWorker first = new HeldWorker("a", 1, 10_000);
        HeldWorker second = new HeldWorker("b", 2, 500);
        cluster.addWorker(first);
        cluster.addWorker(second);
        Subtask big = leaf(0, 1000, 0);
        Subtask small = leaf(1, 50, 1);
        Subtask other = leaf(2, 100, 2);
        double[] hints = {0.0, 0.0, 0.0};
        CompletableFuture<Void> done = submit(new SubtaskGraph(List.of(big, small, other), new int[3][0],
                new int[3][0], hints));

        scheduler.workerLoads().join();
        assertThat(runningOn(first)).containsExactly(0);
        assertThat(runningOn(second)).as("stole the head of the other queue; then the 800-byte one does not fit"
                + " beside it").containsExactly(1);
        second.finish(1);
        scheduler.workerLoads().join();
        assertThat(runningOn(second)).as("idle again: the 800-byte one runs alone").containsExactly(2);
        first.finish(0);
        second.finish(2);
        done.get(10, TimeUnit.SECONDS);
        List<WorkerLoad> loads = scheduler.workerLoads().join();
        assertThat(loads.get(1).oversizedRuns()).isEqualTo(1);
        assertThat(loads.get(1).peakAdmittedBytes()).isEqualTo(400);
    }

    /** A worker whose subtasks run until the test finishes them; it records the estimates running at once. */
    private static final class HeldWorker implements WorkerGateway {
        private final String id;
        private final int slots;
        private final long budget;
        private final Map<Integer, CompletableFuture<SubtaskResult>> held = new LinkedHashMap<>();
        private final Map<Integer, Subtask> subtasks = new LinkedHashMap<>();
        long runningBytes;
        long peakRunningBytes;

        HeldWorker(String id, int slots, long budget) {
            this.id = id;
            this.slots = slots;
            this.budget = budget;
        }

        synchronized List<Integer> running() {
            return new ArrayList<>(held.keySet());
        }

        void finish(int subtaskId) {
            CompletableFuture<SubtaskResult> f;
            Subtask st;
            synchronized (this) {
                f = held.remove(subtaskId);
                st = subtasks.remove(subtaskId);
                runningBytes -= st.memory().total();
            }
            List<ChunkMeta> outs = new ArrayList<>();
            for (String k : st.outputs()) {
                outs.add(new ChunkMeta(k, DataType.FLOAT64, new long[] {1}, 8, Set.of(id)));
            }
            f.complete(new SubtaskResult(subtaskId, id, outs, 0, 1));
        }

        @Override
        public String workerId() {
            return id;
        }

        @Override
        public int slots() {
            return slots;
        }

        @Override
        public long memoryBytes() {
            return budget;
        }

        @Override
        public synchronized CompletableFuture<SubtaskResult> runSubtask(String sessionId, Subtask subtask,
                                                                        Map<String, String> inputLocations) {
            CompletableFuture<SubtaskResult> f = new CompletableFuture<>();
            held.put(subtask.id(), f);
            subtasks.put(subtask.id(), subtask);
            runningBytes += subtask.memory().total();
            peakRunningBytes = Math.max(peakRunningBytes, runningBytes);
            return f;
        }

        @Override
        public CompletableFuture<ChunkData> fetchChunk(String sessionId, String chunkKey) {
            throw new UnsupportedOperationException("leaves read no chunks");
        }

        @Override
        public CompletableFuture<Long> deleteChunks(String sessionId, List<String> chunkKeys) {
            return CompletableFuture.completedFuture(0L);
        }

        @Override
        public CompletableFuture<Long> storedBytes() {
            return CompletableFuture.completedFuture(0L);
        }
    }
}
