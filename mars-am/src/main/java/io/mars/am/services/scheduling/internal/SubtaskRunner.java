package io.mars.am.services.scheduling.internal;

import io.mars.am.services.lifecycle.LifecycleService;
import io.mars.am.services.meta.MetaService;
import io.mars.common.concurrent.Actor;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.error.MissingChunkException;
import io.mars.common.graph.Subtask;
import io.mars.common.rpc.ChunkMeta;
import io.mars.common.rpc.SubtaskResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the subtasks of every task run: queues those that are ready, sends what {@link Placement} starts to its
 * worker, and takes the answer: outputs recorded (in meta too) and inputs released, or a failure handled as the
 * {@link RetryPolicy} decides. Hands lost workers and lost chunks to {@link LineageRecovery}. All on the actor.
 */
final class SubtaskRunner {
    private static final Logger LOG = LoggerFactory.getLogger(SubtaskRunner.class);
    private final Actor actor;
    private final Confinement confinement;
    private final MetaService meta;
    private final LifecycleService lifecycle;
    private final WorkerIds ids;
    private final Placement placement;
    private final LineageRecovery recovery;
    private final RetryPolicy retries;
    private final Map<String, TaskRun> runs;

    SubtaskRunner(Actor actor, Confinement confinement, MetaService meta, LifecycleService lifecycle, WorkerIds ids,
                  Placement placement, LineageRecovery recovery, RetryPolicy retries, Map<String, TaskRun> runs) {
        this.actor = actor;
        this.confinement = confinement;
        this.meta = meta;
        this.lifecycle = lifecycle;
        this.ids = ids;
        this.placement = placement;
        this.recovery = recovery;
        this.retries = retries;
        this.runs = runs;
    }

    /** The error for the first input stored by an earlier task that is gone already, or null. */
    MarsException lostStoredInput(TaskRun run) {
        RunChunks chunks = run.chunks;
        for (int s = 0; s < run.graph.size(); s++) {
            for (int j = 0; j < chunks.inputCount(s); j++) {
                int c = chunks.input(s, j);
                if (chunks.producer[c] < 0 && !recovery.storedInputLive(run, c)) {
                    return LineageRecovery.storedChunkLost(run, run.subtask(s).inputs().get(j));
                }
            }
        }
        return null;
    }

    void enqueue(TaskRun run, int id) {
        int generation = run.states.fire(id, SubtaskEvent.READY);
        placement.place(new Ready(run, id, run.priority(id), generation));
    }

    /**
     * Queues a subtask once the deletes of its outputs' earlier copies (released when all readers had finished) are
     * done, so that a late delete cannot remove the recomputed chunk. Only a subtask that stored its outputs before
     * can have such deletes; the lifecycle service knows which are under way.
     */
    private void enqueueAfterDeletes(TaskRun run, int id) {
        if (!run.storedOnce.get(id)) {
            enqueue(run, id);
            return;
        }
        int generation = run.states.fire(id, SubtaskEvent.HOLD);
        lifecycle.deletionsDone(run.sessionId, run.subtask(id).outputs()).whenComplete((v, e) -> actor.execute(() ->
                guarded(run, () -> {
                    if (run.states.is(id, SubtaskState.QUEUED) && run.states.generation(id) == generation
                            && run.failure == null) {
                        int next = run.states.fire(id, SubtaskEvent.DELETIONS_DONE);
                        placement.place(new Ready(run, id, run.priority(id), next));
                        dispatch();
                    }
                })));
    }

    void dispatch() {
        placement.dispatch(this::launch);
    }

    private void launch(Placement.Worker w, Ready r) {
        TaskRun run = r.run();
        int id = r.subtask();
        try {
            run.states.fire(id, SubtaskEvent.DISPATCH);
        } catch (MarsException e) {
            placement.ended(w, run.estimate[id]);
            abort(run, e);
            return;
        }
        Subtask st = run.subtask(id);
        Map<String, String> locations = new HashMap<>(st.inputs().size() * 2);
        for (int j = 0; j < st.inputs().size(); j++) {
            int loc = run.chunks.location[run.chunks.input(id, j)];
            if (loc >= 0) {
                locations.put(st.inputs().get(j), ids.name(loc));
            }
        }
        run.running++;
        run.runningOn[id] = w.index;
        run.attempts[id]++;
        int generation = run.states.generation(id);
        run.listener.subtaskDispatched(id, w.gateway.workerId(), System.nanoTime());
        CompletableFuture<SubtaskResult> f;
        try {
            f = w.gateway.runSubtask(run.sessionId, st, locations);
        } catch (RuntimeException e) {
            f = CompletableFuture.failedFuture(e);
        }
        f.whenComplete((res, err) -> actor.execute(() -> finished(w, run, id, generation, res, err)));
    }

    private void finished(Placement.Worker w, TaskRun run, int id, int generation, SubtaskResult res, Throwable err) {
        placement.ended(w, run.estimate[id]);
        if (run.states.generation(id) != generation || !run.states.is(id, SubtaskState.RUNNING)) {
            // this attempt was given up when its worker was lost; the subtask runs (or ran) again elsewhere
            dispatch();
            return;
        }
        run.running--;
        guarded(run, () -> {
            if (err != null) {
                failed(run, id, w.gateway.workerId(), err);
            } else if (run.failure != null) {
                // the task failed meanwhile: record where the outputs are, so that the references the task gives
                // back (its readers' and its results') delete them
                run.states.fire(id, SubtaskEvent.SUCCEED);
                meta.put(run.sessionId, res.outputs());
            } else {
                succeeded(run, id, res);
            }
        });
        if (run.failure != null && run.running == 0) {
            finish(run);
        }
        dispatch();
    }

    private void failed(TaskRun run, int id, String workerId, Throwable err) {
        MarsException cause = MarsException.wrap(err);
        switch (retries.decide(run, id, cause)) {
            case RECOVER_MISSING -> {
                MissingChunkException missing = (MissingChunkException) cause;
                run.states.fire(id, SubtaskEvent.RETRY);
                run.rerunSince.set(id);
                run.listener.subtaskRetried(id, workerId, cause);
                LOG.warn("subtask {} of task {} failed on {} (attempt {} of {}): chunks missing (key=worker) {};"
                        + " forgetting those copies and recomputing what is gone: {}", id, run.taskId, workerId,
                        run.attempts[id], retries.maxAttempts(), missing.chunks(), cause.getMessage());
                recovery.chunkMissing(run, run.subtask(id), missing);
                reconcile(run);
            }
            case PROBE_AND_RETRY -> {
                run.states.fire(id, SubtaskEvent.RETRY);
                run.rerunSince.set(id);
                run.listener.subtaskRetried(id, workerId, cause);
                LOG.warn("subtask {} of task {} failed on {} (attempt {} of {}), probing the workers involved before "
                        + "it runs again: {}", id, run.taskId, workerId, run.attempts[id], retries.maxAttempts(),
                        cause.getMessage());
                recovery.probe(run, ids.index(workerId), id, placement).whenComplete((v, e) -> actor.execute(() -> {
                    // the lost-worker events of dropped workers ran first (the cluster notifies before this completes)
                    if (runs.get(run.taskId) == run && run.failure == null) {
                        guarded(run, () -> reconcile(run));
                        dispatch();
                    } else if (run.failure != null && run.running == 0) {
                        finish(run);
                    }
                }));
            }
            case FAIL -> {
                run.states.fire(id, SubtaskEvent.FAIL);
                run.listener.subtaskFailed(id, workerId, err);
                if (run.failure == null) {
                    fail(run, retries.failure(run, id, workerId, cause));
                }
            }
        }
    }

    private void succeeded(TaskRun run, int id, SubtaskResult res) {
        Subtask st = run.subtask(id);
        RunChunks chunks = run.chunks;
        run.states.fire(id, SubtaskEvent.SUCCEED);
        run.storedOnce.set(id);
        int worker = ids.index(res.workerId());
        for (int j = 0; j < res.outputs().size(); j++) {
            ChunkMeta m = res.outputs().get(j);
            int c = chunks.outputOf(st, m.key(), j);
            if (c >= 0) {
                chunks.location[c] = worker;
                chunks.bytes[c] = m.nbytes();
                if (chunks.gone.get(c)) {
                    chunks.gone.clear(c); // clear() of an unset bit still rescans the set's length
                }
                if (!chunks.copies.isEmpty()) {
                    chunks.copies.remove(c);
                }
            }
        }
        for (ChunkMeta m : res.copies()) {
            int c = chunks.inputOf(st, m.key());
            if (c >= 0 && chunks.location[c] != worker) {
                chunks.addCopy(c, worker);
            }
        }
        if (res.copies().isEmpty()) {
            meta.put(run.sessionId, res.outputs());
        } else {
            List<ChunkMeta> metas = new ArrayList<>(res.outputs());
            metas.addAll(res.copies());
            meta.put(run.sessionId, metas);
        }
        if (!st.inputs().isEmpty()) {
            lifecycle.release(run.sessionId, st.inputs()).thenAccept(deleted -> {
                if (!deleted.isEmpty()) {
                    actor.execute(() -> released(run, id, deleted));
                }
            });
        }
        run.listener.subtaskFinished(res);
        for (int s : run.graph.successors()[id]) {
            if (run.states.is(s, SubtaskState.WAITING) && --run.pending[s] == 0) {
                enqueue(run, s);
            }
        }
        if (--run.remaining == 0) {
            runs.remove(run.taskId);
            run.done.complete(null);
        }
    }

    /**
     * The lifecycle deleted inputs of subtask {@code id} (all their readers had finished): they are gone. Should a
     * reader have been reverted meanwhile, the run is reconciled so that their producers run again.
     */
    private void released(TaskRun run, int id, List<String> deleted) {
        RunChunks chunks = run.chunks;
        boolean needed = false;
        for (String key : deleted) {
            int c = chunks.inputOf(run.subtask(id), key);
            int p = c < 0 ? -1 : chunks.producer[c];
            if (p < 0 || chunks.results.get(c) || !run.states.is(p, SubtaskState.DONE)) {
                continue;
            }
            chunks.gone.set(c);
            for (int s : run.graph.successors()[p]) {
                if (run.states.pending(s) && chunks.inputOf(run.subtask(s), key) >= 0) {
                    run.lostSince.set(c);
                    needed = true;
                }
            }
        }
        if (needed && runs.get(run.taskId) == run && run.failure == null) {
            guarded(run, () -> reconcile(run));
            dispatch();
        }
    }

    /** A worker left the cluster: its queue moves, its running subtasks run again, its chunks are recomputed. */
    void workerLost(String workerId, String reason) {
        int index = ids.find(workerId);
        List<Ready> orphans = index < 0 ? null : placement.remove(index);
        MarsException cause = new MarsException(ErrorCode.WORKER_LOST, "worker " + workerId + " was lost: " + reason);
        for (TaskRun run : List.copyOf(runs.values())) {
            if (run.failure != null) {
                // they will not answer: count them as ended so the failed task can end
                guarded(run, () -> recovery.abandonRunningOn(run, index));
                if (run.running == 0) {
                    finish(run);
                }
                continue;
            }
            guarded(run, () -> {
                if (recovery.workerLost(run, index, cause, orphans != null)) {
                    LOG.warn("task {}: worker {} lost ({}); rerunning what it ran and held", run.taskId, workerId,
                            reason);
                    reconcile(run);
                }
            });
        }
        if (orphans != null) {
            // what stays queued there is live elsewhere: move it
            orphans.forEach(placement::place);
        }
        placement.touchAll();
        dispatch();
    }

    /** Applies what {@link LineageRecovery#reconcile} decides. */
    private void reconcile(TaskRun run) {
        LineageRecovery.Outcome outcome = recovery.reconcile(run);
        if (outcome.failure() != null) {
            fail(run, outcome.failure());
            return;
        }
        List<String> increfs = new ArrayList<>();
        for (int p : outcome.reverted()) {
            // it gives its input references back when it finishes again, so it takes them again
            increfs.addAll(run.subtask(p).inputs());
        }
        if (!increfs.isEmpty()) {
            lifecycle.incref(run.sessionId, increfs);
        }
        for (int s : outcome.ready()) {
            enqueueAfterDeletes(run, s);
        }
    }

    /** Runs {@code body}; an illegal subtask transition in it fails the run at once (its state is not trusted). */
    void guarded(TaskRun run, Runnable body) {
        try {
            body.run();
        } catch (MarsException e) {
            if (e.code() != ErrorCode.ILLEGAL_STATE_TRANSITION) {
                throw e;
            }
            abort(run, e);
        }
    }

    private void abort(TaskRun run, MarsException e) {
        if (run.failure == null) {
            run.failure = e;
        }
        finish(run);
    }

    void fail(TaskRun run, MarsException e) {
        confinement.checkOnActor();
        run.failure = e;
        if (run.running == 0) {
            finish(run);
        }
    }

    private void finish(TaskRun run) {
        runs.remove(run.taskId, run);
        run.done.completeExceptionally(run.failure);
    }
}
