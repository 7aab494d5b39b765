package io.mars.am.services.scheduling.internal;

import io.mars.am.services.scheduling.SchedulingListener;
import io.mars.common.graph.ChunkNode;
import io.mars.common.graph.Subtask;
import io.mars.common.graph.SubtaskGraph;
import io.mars.common.operand.Scalar;
import io.mars.common.operand.chunk.ChunkFull;
import io.mars.common.rpc.SubtaskResult;
import io.mars.common.rpc.WorkerGateway;
import io.mars.types.ChunkData;
import io.mars.types.DataType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/** Small graphs and runs for the scheduler parts' unit tests: subtask i stores "k{i}" and reads "k{p}" per predecessor. */
final class TestGraphs {
    private TestGraphs() {
    }

    /** Subtask i reads the outputs of {@code preds[i]} (and {@code extraInputs[i]}, keys stored by earlier tasks). */
    static SubtaskGraph graph(int[][] preds, double[] hints, List<List<String>> extraInputs) {
        int n = preds.length;
        List<Subtask> subtasks = new ArrayList<>();
        List<List<Integer>> succ = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            succ.add(new ArrayList<>());
        }
        for (int i = 0; i < n; i++) {
            List<String> inputs = new ArrayList<>();
            for (int p : preds[i]) {
                inputs.add("k" + p);
                succ.get(p).add(i);
            }
            inputs.addAll(extraInputs.get(i));
            ChunkNode c = new ChunkNode("k" + i, new ChunkFull(Scalar.of(1.0)), List.of(), DataType.FLOAT64,
                    new long[] {10}, new int[] {i});
            subtasks.add(new Subtask(i, List.of(c), inputs, List.of("k" + i), i));
        }
        int[][] successors = new int[n][];
        for (int i = 0; i < n; i++) {
            successors[i] = succ.get(i).stream().mapToInt(Integer::intValue).toArray();
        }
        return new SubtaskGraph(subtasks, preds, successors, hints);
    }

    static SubtaskGraph graph(int[][] preds) {
        double[] hints = new double[preds.length];
        Arrays.fill(hints, -1);
        List<List<String>> none = new ArrayList<>();
        for (int i = 0; i < preds.length; i++) {
            none.add(List.of());
        }
        return graph(preds, hints, none);
    }

    /** 0 -> 1 -> ... -> n-1. */
    static SubtaskGraph chain(int n) {
        int[][] preds = new int[n][];
        for (int i = 0; i < n; i++) {
            preds[i] = i == 0 ? new int[0] : new int[] {i - 1};
        }
        return graph(preds);
    }

    /** A run whose results are the outputs of subtasks nobody reads. */
    static TaskRun run(SubtaskGraph g, long sequence, Confinement confinement) {
        return run(g, sequence, confinement, Map.of(), new WorkerIds(), new Recording());
    }

    static TaskRun run(SubtaskGraph g, long sequence, Confinement confinement, Map<String, String> stored,
                       WorkerIds ids, SchedulingListener listener) {
        Set<String> results = new HashSet<>();
        for (int i = 0; i < g.size(); i++) {
            if (g.successors()[i].length == 0) {
                results.addAll(g.subtasks().get(i).outputs());
            }
        }
        return new TaskRun("s", "t", sequence, g, stored, results, listener, ids, confinement);
    }

    /** Records what the scheduler reports. */
    static final class Recording implements SchedulingListener {
        final List<Integer> retried = new ArrayList<>();
        final List<Integer> reverted = new ArrayList<>();

        @Override
        public void subtaskDispatched(int subtaskId, String workerId, long nanos) {
        }

        @Override
        public void subtaskFinished(SubtaskResult result) {
        }

        @Override
        public void subtaskRetried(int subtaskId, String workerId, Throwable cause) {
            retried.add(subtaskId);
        }

        @Override
        public void subtaskReverted(int subtaskId) {
            reverted.add(subtaskId);
        }
    }

    /** A worker that answers nothing but probes and deletes. */
    record Idle(String workerId, int slots) implements WorkerGateway {
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
            return CompletableFuture.completedFuture(0L);
        }

        @Override
        public CompletableFuture<Long> storedBytes() {
            return CompletableFuture.completedFuture(0L);
        }
    }
}
