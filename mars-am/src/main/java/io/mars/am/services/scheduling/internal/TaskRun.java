package io.mars.am.services.scheduling.internal;

import io.mars.am.services.scheduling.SchedulingListener;
import io.mars.common.error.MarsException;
import io.mars.common.graph.Subtask;
import io.mars.common.graph.SubtaskGraph;
import io.mars.common.graph.SubtaskList;
import java.util.BitSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/** One submitted task graph being scheduled: its subtasks' states and counters, its chunks, its outcome. */
final class TaskRun {
    final String sessionId;
    final String taskId;
    /** Submission order; older tasks go first ({@link PriorityPolicy}). */
    final long sequence;
    final SubtaskGraph graph;
    final SchedulingListener listener;
    final SubtaskStates states;
    final RunChunks chunks;
    /** For each subtask, how many predecessors have not finished. */
    final int[] pending;
    final int[] attempts;
    /** The worker index running each subtask (meaningful while RUNNING). */
    final int[] runningOn;
    /** Each subtask's working-memory estimate, by which workers admit it. */
    final long[] estimate;
    /** Subtasks that stored their outputs at least once: a rerun of one waits for deletions of those outputs. */
    final BitSet storedOnce = new BitSet();
    /** Chunks found gone since the last reconciliation (lost, or deleted while a reader needs them again). */
    final BitSet lostSince = new BitSet();
    /** Subtasks that failed or were abandoned since the last reconciliation and wait to run again. */
    final BitSet rerunSince = new BitSet();
    final CompletableFuture<Void> done = new CompletableFuture<>();
    int remaining;
    int running;
    MarsException failure;

    TaskRun(String sessionId, String taskId, long sequence, SubtaskGraph graph, Map<String, String> stored,
            Set<String> results, SchedulingListener listener, WorkerIds workers, Confinement confinement) {
        this.sessionId = sessionId;
        this.taskId = taskId;
        this.sequence = sequence;
        this.graph = graph;
        this.listener = listener;
        int n = graph.size();
        this.states = new SubtaskStates(taskId, n, confinement);
        this.chunks = new RunChunks(graph, stored, results, workers);
        this.pending = new int[n];
        this.attempts = new int[n];
        this.runningOn = new int[n];
        this.estimate = new long[n];
        for (int i = 0; i < n; i++) {
            estimate[i] = graph.subtasks().get(i).memory().total();
            pending[i] = graph.predecessors()[i].length;
        }
        this.remaining = n;
    }

    Subtask subtask(int id) {
        return graph.subtasks().get(id);
    }

    /** The priority of subtask {@code id} (a fused graph's subtasks are made when asked for: this makes none). */
    int priority(int id) {
        return graph.subtasks() instanceof SubtaskList list ? list.priority(id) : subtask(id).priority();
    }
}
