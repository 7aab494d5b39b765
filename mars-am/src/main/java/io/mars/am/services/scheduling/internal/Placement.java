package io.mars.am.services.scheduling.internal;

import io.mars.am.services.scheduling.WorkerLoad;
import io.mars.common.rpc.WorkerGateway;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.function.BiConsumer;

/**
 * Where ready subtasks wait and which worker starts them. Each worker has a ready queue (ordered by the
 * {@link PriorityPolicy}) and a number of free slots. A subtask that becomes ready joins the queue of the worker
 * holding most of its input bytes (leaves: the worker their spread position, {@code leafWorkerHint}, maps to, so that
 * siblings that meet later start together). A worker with a free slot and an empty queue steals the most urgent entry
 * of the longest other queue.
 *
 * <p>Admission ({@link WorkerAdmission}) decides whether the head may start: otherwise the worker starts nothing until
 * enough of what runs there finishes (no smaller subtask overtakes the head, so a large one is not starved). A steal
 * takes the victim's head only if it fits the thief the same way.
 *
 * <p>Only workers that may have something to start are visited: those whose slot freed, whose queue grew, and, when
 * an entry is queued anywhere, those with a free slot (possible thieves). Visits go in worker-index order.
 */
final class Placement {
    /** One live worker: its gateway, ready queue and admission. */
    static final class Worker {
        final int index;
        final WorkerGateway gateway;
        final WorkerAdmission admission;
        private final PriorityQueue<Ready> queue;

        private Worker(int index, WorkerGateway gateway, Comparator<Ready> policy) {
            this.index = index;
            this.gateway = gateway;
            this.admission = new WorkerAdmission(gateway.slots(), gateway.memoryBytes());
            this.queue = new PriorityQueue<>(policy);
        }
    }

    private final Confinement confinement;
    private final Comparator<Ready> policy;
    private final WorkerIds ids;
    /** Live workers in the order they joined: leaves spread over this list. */
    private final List<Worker> live = new ArrayList<>();
    /** Live workers by index; null for ids never joined or lost. */
    private Worker[] byIndex = new Worker[16];
    /** Ready subtasks waiting for a worker to join (on YARN, tasks may come before worker containers). */
    private final List<Ready> parked = new ArrayList<>();
    /** Workers to visit at the next {@link #dispatch}. */
    private final BitSet dirty = new BitSet();
    /** Workers with a free slot. */
    private final BitSet idle = new BitSet();
    /** Entries in all queues, stale ones included: no steal is tried while it is zero. */
    private long queued;
    /** Per worker index, input bytes of the subtask being placed; -1 when none (scratch of {@link #preferred}). */
    private long[] bytesOn = new long[0];

    Placement(Confinement confinement, Comparator<Ready> policy, WorkerIds ids) {
        this.confinement = confinement;
        this.policy = policy;
        this.ids = ids;
    }

    /** Adds a worker that joined; false if it is live already. */
    boolean add(WorkerGateway gateway) {
        confinement.checkOnActor();
        int i = ids.index(gateway.workerId());
        if (i >= byIndex.length) {
            byIndex = Arrays.copyOf(byIndex, Math.max(i + 1, byIndex.length * 2));
        }
        if (byIndex[i] != null) {
            return false;
        }
        Worker w = new Worker(i, gateway, policy);
        byIndex[i] = w;
        live.add(w);
        idle.set(i);
        dirty.set(i);
        return true;
    }

    /** Whether the worker with this index is live here. */
    boolean isLive(int index) {
        return index >= 0 && index < byIndex.length && byIndex[index] != null;
    }

    Worker worker(int index) {
        return isLive(index) ? byIndex[index] : null;
    }

    boolean isEmpty() {
        return live.isEmpty();
    }

    /** Forgets a lost worker; returns what was queued there (to place again), or null if it was not live. */
    List<Ready> remove(int index) {
        confinement.checkOnActor();
        Worker w = worker(index);
        if (w == null) {
            return null;
        }
        byIndex[index] = null;
        live.remove(w);
        idle.clear(index);
        dirty.clear(index);
        List<Ready> entries = new ArrayList<>(w.queue);
        queued -= w.queue.size();
        w.queue.clear();
        return entries;
    }

    /** Takes back the entries parked while no worker was live. */
    List<Ready> unpark() {
        List<Ready> waiting = new ArrayList<>(parked);
        parked.clear();
        return waiting;
    }

    /** Queues a ready entry on its preferred worker (parks it while there is none); drops it if stale. */
    void place(Ready r) {
        confinement.checkOnActor();
        if (!r.live()) {
            return;
        }
        if (live.isEmpty()) {
            parked.add(r);
            return;
        }
        Worker w = preferred(r.run(), r.subtask());
        w.queue.add(r);
        queued++;
        dirty.set(w.index);
        dirty.or(idle); // a worker with a free slot may steal it
    }

    Worker preferred(TaskRun run, int id) {
        RunChunks chunks = run.chunks;
        int inputs = chunks.inputCount(id);
        if (inputs == 0) {
            double hint = run.graph.leafWorkerHint()[id];
            int w = hint < 0 ? id % live.size() : (int) Math.min(live.size() - 1, hint * live.size());
            return live.get(w);
        }
        if (bytesOn.length < ids.size()) {
            int old = bytesOn.length;
            bytesOn = Arrays.copyOf(bytesOn, Math.max(ids.size(), old * 2));
            Arrays.fill(bytesOn, old, bytesOn.length, -1L);
        }
        Worker best = null;
        long bestBytes = -1;
        for (int j = 0; j < inputs; j++) {
            int c = chunks.input(id, j);
            int loc = chunks.location[c];
            if (loc >= 0) {
                bytesOn[loc] = Math.max(bytesOn[loc], 0) + chunks.bytes[c];
            }
        }
        for (int j = 0; j < inputs; j++) {
            int loc = chunks.location[chunks.input(id, j)];
            if (loc < 0 || bytesOn[loc] < 0) {
                continue; // no location, or counted already
            }
            if (isLive(loc) && bytesOn[loc] > bestBytes) {
                best = byIndex[loc];
                bestBytes = bytesOn[loc];
            }
            bytesOn[loc] = -1;
        }
        return best != null ? best : live.get(id % live.size());
    }

    /** Marks every worker to be visited (after a join, a loss or a change of many entries). */
    void touchAll() {
        dirty.set(0, byIndex.length);
    }

    /** Starts, through {@code launch}, what the marked workers can take now, in worker-index order. */
    void dispatch(BiConsumer<Worker, Ready> launch) {
        confinement.checkOnActor();
        // launching only sends: nothing marks workers meanwhile, so the marks are cleared once, after the visit
        for (int i = dirty.nextSetBit(0); i >= 0; i = dirty.nextSetBit(i + 1)) {
            Worker w = worker(i);
            while (w != null && w.admission.free() > 0) {
                Ready r = next(w);
                if (r == null) {
                    break;
                }
                started(w, r);
                launch.accept(w, r);
            }
        }
        dirty.clear();
    }

    private void started(Worker w, Ready r) {
        w.admission.started(r.run().estimate[r.subtask()]);
        if (w.admission.free() == 0) {
            idle.clear(w.index);
        }
    }

    /** A subtask with this estimate ended on the worker (which may be lost by now): its slot is free again. */
    void ended(Worker w, long estimate) {
        confinement.checkOnActor();
        w.admission.ended(estimate);
        if (byIndex.length > w.index && byIndex[w.index] == w) {
            idle.set(w.index);
            dirty.set(w.index);
        }
    }

    /**
     * The worker's own most urgent live entry, else one stolen from the longest queue; null when there is none, or
     * when it does not fit the worker's memory budget beside what runs there.
     */
    private Ready next(Worker w) {
        Ready r = peekLive(w);
        if (r != null) {
            return w.admission.admits(r.run().estimate[r.subtask()]) ? poll(w) : null;
        }
        if (queued == 0) {
            return null;
        }
        Worker victim = null;
        for (Worker o : live) {
            if (o != w && !o.queue.isEmpty() && (victim == null || o.queue.size() > victim.queue.size())) {
                victim = o;
            }
        }
        if (victim == null) {
            return null;
        }
        Ready s = peekLive(victim);
        return s != null && w.admission.admits(s.run().estimate[s.subtask()]) ? poll(victim) : null;
    }

    /** The queue's most urgent live entry, left in place; stale entries before it are dropped. */
    private Ready peekLive(Worker w) {
        Ready r;
        while ((r = w.queue.peek()) != null && !r.live()) {
            poll(w);
        }
        return r;
    }

    private Ready poll(Worker w) {
        queued--;
        return w.queue.poll();
    }

    /** What has been admitted to each live worker, in the order they joined. */
    List<WorkerLoad> loads() {
        List<WorkerLoad> loads = new ArrayList<>(live.size());
        for (Worker w : live) {
            loads.add(w.admission.load(w.gateway.workerId()));
        }
        return loads;
    }
}
