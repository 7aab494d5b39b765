package io.mars.am.services.scheduling.internal;

import io.mars.am.services.cluster.ClusterService;
import io.mars.am.services.meta.MetaService;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.error.MissingChunkException;
import io.mars.common.graph.Subtask;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Brings a task run back to a runnable state after chunks were lost.
 *
 * <p>Lost workers. When a worker leaves the cluster (its container ended, its heartbeats stopped, or it stopped
 * answering), its queue goes to the others, the subtasks running on it run again elsewhere, and every chunk it held
 * is gone. A chunk still needed — an input of a subtask that has not finished, or one of the task's results — is
 * recomputed by running its producer again, and so on up the lineage as far as inputs are gone too (lost, or
 * already deleted because all their readers had finished: the lifecycle service says which it deleted). A rerun
 * producer takes its input references again, since it gives them back when it finishes. Inputs stored by an earlier
 * task have no producer in this graph: losing one fails the task's stage with {@code CHUNK_LOST}, and the task manager
 * tiles the stage again computing them. A subtask that failed with a transport error, or because a worker holding an
 * input was lost, is retried after the workers involved are probed ({@link #probe}); one that does not answer is
 * dropped from the cluster. No subtask runs more than {@code mars.subtask.max-attempts} times ({@link RetryPolicy}).
 *
 * <p>Lost chunks on live workers. A subtask failing with a {@link MissingChunkException} (a worker found an input's
 * spill file corrupted, or does not hold an input it was expected to) names the chunk and the worker: that copy is
 * forgotten (here and in meta) and, when no other worker keeps a copy, the chunk is treated as lost with a worker:
 * its producer runs again (up the lineage as needed), then the failed subtask.
 *
 * <p>Copies. Workers keep the inputs they fetched from other workers; the copies a subtask kept are recorded in meta as
 * more locations, and a chunk whose holder is lost (or found corrupted) is read from a copy instead of recomputed.
 */
final class LineageRecovery {
    private static final Logger LOG = LoggerFactory.getLogger(LineageRecovery.class);
    private static final long PROBE_TIMEOUT_MS = 5000;
    private final Confinement confinement;
    private final ClusterService cluster;
    private final MetaService meta;
    private final WorkerIds ids;

    /**
     * What a reconciliation decided: the task fails ({@code failure}), or the subtasks in {@code ready} can be queued
     * (after deletions of their outputs' earlier copies) and those in {@code reverted} take their input references
     * again.
     */
    record Outcome(MarsException failure, int[] ready, int[] reverted) {
    }

    LineageRecovery(Confinement confinement, ClusterService cluster, MetaService meta, WorkerIds ids) {
        this.confinement = confinement;
        this.cluster = cluster;
        this.meta = meta;
        this.ids = ids;
    }

    /**
     * A worker left: chunks it held are read from a live copy or are gone, and what ran there waits to run again.
     * Returns whether the run has to be reconciled.
     */
    boolean workerLost(TaskRun run, int worker, MarsException cause, boolean hadQueue) {
        confinement.checkOnActor();
        RunChunks chunks = run.chunks;
        boolean touched = false;
        for (var it = chunks.copies.values().iterator(); it.hasNext(); ) {
            List<Integer> holders = it.next();
            holders.remove(Integer.valueOf(worker));
            if (holders.isEmpty()) {
                it.remove();
            }
        }
        for (int c = 0; c < chunks.size(); c++) {
            if (worker >= 0 && chunks.location[c] == worker) {
                chunks.location[c] = liveCopy(chunks, c);
                if (chunks.location[c] < 0) {
                    chunks.gone.set(c);
                    run.lostSince.set(c);
                    touched = true;
                }
            }
        }
        String workerId = worker >= 0 ? ids.name(worker) : "?";
        for (int i : abandonRunningOn(run, worker)) {
            run.listener.subtaskRetried(i, workerId, cause);
            touched = true;
        }
        for (int i = 0; i < run.states.size() && !touched; i++) {
            touched = hadQueue && run.states.is(i, SubtaskState.QUEUED);
        }
        return touched;
    }

    /** Gives up the attempts running on a lost worker (it will not answer them): they wait to run again. */
    List<Integer> abandonRunningOn(TaskRun run, int worker) {
        List<Integer> abandoned = new ArrayList<>();
        for (int i = 0; i < run.states.size(); i++) {
            if (run.states.is(i, SubtaskState.RUNNING) && run.runningOn[i] == worker) {
                run.states.fire(i, SubtaskEvent.ABANDON);
                run.rerunSince.set(i);
                run.running--;
                abandoned.add(i);
            }
        }
        return abandoned;
    }

    /** A live worker keeping a copy of the chunk (taken out of the copies: it becomes the location), or -1. */
    private int liveCopy(RunChunks chunks, int c) {
        List<Integer> holders = chunks.copies.get(c);
        if (holders == null) {
            return -1;
        }
        int found = -1;
        while (!holders.isEmpty() && found < 0) {
            int w = holders.remove(0);
            if (cluster.isMember(ids.name(w))) {
                found = w;
            }
        }
        if (holders.isEmpty()) {
            chunks.copies.remove(c);
        }
        return found;
    }

    /**
     * A live worker does not have inputs of {@code failed} it was expected to hold (a spill file was corrupted, or the
     * chunk is not there): forgets those copies here and in meta, reads a chunk from another copy if one is kept,
     * else counts it as gone. Meta is told first, so that a task manager reacting to a failure sees the copy gone.
     * The caller reconciles the run next (which reruns producers, or fails the stage when an earlier task stored a
     * chunk).
     */
    void chunkMissing(TaskRun run, Subtask failed, MissingChunkException missing) {
        confinement.checkOnActor();
        RunChunks chunks = run.chunks;
        for (Map.Entry<String, String> e : missing.chunks().entrySet()) {
            meta.dropLocation(run.sessionId, e.getKey(), e.getValue());
            int c = chunks.inputOf(failed, e.getKey());
            int holder = ids.find(e.getValue());
            if (c < 0 || holder < 0) {
                continue;
            }
            chunks.dropCopy(c, holder);
            if (chunks.location[c] == holder) {
                chunks.location[c] = liveCopy(chunks, c);
                if (chunks.location[c] < 0 && chunks.producer[c] >= 0) {
                    chunks.gone.set(c);
                    run.lostSince.set(c);
                }
            }
        }
    }

    /**
     * Asks the worker that ran the failed subtask, and the workers holding its inputs, whether they still answer;
     * drops those that do not (which reverts what they held). Completes when every probe has answered or timed out.
     */
    CompletableFuture<Void> probe(TaskRun run, int worker, int subtask, Placement placement) {
        Set<Integer> involved = new LinkedHashSet<>();
        involved.add(worker);
        for (int j = 0; j < run.chunks.inputCount(subtask); j++) {
            int loc = run.chunks.location[run.chunks.input(subtask, j)];
            if (loc >= 0) {
                involved.add(loc);
            }
        }
        List<CompletableFuture<?>> probes = new ArrayList<>();
        for (int index : involved) {
            Placement.Worker w = placement.worker(index);
            if (w == null) {
                continue;
            }
            String id = w.gateway.workerId();
            CompletableFuture<Long> probe;
            try {
                probe = w.gateway.storedBytes().orTimeout(PROBE_TIMEOUT_MS, TimeUnit.MILLISECONDS);
            } catch (RuntimeException e) {
                probe = CompletableFuture.failedFuture(e);
            }
            probes.add(probe.handle((v, e) -> {
                if (e != null && cluster.removeWorker(id, "did not answer the scheduler: "
                        + MarsException.wrap(e).getMessage())) {
                    LOG.warn("worker {} does not answer; dropped from the cluster", id);
                }
                return null;
            }));
        }
        return CompletableFuture.allOf(probes.toArray(CompletableFuture[]::new));
    }

    /**
     * Reverts finished producers of every chunk still needed that is gone (up the lineage), recomputes what the
     * subtasks concerned wait for, and says which are ready; a needed input stored by an earlier task that is gone
     * fails the run. Works from what changed since the last reconciliation ({@link TaskRun#lostSince},
     * {@link TaskRun#rerunSince}) rather than from every subtask: a chunk gone earlier is needed again only when a
     * reader of it reruns, and the walk from each rerun subtask up its inputs finds it.
     */
    Outcome reconcile(TaskRun run) {
        confinement.checkOnActor();
        try {
            return reconcileChanges(run);
        } finally {
            run.lostSince.clear();
            run.rerunSince.clear();
        }
    }

    private Outcome reconcileChanges(TaskRun run) {
        SubtaskStates states = run.states;
        RunChunks chunks = run.chunks;
        IntStack check = new IntStack();
        BitSet reverted = new BitSet();
        for (int c = run.lostSince.nextSetBit(0); c >= 0; c = run.lostSince.nextSetBit(c + 1)) {
            int p = chunks.producer[c];
            if (p < 0) {
                MarsException lost = storedReaderFailure(run, c);
                if (lost != null) {
                    return new Outcome(lost, null, null);
                }
            } else if (states.is(p, SubtaskState.DONE) && chunks.gone.get(c)
                    && (chunks.results.get(c) || hasPendingReader(run, p, c))) {
                revert(run, p);
                reverted.set(p);
                check.push(p);
            }
        }
        for (int s = run.rerunSince.nextSetBit(0); s >= 0; s = run.rerunSince.nextSetBit(s + 1)) {
            if (states.pending(s)) {
                check.push(s);
            }
        }
        while (!check.isEmpty()) {
            int s = check.pop();
            for (int j = 0; j < chunks.inputCount(s); j++) {
                int c = chunks.input(s, j);
                int p = chunks.producer[c];
                if (p < 0) {
                    if (!storedInputLive(run, c)) {
                        return new Outcome(storedChunkLost(run, run.subtask(s).inputs().get(j)), null, null);
                    }
                } else if (states.is(p, SubtaskState.DONE) && chunks.gone.get(c)) {
                    revert(run, p);
                    reverted.set(p);
                    check.push(p);
                }
            }
        }
        BitSet affected = (BitSet) run.rerunSince.clone();
        for (int p = reverted.nextSetBit(0); p >= 0; p = reverted.nextSetBit(p + 1)) {
            affected.set(p);
            for (int s : run.graph.successors()[p]) {
                affected.set(s);
            }
        }
        return new Outcome(null, recountPending(run, affected), reverted.stream().toArray());
    }

    /** Whether a waiting or queued successor of {@code producer} reads chunk {@code c}. */
    private static boolean hasPendingReader(TaskRun run, int producer, int c) {
        for (int s : run.graph.successors()[producer]) {
            if (run.states.pending(s) && readsChunk(run, s, c)) {
                return true;
            }
        }
        return false;
    }

    private static boolean readsChunk(TaskRun run, int s, int c) {
        for (int j = 0; j < run.chunks.inputCount(s); j++) {
            if (run.chunks.input(s, j) == c) {
                return true;
            }
        }
        return false;
    }

    /** CHUNK_LOST if a waiting or queued subtask reads stored chunk {@code c}, which is gone (a rare full scan). */
    private MarsException storedReaderFailure(TaskRun run, int c) {
        if (storedInputLive(run, c)) {
            return null;
        }
        for (int s = 0; s < run.states.size(); s++) {
            for (int j = 0; run.states.pending(s) && j < run.chunks.inputCount(s); j++) {
                if (run.chunks.input(s, j) == c) {
                    return storedChunkLost(run, run.subtask(s).inputs().get(j));
                }
            }
        }
        return null;
    }

    /** Recomputes what the affected waiting or queued subtasks wait for; unqueues those waiting again; returns the ready. */
    private static int[] recountPending(TaskRun run, BitSet affected) {
        SubtaskStates states = run.states;
        IntStack ready = new IntStack();
        for (int s = affected.nextSetBit(0); s >= 0; s = affected.nextSetBit(s + 1)) {
            if (!states.pending(s)) {
                continue;
            }
            int waitingFor = 0;
            for (int p : run.graph.predecessors()[s]) {
                if (!states.is(p, SubtaskState.DONE)) {
                    waitingFor++;
                }
            }
            run.pending[s] = waitingFor;
            if (states.is(s, SubtaskState.QUEUED) && waitingFor > 0) {
                states.fire(s, SubtaskEvent.UNREADY);
            } else if (states.is(s, SubtaskState.WAITING) && waitingFor == 0) {
                ready.push(s);
            }
        }
        return ready.toArray();
    }

    /** A finished subtask runs again: its outputs are needed and gone. */
    private static void revert(TaskRun run, int id) {
        run.states.fire(id, SubtaskEvent.REVERT);
        run.remaining++;
        run.listener.subtaskReverted(id);
    }

    boolean storedInputLive(TaskRun run, int chunk) {
        int loc = run.chunks.location[chunk];
        return loc >= 0 && cluster.isMember(ids.name(loc));
    }

    static MarsException storedChunkLost(TaskRun run, String key) {
        return new MarsException(ErrorCode.CHUNK_LOST, "chunk " + key + ", stored by an earlier task of session "
                + run.sessionId + ", was lost (with its worker, or its spill file was corrupted); task " + run.taskId
                + " cannot recompute it (its lineage belongs to the earlier task): execute the tileable that produced"
                + " it again");
    }
}
