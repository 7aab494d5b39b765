package io.mars.am.services.scheduling.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.am.services.cluster.internal.StaticCluster;
import io.mars.am.services.meta.internal.MemoryMetaService;
import io.mars.am.state.internal.MemoryOnlyStateStore;
import io.mars.common.concurrent.Actor;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.error.MissingChunkException;
import io.mars.common.graph.SubtaskGraph;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Recomputing what lost workers and lost chunks take away, from the lineage. */
class LineageRecoveryTest {
    private final Actor actor = new Actor("test-scheduling");
    private final Confinement confinement = new Confinement(actor);
    private final StaticCluster cluster = new StaticCluster();
    private final MemoryMetaService meta = new MemoryMetaService(new MemoryOnlyStateStore());
    private final WorkerIds ids = new WorkerIds();
    private final LineageRecovery recovery = new LineageRecovery(confinement, cluster, meta, ids);
    private final TestGraphs.Recording listener = new TestGraphs.Recording();
    private final MarsException cause = new MarsException(ErrorCode.WORKER_LOST, "test");

    LineageRecoveryTest() {
        for (String w : List.of("a", "b", "c")) {
            cluster.addWorker(new TestGraphs.Idle(w, 1));
            ids.index(w);
        }
    }

    @AfterEach
    void stop() {
        actor.close();
        meta.close();
    }

    private <T> T onActor(Supplier<T> body) {
        try {
            return actor.call(body).join();
        } catch (CompletionException e) {
            throw (RuntimeException) e.getCause();
        }
    }

    private TaskRun run(SubtaskGraph g, Map<String, String> stored) {
        return TestGraphs.run(g, 0, confinement, stored, ids, listener);
    }

    /** Subtask {@code id} ran on {@code worker} and stored its output there. */
    private void done(TaskRun run, int id, String worker) {
        running(run, id, worker);
        run.states.fire(id, SubtaskEvent.SUCCEED);
        run.running--;
        run.remaining--;
        run.chunks.location[run.chunks.output(id, 0)] = ids.find(worker);
    }

    private void running(TaskRun run, int id, String worker) {
        run.states.fire(id, SubtaskEvent.READY);
        run.states.fire(id, SubtaskEvent.DISPATCH);
        run.running++;
        run.runningOn[id] = ids.find(worker);
    }

    private boolean lose(TaskRun run, String worker) {
        cluster.removeWorker(worker, "test");
        return onActor(() -> recovery.workerLost(run, ids.find(worker), cause, false));
    }

    @Test
    void aLostChunkRevertsItsProducerAndProducersOfDeletedInputsUpTheLineage() {
        TaskRun run = run(TestGraphs.chain(3), Map.of());
        onActor(() -> {
            done(run, 0, "a");
            run.chunks.gone.set(run.chunks.output(0, 0)); // deleted: its reader, 1, had finished
            done(run, 1, "b");
            run.states.fire(2, SubtaskEvent.READY);
            return null;
        });
        assertThat(lose(run, "b")).isTrue();
        LineageRecovery.Outcome o = onActor(() -> recovery.reconcile(run));
        assertThat(o.failure()).isNull();
        assertThat(o.reverted()).containsExactly(0, 1);
        assertThat(o.ready()).containsExactly(0);
        assertThat(listener.reverted).containsExactlyInAnyOrder(0, 1);
        assertThat(run.states.state(2)).as("unqueued: waits for 1 again").isEqualTo(SubtaskState.WAITING);
        assertThat(run.pending).containsExactly(0, 1, 1);
        assertThat(run.remaining).isEqualTo(3);
    }

    @Test
    void aChunkWithALiveCopyIsReadFromTheCopyInsteadOfRecomputed() {
        TaskRun run = run(TestGraphs.chain(2), Map.of());
        onActor(() -> {
            done(run, 0, "b");
            run.chunks.addCopy(run.chunks.output(0, 0), ids.find("c"));
            run.states.fire(1, SubtaskEvent.READY);
            return null;
        });
        assertThat(lose(run, "b")).isFalse();
        LineageRecovery.Outcome o = onActor(() -> recovery.reconcile(run));
        assertThat(o.reverted()).isEmpty();
        assertThat(run.chunks.location[run.chunks.output(0, 0)]).isEqualTo(ids.find("c"));
        assertThat(run.states.state(1)).isEqualTo(SubtaskState.QUEUED);
    }

    @Test
    void aLostInputStoredByAnEarlierTaskFailsTheRunWithChunkLost() {
        SubtaskGraph g = TestGraphs.graph(new int[][] {{}}, new double[] {-1}, List.of(List.of("s0")));
        TaskRun run = run(g, Map.of("s0", "b"));
        onActor(() -> run.states.fire(0, SubtaskEvent.READY));
        assertThat(lose(run, "b")).isTrue();
        LineageRecovery.Outcome o = onActor(() -> recovery.reconcile(run));
        assertThat(o.failure().code()).isEqualTo(ErrorCode.CHUNK_LOST);
        assertThat(o.failure()).hasMessageContaining("chunk s0, stored by an earlier task");
    }

    @Test
    void subtasksRunningOnALostWorkerWaitToRunAgain() {
        TaskRun run = run(TestGraphs.chain(2), Map.of());
        onActor(() -> {
            running(run, 0, "b");
            return null;
        });
        assertThat(lose(run, "b")).isTrue();
        assertThat(listener.retried).containsExactly(0);
        assertThat(run.running).isZero();
        LineageRecovery.Outcome o = onActor(() -> recovery.reconcile(run));
        assertThat(o.ready()).containsExactly(0);
        assertThat(o.reverted()).isEmpty();
    }

    @Test
    void aChunkMissingOnALiveWorkerIsForgottenAndItsProducerRunsAgain() {
        TaskRun run = run(TestGraphs.chain(2), Map.of());
        onActor(() -> {
            done(run, 0, "a");
            running(run, 1, "b");
            run.states.fire(1, SubtaskEvent.RETRY);
            run.running--;
            recovery.chunkMissing(run, run.subtask(1),
                    new MissingChunkException(ErrorCode.CHUNK_LOST, "k0", "a", "spill file corrupted"));
            return null;
        });
        assertThat(run.chunks.location[run.chunks.output(0, 0)]).isEqualTo(-1);
        LineageRecovery.Outcome o = onActor(() -> recovery.reconcile(run));
        assertThat(o.reverted()).containsExactly(0);
        assertThat(o.ready()).containsExactly(0);
        assertThat(run.pending[1]).isEqualTo(1);
    }
}
