package io.mars.am.services.scheduling.internal;

import io.mars.am.services.cluster.ClusterListener;
import io.mars.am.services.cluster.ClusterService;
import io.mars.am.services.lifecycle.LifecycleService;
import io.mars.am.services.meta.MetaService;
import io.mars.am.services.scheduling.SchedulingListener;
import io.mars.am.services.scheduling.SchedulingService;
import io.mars.common.concurrent.Actor;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.graph.Subtask;
import io.mars.common.graph.SubtaskGraph;
import io.mars.common.rpc.ChunkMeta;
import io.mars.common.rpc.SubtaskResult;
import io.mars.common.rpc.WorkerGateway;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.concurrent.CompletableFuture;

/**
 * The scheduler, all state on one actor. Each worker has a ready queue ordered by (task age, depth-first priority)
 * and a number of free slots. A subtask that becomes ready joins the queue of the worker holding most of its input
 * bytes (leaves: the worker their spread position maps to). A worker with a free slot and an empty queue steals the
 * most urgent entry of the longest other queue.
 */
public final class DepthFirstScheduler implements SchedulingService, AutoCloseable {
    private final Actor actor = new Actor("mars-scheduling");
    private final ClusterService cluster;
    private final MetaService meta;
    private final LifecycleService lifecycle;
    private final Map<String, WorkerSlots> workers = new HashMap<>();
    private final List<WorkerSlots> workerList = new ArrayList<>();
    private final Map<String, TaskRun> runs = new HashMap<>();
    /** Ready subtasks waiting for the first worker to join (on YARN, tasks may come before worker containers). */
    private final List<Ready> parked = new ArrayList<>();
    private long taskSequence;

    public DepthFirstScheduler(ClusterService cluster, MetaService meta, LifecycleService lifecycle) {
        this.cluster = cluster;
        this.meta = meta;
        this.lifecycle = lifecycle;
        cluster.addListener(new ClusterListener() {
            @Override
            public void workerAdded(WorkerGateway worker) {
                actor.execute(() -> {
                    refreshWorkers();
                    List<Ready> waiting = new ArrayList<>(parked);
                    parked.clear();
                    waiting.forEach(r -> enqueue(r.run, r.subtask));
                    dispatch();
                });
            }
        });
    }

    private static final class WorkerSlots {
        final WorkerGateway gateway;
        final PriorityQueue<Ready> queue = new PriorityQueue<>();
        int free;

        WorkerSlots(WorkerGateway gateway) {
            this.gateway = gateway;
            this.free = gateway.slots();
        }
    }

    private record Ready(TaskRun run, int subtask, int priority) implements Comparable<Ready> {
        @Override
        public int compareTo(Ready o) {
            int c = Long.compare(run.sequence, o.run.sequence);
            return c != 0 ? c : Integer.compare(priority, o.priority);
        }
    }

    private static final class TaskRun {
        final String sessionId;
        final String taskId;
        final long sequence;
        final SubtaskGraph graph;
        final SchedulingListener listener;
        final int[] pending;
        final Map<String, String> location;
        final Map<String, Long> bytes = new HashMap<>();
        final CompletableFuture<Void> done = new CompletableFuture<>();
        int remaining;
        int running;
        MarsException failure;

        TaskRun(String sessionId, String taskId, long sequence, SubtaskGraph graph, Map<String, String> stored,
                SchedulingListener listener) {
            this.sessionId = sessionId;
            this.taskId = taskId;
            this.sequence = sequence;
            this.graph = graph;
            this.listener = listener;
            this.location = new HashMap<>(stored);
            this.pending = new int[graph.size()];
            for (int i = 0; i < pending.length; i++) {
                pending[i] = graph.predecessors()[i].length;
            }
            this.remaining = graph.size();
        }
    }

    @Override
    public CompletableFuture<Void> submit(String sessionId, String taskId, SubtaskGraph graph,
                                          Map<String, String> storedLocations, SchedulingListener listener) {
        return actor.compose(() -> {
            refreshWorkers();
            TaskRun run = new TaskRun(sessionId, taskId, taskSequence++, graph, storedLocations, listener);
            if (run.remaining == 0) {
                run.done.complete(null);
                return run.done;
            }
            runs.put(taskId, run);
            for (int i = 0; i < graph.size(); i++) {
                if (run.pending[i] == 0) {
                    enqueue(run, i);
                }
            }
            dispatch();
            return run.done;
        });
    }

    @Override
    public CompletableFuture<Void> cancel(String taskId) {
        return actor.run(() -> {
            TaskRun run = runs.get(taskId);
            if (run != null && run.failure == null) {
                fail(run, new MarsException(ErrorCode.TASK_CANCELLED, "task " + taskId + " was cancelled"));
            }
        });
    }

    private void refreshWorkers() {
        for (WorkerGateway w : cluster.workers()) {
            if (!workers.containsKey(w.workerId())) {
                WorkerSlots slots = new WorkerSlots(w);
                workers.put(w.workerId(), slots);
                workerList.add(slots);
            }
        }
    }

    private void enqueue(TaskRun run, int id) {
        Subtask st = run.graph.subtasks().get(id);
        if (workerList.isEmpty()) {
            parked.add(new Ready(run, id, st.priority()));
            return;
        }
        preferredWorker(run, id).queue.add(new Ready(run, id, st.priority()));
    }

    private WorkerSlots preferredWorker(TaskRun run, int id) {
        Subtask st = run.graph.subtasks().get(id);
        if (st.inputs().isEmpty()) {
            double hint = run.graph.leafWorkerHint()[id];
            int w = hint < 0 ? id % workerList.size() : (int) Math.min(workerList.size() - 1, hint * workerList.size());
            return workerList.get(w);
        }
        WorkerSlots best = null;
        long bestBytes = -1;
        Map<String, Long> perWorker = new HashMap<>(4);
        for (String key : st.inputs()) {
            String w = run.location.get(key);
            if (w != null) {
                perWorker.merge(w, run.bytes.getOrDefault(key, 1L), Long::sum);
            }
        }
        for (Map.Entry<String, Long> e : perWorker.entrySet()) {
            WorkerSlots ws = workers.get(e.getKey());
            if (ws != null && e.getValue() > bestBytes) {
                best = ws;
                bestBytes = e.getValue();
            }
        }
        return best != null ? best : workerList.get(id % workerList.size());
    }

    private void dispatch() {
        for (WorkerSlots w : workerList) {
            while (w.free > 0) {
                Ready r = next(w);
                if (r == null) {
                    break;
                }
                launch(w, r);
            }
        }
    }

    /** The worker's own most urgent live entry, else one stolen from the longest queue. */
    private Ready next(WorkerSlots w) {
        Ready r = pollLive(w.queue);
        if (r != null) {
            return r;
        }
        WorkerSlots victim = null;
        for (WorkerSlots o : workerList) {
            if (o != w && !o.queue.isEmpty() && (victim == null || o.queue.size() > victim.queue.size())) {
                victim = o;
            }
        }
        return victim == null ? null : pollLive(victim.queue);
    }

    private static Ready pollLive(PriorityQueue<Ready> q) {
        Ready r;
        while ((r = q.poll()) != null) {
            if (r.run.failure == null) {
                return r;
            }
        }
        return null;
    }

    private void launch(WorkerSlots w, Ready r) {
        TaskRun run = r.run;
        Subtask st = run.graph.subtasks().get(r.subtask);
        Map<String, String> locations = new HashMap<>(st.inputs().size() * 2);
        for (String key : st.inputs()) {
            String loc = run.location.get(key);
            if (loc != null) {
                locations.put(key, loc);
            }
        }
        w.free--;
        run.running++;
        run.listener.subtaskDispatched(st.id(), w.gateway.workerId(), System.nanoTime());
        CompletableFuture<SubtaskResult> f;
        try {
            f = w.gateway.runSubtask(run.sessionId, st, locations);
        } catch (RuntimeException e) {
            f = CompletableFuture.failedFuture(e);
        }
        f.whenComplete((res, err) -> actor.execute(() -> finished(w, run, st, res, err)));
    }

    private void finished(WorkerSlots w, TaskRun run, Subtask st, SubtaskResult res, Throwable err) {
        w.free++;
        run.running--;
        if (err != null) {
            run.listener.subtaskFailed(st.id(), w.gateway.workerId(), err);
            if (run.failure == null) {
                MarsException cause = MarsException.wrap(err);
                fail(run, cause.kind() == io.mars.common.error.ErrorKind.INTERNAL && cause.code() != ErrorCode.SUBTASK_FAILED
                        ? new MarsException(ErrorCode.SUBTASK_FAILED, "subtask " + st.id() + " of task " + run.taskId
                        + " failed on " + w.gateway.workerId() + ": " + cause.getMessage(), cause) : cause);
            }
        } else if (run.failure != null) {
            // the task failed meanwhile: record where the outputs are, so that the references the task gives back
            // (its readers' and its results') delete them
            meta.put(run.sessionId, res.outputs());
        } else {
            succeeded(run, st, res);
        }
        if (run.failure != null && run.running == 0) {
            runs.remove(run.taskId);
            run.done.completeExceptionally(run.failure);
        }
        dispatch();
    }

    private void succeeded(TaskRun run, Subtask st, SubtaskResult res) {
        for (ChunkMeta m : res.outputs()) {
            run.location.put(m.key(), res.workerId());
            run.bytes.put(m.key(), m.nbytes());
        }
        meta.put(run.sessionId, res.outputs());
        if (!st.inputs().isEmpty()) {
            lifecycle.decref(run.sessionId, st.inputs());
        }
        run.listener.subtaskFinished(res);
        for (int s : run.graph.successors()[st.id()]) {
            if (--run.pending[s] == 0) {
                enqueue(run, s);
            }
        }
        if (--run.remaining == 0) {
            runs.remove(run.taskId);
            run.done.complete(null);
        }
    }

    private void fail(TaskRun run, MarsException e) {
        run.failure = e;
        if (run.running == 0) {
            runs.remove(run.taskId);
            run.done.completeExceptionally(e);
        }
    }

    @Override
    public void close() {
        actor.close();
    }
}
