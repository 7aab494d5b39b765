package io.mars.am.services.scheduling.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.common.concurrent.Actor;
import io.mars.common.graph.SubtaskGraph;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Where ready subtasks are queued and which worker starts them. */
class PlacementTest {
    private final Actor actor = new Actor("test-scheduling");
    private final Confinement confinement = new Confinement(actor);
    private final WorkerIds ids = new WorkerIds();
    private final Placement placement = new Placement(confinement, new PriorityPolicy(), ids);
    /** What dispatch started, as "worker:subtask". */
    private final List<String> started = new ArrayList<>();

    @AfterEach
    void stop() {
        actor.close();
    }

    private <T> T onActor(Supplier<T> body) {
        try {
            return actor.call(body).join();
        } catch (CompletionException e) {
            throw (RuntimeException) e.getCause();
        }
    }

    private void workers(int slots, String... names) {
        onActor(() -> {
            for (String n : names) {
                placement.add(new TestGraphs.Idle(n, slots));
            }
            return null;
        });
    }

    private void ready(TaskRun run, int... subtasks) {
        onActor(() -> {
            for (int s : subtasks) {
                int g = run.states.fire(s, SubtaskEvent.READY);
                placement.place(new Ready(run, s, run.subtask(s).priority(), g));
            }
            return null;
        });
    }

    private List<String> dispatch() {
        onActor(() -> {
            placement.dispatch((w, r) -> {
                r.run().states.fire(r.subtask(), SubtaskEvent.DISPATCH);
                started.add(w.gateway.workerId() + ":" + r.subtask());
            });
            return null;
        });
        return started;
    }

    @Test
    void leavesGoWhereTheirSpreadHintPoints() {
        workers(0, "a", "b", "c", "d");
        SubtaskGraph g = TestGraphs.graph(new int[][] {{}, {}, {}}, new double[] {0.0, 0.3, 0.99},
                List.of(List.of(), List.of(), List.of()));
        TaskRun run = TestGraphs.run(g, 0, confinement, Map.of(), ids, new TestGraphs.Recording());
        assertThat(onActor(() -> List.of(placement.preferred(run, 0).gateway.workerId(),
                placement.preferred(run, 1).gateway.workerId(), placement.preferred(run, 2).gateway.workerId())))
                .containsExactly("a", "b", "d");
    }

    @Test
    void aSubtaskGoesWhereMostOfItsInputBytesAre() {
        workers(0, "a", "b");
        TaskRun run = TestGraphs.run(TestGraphs.graph(new int[][] {{}, {}, {}, {0, 1, 2}}), 0, confinement,
                Map.of(), ids, new TestGraphs.Recording());
        onActor(() -> {
            RunChunks c = run.chunks;
            c.location[0] = ids.find("a");
            c.bytes[0] = 60;
            c.location[1] = ids.find("b");
            c.bytes[1] = 50;
            c.location[2] = ids.find("b");
            c.bytes[2] = 20;
            return null;
        });
        assertThat(onActor(() -> placement.preferred(run, 3).gateway.workerId())).isEqualTo("b");
    }

    @Test
    void eachWorkerRunsItsQueueInPriorityOrderWithinItsSlots() {
        workers(2, "a");
        TaskRun run = TestGraphs.run(TestGraphs.graph(new int[][] {{}, {}, {}}), 0, confinement);
        ready(run, 2, 1, 0);
        assertThat(dispatch()).containsExactly("a:0", "a:1");
    }

    @Test
    void anIdleWorkerStealsTheMostUrgentEntryOfTheLongestQueue() {
        workers(1, "a", "b");
        // all three leaves are hinted to worker a; b has nothing of its own
        SubtaskGraph g = TestGraphs.graph(new int[][] {{}, {}, {}}, new double[] {0, 0, 0},
                List.of(List.of(), List.of(), List.of()));
        TaskRun run = TestGraphs.run(g, 0, confinement, Map.of(), ids, new TestGraphs.Recording());
        ready(run, 0, 1, 2);
        assertThat(dispatch()).containsExactly("a:0", "b:1");
    }

    @Test
    void readySubtasksWaitForAWorkerToJoin() {
        TaskRun run = TestGraphs.run(TestGraphs.graph(new int[][] {{}}), 0, confinement);
        ready(run, 0);
        assertThat(dispatch()).isEmpty();
        workers(1, "a");
        onActor(() -> {
            placement.unpark().forEach(placement::place);
            return null;
        });
        assertThat(dispatch()).containsExactly("a:0");
    }

    @Test
    void staleEntriesAreDroppedAndALostWorkersQueueIsHandedBack() {
        workers(0, "a");
        TaskRun run = TestGraphs.run(TestGraphs.graph(new int[][] {{}, {}}), 0, confinement);
        ready(run, 0, 1);
        onActor(() -> run.states.fire(0, SubtaskEvent.UNREADY));
        List<Ready> orphans = onActor(() -> placement.remove(ids.find("a")));
        assertThat(orphans).hasSize(2);
        assertThat(orphans.stream().filter(Ready::live).map(Ready::subtask)).containsExactly(1);
        assertThat(onActor(() -> placement.isEmpty())).isTrue();
    }
}
