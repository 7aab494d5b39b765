package io.mars.am.services.scheduling.internal;

import io.mars.am.services.cluster.ClusterListener;
import io.mars.am.services.cluster.ClusterService;
import io.mars.am.services.lifecycle.LifecycleService;
import io.mars.am.services.meta.MetaService;
import io.mars.am.services.scheduling.SchedulingConfig;
import io.mars.am.services.scheduling.SchedulingListener;
import io.mars.am.services.scheduling.SchedulingService;
import io.mars.am.services.scheduling.WorkerLoad;
import io.mars.common.concurrent.Actor;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.ErrorKind;
import io.mars.common.error.MarsException;
import io.mars.common.error.MissingChunkException;
import io.mars.common.graph.Subtask;
import io.mars.common.graph.SubtaskGraph;
import io.mars.common.rpc.ChunkMeta;
import io.mars.common.rpc.SubtaskResult;
import io.mars.common.rpc.WorkerGateway;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The scheduler, all state on one actor. Each worker has a ready queue ordered by (task age, depth-first priority)
 * and a number of free slots. A subtask that becomes ready joins the queue of the worker holding most of its input
 * bytes (leaves: the worker their spread position maps to). A worker with a free slot and an empty queue steals the
 * most urgent entry of the longest other queue.
 *
 * <p>Admission by memory. Each subtask carries an estimate of its working memory ({@link Subtask#workingBytes()}, what
 * the worker reserves before running it), and each worker offers a budget when it registers
 * ({@link WorkerGateway#memoryBytes()}: its storage's hard limit). A worker starts the head of its queue only if the
 * estimates of the subtasks running there plus the head's fit the budget; otherwise it starts nothing until enough of
 * them finish (no smaller subtask overtakes the head, so a large one is not starved). An idle worker always starts its
 * head, so a subtask larger than every budget runs alone and nothing deadlocks. A steal takes the victim's head only
 * if it fits the thief the same way.
 *
 * <p>Lost workers. When a worker leaves the cluster (its container ended, its heartbeats stopped, or it stopped
 * answering), its queue goes to the others, the subtasks running on it run again elsewhere, and every chunk it held
 * is gone. A chunk still needed — an input of a subtask that has not finished, or one of the task's results — is
 * recomputed by running its producer again, and so on up the lineage as far as inputs are gone too (lost, or
 * already deleted because all their readers had finished). A rerun producer takes its input references again, since
 * it gives them back when it finishes. Inputs stored by an earlier task have no producer in this graph: losing one
 * fails the task's stage with {@code CHUNK_LOST}, and the task manager tiles the stage again computing them. A subtask that failed with a transport error, or because a worker holding
 * an input was lost, is retried after the workers involved are probed; one that does not answer is dropped from the
 * cluster. No subtask runs more than {@link SchedulingConfig#maxAttempts()} times.
 *
 * <p>Lost chunks on live workers. A subtask failing with a {@link MissingChunkException} (a worker found an input's
 * spill file corrupted, or does not hold an input it was expected to) names the chunk and the worker: that copy is
 * forgotten (here and in meta) and, when no other worker keeps a copy, the chunk is treated as lost with a worker:
 * its producer runs again (up the lineage as needed), then the failed subtask.
 *
 * <p>Copies. Workers keep the inputs they fetched from other workers; the copies a subtask kept are recorded in meta as
 * more locations, and a chunk whose holder is lost (or found corrupted) is read from a copy instead of recomputed.
 */
public final class DepthFirstScheduler implements SchedulingService, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(DepthFirstScheduler.class);
    private static final long PROBE_TIMEOUT_MS = 5000;
    private final Actor actor = new Actor("mars-scheduling");
    private final ClusterService cluster;
    private final MetaService meta;
    private final LifecycleService lifecycle;
    private final SchedulingConfig config;
    private final Map<String, WorkerSlots> workers = new HashMap<>();
    private final List<WorkerSlots> workerList = new ArrayList<>();
    private final Map<String, TaskRun> runs = new HashMap<>();
    /** Ready subtasks waiting for a worker to join (on YARN, tasks may come before worker containers). */
    private final List<Ready> parked = new ArrayList<>();
    private long taskSequence;

    public DepthFirstScheduler(ClusterService cluster, MetaService meta, LifecycleService lifecycle) {
        this(cluster, meta, lifecycle, SchedulingConfig.defaults());
    }

    public DepthFirstScheduler(ClusterService cluster, MetaService meta, LifecycleService lifecycle,
                               SchedulingConfig config) {
        this.cluster = cluster;
        this.meta = meta;
        this.lifecycle = lifecycle;
        this.config = config;
        cluster.addListener(new ClusterListener() {
            @Override
            public void workerAdded(WorkerGateway worker) {
                actor.execute(() -> {
                    refreshWorkers();
                    List<Ready> waiting = new ArrayList<>(parked);
                    parked.clear();
                    waiting.forEach(r -> place(r));
                    dispatch();
                });
            }

            @Override
            public void workerLost(String workerId, String reason) {
                actor.execute(() -> lost(workerId, reason));
            }
        });
    }

    private enum State { WAITING, QUEUED, RUNNING, DONE }

    private static final class WorkerSlots {
        final WorkerGateway gateway;
        final PriorityQueue<Ready> queue = new PriorityQueue<>();
        final long budget;
        int free;
        int running;
        long admitted;
        long peakAdmitted;
        int peakRunning;
        long oversized;

        WorkerSlots(WorkerGateway gateway) {
            this.gateway = gateway;
            this.free = gateway.slots();
            this.budget = gateway.memoryBytes();
        }

        /** Whether a subtask with this working-memory estimate may start here now. */
        boolean admits(long estimate) {
            return running == 0 || admitted + estimate <= budget;
        }

        void started(long estimate) {
            free--;
            running++;
            admitted += estimate;
            peakRunning = Math.max(peakRunning, running);
            if (estimate > budget) {
                oversized++; // alone on an idle worker: admits() keeps every other subtask out until it ends
            } else {
                peakAdmitted = Math.max(peakAdmitted, admitted);
            }
        }

        void ended(long estimate) {
            free++;
            running--;
            admitted -= estimate;
        }
    }

    /** A queue entry; stale once its subtask's generation moved on (it was requeued or reverted meanwhile). */
    private record Ready(TaskRun run, int subtask, int priority, int generation) implements Comparable<Ready> {
        @Override
        public int compareTo(Ready o) {
            int c = Long.compare(run.sequence, o.run.sequence);
            return c != 0 ? c : Integer.compare(priority, o.priority);
        }

        boolean live() {
            return run.failure == null && run.state[subtask] == State.QUEUED && run.generation[subtask] == generation;
        }
    }

    private static final class TaskRun {
        final String sessionId;
        final String taskId;
        final long sequence;
        final SubtaskGraph graph;
        final SchedulingListener listener;
        final Set<String> results;
        final int[] pending;
        final State[] state;
        final int[] generation;
        final int[] attempts;
        final String[] runningOn;
        /** Each subtask's working-memory estimate, by which workers admit it. */
        final long[] estimate;
        final Map<String, String> location;
        /** Workers keeping copies of a chunk besides its {@link #location}. */
        final Map<String, Set<String>> copies = new HashMap<>();
        final Map<String, Long> bytes = new HashMap<>();
        /** The subtask of this graph storing each chunk it produces. */
        final Map<String, Integer> producer = new HashMap<>();
        /** How many subtasks read each chunk, and how many of them finished and gave their reference back. */
        final Map<String, Integer> readers = new HashMap<>();
        final Map<String, Integer> released = new HashMap<>();
        /** Chunks of this graph that no longer exist: lost with their worker, or deleted once every reader finished. */
        final Set<String> gone = new HashSet<>();
        /** The reference release that deleted each chunk; a rerun storing it again waits for the delete to finish. */
        final Map<String, CompletableFuture<Void>> releasing = new HashMap<>();
        final CompletableFuture<Void> done = new CompletableFuture<>();
        int remaining;
        int running;
        MarsException failure;

        TaskRun(String sessionId, String taskId, long sequence, SubtaskGraph graph, Map<String, String> stored,
                Set<String> results, SchedulingListener listener) {
            this.sessionId = sessionId;
            this.taskId = taskId;
            this.sequence = sequence;
            this.graph = graph;
            this.listener = listener;
            this.results = Set.copyOf(results);
            this.location = new HashMap<>(stored);
            int n = graph.size();
            this.pending = new int[n];
            this.state = new State[n];
            this.generation = new int[n];
            this.attempts = new int[n];
            this.runningOn = new String[n];
            this.estimate = new long[n];
            Arrays.fill(state, State.WAITING);
            for (int i = 0; i < n; i++) {
                estimate[i] = graph.subtasks().get(i).workingBytes();
                pending[i] = graph.predecessors()[i].length;
                Subtask st = graph.subtasks().get(i);
                for (String out : st.outputs()) {
                    producer.put(out, i);
                }
                for (String in : st.inputs()) {
                    readers.merge(in, 1, Integer::sum);
                }
            }
            this.remaining = n;
        }

        Subtask subtask(int id) {
            return graph.subtasks().get(id);
        }
    }

    @Override
    public CompletableFuture<Void> submit(String sessionId, String taskId, SubtaskGraph graph,
                                          Map<String, String> storedLocations, Set<String> resultKeys,
                                          SchedulingListener listener) {
        return actor.compose(() -> {
            refreshWorkers();
            TaskRun run = new TaskRun(sessionId, taskId, taskSequence++, graph, storedLocations, resultKeys, listener);
            if (run.remaining == 0) {
                run.done.complete(null);
                return run.done;
            }
            for (Subtask st : graph.subtasks()) {
                for (String in : st.inputs()) {
                    if (!run.producer.containsKey(in) && !storedInputLive(run, in)) {
                        run.failure = storedChunkLost(run, in);
                        run.done.completeExceptionally(run.failure);
                        return run.done;
                    }
                }
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
        run.state[id] = State.QUEUED;
        place(new Ready(run, id, run.subtask(id).priority(), ++run.generation[id]));
    }

    private void place(Ready r) {
        if (!r.live()) {
            return;
        }
        if (workerList.isEmpty()) {
            parked.add(r);
            return;
        }
        preferredWorker(r.run, r.subtask).queue.add(r);
    }

    private WorkerSlots preferredWorker(TaskRun run, int id) {
        Subtask st = run.subtask(id);
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

    /**
     * The worker's own most urgent live entry, else one stolen from the longest queue; null when there is none, or
     * when it does not fit the worker's memory budget beside what runs there.
     */
    private Ready next(WorkerSlots w) {
        Ready r = peekLive(w.queue);
        if (r != null) {
            return w.admits(r.run.estimate[r.subtask]) ? w.queue.poll() : null;
        }
        WorkerSlots victim = null;
        for (WorkerSlots o : workerList) {
            if (o != w && !o.queue.isEmpty() && (victim == null || o.queue.size() > victim.queue.size())) {
                victim = o;
            }
        }
        if (victim == null) {
            return null;
        }
        Ready s = peekLive(victim.queue);
        return s != null && w.admits(s.run.estimate[s.subtask]) ? victim.queue.poll() : null;
    }

    /** The queue's most urgent live entry, left in place; stale entries before it are dropped. */
    private static Ready peekLive(PriorityQueue<Ready> q) {
        Ready r;
        while ((r = q.peek()) != null && !r.live()) {
            q.poll();
        }
        return r;
    }

    private void launch(WorkerSlots w, Ready r) {
        TaskRun run = r.run;
        int id = r.subtask;
        Subtask st = run.subtask(id);
        Map<String, String> locations = new HashMap<>(st.inputs().size() * 2);
        for (String key : st.inputs()) {
            String loc = run.location.get(key);
            if (loc != null) {
                locations.put(key, loc);
            }
        }
        w.started(run.estimate[id]);
        run.running++;
        run.state[id] = State.RUNNING;
        run.runningOn[id] = w.gateway.workerId();
        run.attempts[id]++;
        int generation = run.generation[id];
        run.listener.subtaskDispatched(id, w.gateway.workerId(), System.nanoTime());
        CompletableFuture<SubtaskResult> f;
        try {
            f = w.gateway.runSubtask(run.sessionId, st, locations);
        } catch (RuntimeException e) {
            f = CompletableFuture.failedFuture(e);
        }
        f.whenComplete((res, err) -> actor.execute(() -> finished(w, run, id, generation, res, err)));
    }

    private void finished(WorkerSlots w, TaskRun run, int id, int generation, SubtaskResult res, Throwable err) {
        w.ended(run.estimate[id]);
        if (run.generation[id] != generation || run.state[id] != State.RUNNING) {
            // this attempt was given up when its worker was lost; the subtask runs (or ran) again elsewhere
            dispatch();
            return;
        }
        run.running--;
        Subtask st = run.subtask(id);
        String workerId = w.gateway.workerId();
        if (err != null) {
            MarsException cause = MarsException.wrap(err);
            if (run.failure == null && cause instanceof MissingChunkException missing
                    && run.attempts[id] < config.maxAttempts()) {
                run.state[id] = State.WAITING;
                run.generation[id]++;
                run.listener.subtaskRetried(id, workerId, cause);
                LOG.warn("subtask {} of task {} failed on {} (attempt {} of {}): chunks missing (key=worker) {};"
                        + " forgetting those copies and recomputing what is gone: {}", id, run.taskId, workerId,
                        run.attempts[id], config.maxAttempts(), missing.chunks(), cause.getMessage());
                chunkMissing(run, missing);
            } else if (run.failure == null && retryable(cause) && run.attempts[id] < config.maxAttempts()) {
                run.state[id] = State.WAITING;
                run.generation[id]++;
                run.listener.subtaskRetried(id, workerId, cause);
                LOG.warn("subtask {} of task {} failed on {} (attempt {} of {}), probing the workers involved before "
                        + "it runs again: {}", id, run.taskId, workerId, run.attempts[id], config.maxAttempts(),
                        cause.getMessage());
                probeThenReconcile(run, workerId, st);
            } else {
                run.state[id] = State.WAITING;
                run.listener.subtaskFailed(id, workerId, err);
                if (run.failure == null && cause instanceof MissingChunkException missing) {
                    fail(run, new MarsException(ErrorCode.CHUNK_LOST, "subtask " + id + " of task " + run.taskId
                            + " could not read chunk " + missing.chunkKey() + " (missing on worker "
                            + missing.workerId() + ")" + attemptsNote(run, id) + "; it was recomputed as often as "
                            + "mars.subtask.max-attempts allows and cannot be recomputed again: " + cause.getMessage(),
                            cause));
                } else if (run.failure == null) {
                    fail(run, cause.kind() == ErrorKind.INTERNAL && cause.code() != ErrorCode.SUBTASK_FAILED
                            ? new MarsException(ErrorCode.SUBTASK_FAILED, "subtask " + id + " of task " + run.taskId
                            + " failed on " + workerId + attemptsNote(run, id) + ": " + cause.getMessage(), cause)
                            : cause);
                }
            }
        } else if (run.failure != null) {
            // the task failed meanwhile: record where the outputs are, so that the references the task gives back
            // (its readers' and its results') delete them
            run.state[id] = State.DONE;
            meta.put(run.sessionId, res.outputs());
        } else {
            succeeded(run, id, res);
        }
        if (run.failure != null && run.running == 0) {
            finish(run);
        }
        dispatch();
    }

    private String attemptsNote(TaskRun run, int id) {
        return run.attempts[id] > 1 ? " (attempt " + run.attempts[id] + " of " + config.maxAttempts() + ")" : "";
    }

    /**
     * Failures a rerun can fix after probing: a worker that went away, or an input that went with it. (A chunk a live
     * worker lost names itself in a {@link MissingChunkException}, handled by {@link #chunkMissing}.)
     */
    private static boolean retryable(MarsException e) {
        return e.code() == ErrorCode.WORKER_LOST || e.code() == ErrorCode.RPC_FAILED;
    }

    private void succeeded(TaskRun run, int id, SubtaskResult res) {
        Subtask st = run.subtask(id);
        run.state[id] = State.DONE;
        for (ChunkMeta m : res.outputs()) {
            run.location.put(m.key(), res.workerId());
            run.bytes.put(m.key(), m.nbytes());
            run.gone.remove(m.key());
            run.releasing.remove(m.key());
            run.copies.remove(m.key());
        }
        for (ChunkMeta m : res.copies()) {
            if (!res.workerId().equals(run.location.get(m.key()))) {
                run.copies.computeIfAbsent(m.key(), k -> new HashSet<>()).add(res.workerId());
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
            CompletableFuture<Void> release = lifecycle.decref(run.sessionId, st.inputs());
            for (String in : st.inputs()) {
                int n = run.released.merge(in, 1, Integer::sum);
                if (n >= run.readers.getOrDefault(in, 0) && !run.results.contains(in) && run.producer.containsKey(in)) {
                    // every reader finished: the lifecycle deletes it
                    run.gone.add(in);
                    run.releasing.put(in, release);
                }
            }
        }
        run.listener.subtaskFinished(res);
        for (int s : run.graph.successors()[id]) {
            if (run.state[s] == State.WAITING && --run.pending[s] == 0) {
                enqueue(run, s);
            }
        }
        if (--run.remaining == 0) {
            runs.remove(run.taskId);
            run.done.complete(null);
        }
    }

    /** A worker left the cluster: its queue moves, its running subtasks run again, its chunks are recomputed. */
    private void lost(String workerId, String reason) {
        WorkerSlots ws = workers.remove(workerId);
        if (ws != null) {
            workerList.remove(ws);
        }
        MarsException cause = new MarsException(ErrorCode.WORKER_LOST, "worker " + workerId + " was lost: " + reason);
        for (TaskRun run : List.copyOf(runs.values())) {
            if (run.failure != null) {
                // they will not answer: count them as ended so the failed task can end
                abandonRunningOn(run, workerId);
                if (run.running == 0) {
                    finish(run);
                }
                continue;
            }
            boolean touched = false;
            for (Set<String> holders : run.copies.values()) {
                holders.remove(workerId);
            }
            for (var it = run.location.entrySet().iterator(); it.hasNext(); ) {
                Map.Entry<String, String> e = it.next();
                if (e.getValue().equals(workerId)) {
                    String copy = liveCopy(run, e.getKey());
                    if (copy != null) {
                        e.setValue(copy);
                        continue;
                    }
                    it.remove();
                    run.gone.add(e.getKey());
                    touched = true;
                }
            }
            for (int i : abandonRunningOn(run, workerId)) {
                run.listener.subtaskRetried(i, workerId, cause);
                touched = true;
            }
            for (int i = 0; i < run.state.length && !touched; i++) {
                touched = run.state[i] == State.QUEUED && ws != null;
            }
            if (touched) {
                LOG.warn("task {}: worker {} lost ({}); rerunning what it ran and held", run.taskId, workerId, reason);
                reconcile(run);
            }
        }
        if (ws != null) {
            // what stays queued there is live elsewhere: move it
            for (Ready r : ws.queue) {
                place(r);
            }
            ws.queue.clear();
        }
        dispatch();
    }

    /** A live worker keeping a copy of {@code key} (taken out of the copies: it becomes the location), or null. */
    private String liveCopy(TaskRun run, String key) {
        Set<String> holders = run.copies.get(key);
        if (holders == null) {
            return null;
        }
        String found = null;
        for (var it = holders.iterator(); it.hasNext() && found == null; ) {
            String w = it.next();
            it.remove();
            if (cluster.isMember(w)) {
                found = w;
            }
        }
        if (holders.isEmpty()) {
            run.copies.remove(key);
        }
        return found;
    }

    /**
     * A live worker does not have a chunk it was expected to hold (its spill file was corrupted, or it is not there):
     * forgets that copy here and in meta, reads the chunk from another copy if one is kept, else counts it as gone,
     * and reconciles the task (which reruns its producer, or fails the stage when an earlier task stored it). Meta is
     * told first, so that a task manager reacting to the failure sees the copy gone.
     */
    private void chunkMissing(TaskRun run, MissingChunkException missing) {
        missing.chunks().forEach((key, holder) -> {
            meta.dropLocation(run.sessionId, key, holder);
            Set<String> holders = run.copies.get(key);
            if (holders != null) {
                holders.remove(holder);
            }
            if (holder.equals(run.location.get(key))) {
                String copy = liveCopy(run, key);
                if (copy != null) {
                    run.location.put(key, copy);
                } else {
                    run.location.remove(key);
                    if (run.producer.containsKey(key)) {
                        run.gone.add(key);
                    }
                }
            }
        });
        reconcile(run);
        dispatch();
    }

    /** Gives up the attempts running on a lost worker (it will not answer them): they wait to run again. */
    private static List<Integer> abandonRunningOn(TaskRun run, String workerId) {
        List<Integer> abandoned = new ArrayList<>();
        for (int i = 0; i < run.state.length; i++) {
            if (run.state[i] == State.RUNNING && workerId.equals(run.runningOn[i])) {
                run.state[i] = State.WAITING;
                run.generation[i]++;
                run.running--;
                abandoned.add(i);
            }
        }
        return abandoned;
    }

    /**
     * Asks the worker that ran the failed subtask, and the workers holding its inputs, whether they still answer;
     * drops those that do not (which reverts what they held), then schedules the subtask again.
     */
    private void probeThenReconcile(TaskRun run, String workerId, Subtask st) {
        Set<String> involved = new LinkedHashSet<>();
        involved.add(workerId);
        for (String in : st.inputs()) {
            String loc = run.location.get(in);
            if (loc != null) {
                involved.add(loc);
            }
        }
        List<CompletableFuture<?>> probes = new ArrayList<>();
        for (String id : involved) {
            WorkerSlots ws = workers.get(id);
            if (ws == null) {
                continue;
            }
            CompletableFuture<Long> probe;
            try {
                probe = ws.gateway.storedBytes().orTimeout(PROBE_TIMEOUT_MS, TimeUnit.MILLISECONDS);
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
        CompletableFuture.allOf(probes.toArray(CompletableFuture[]::new)).whenComplete((v, e) -> actor.execute(() -> {
            // the lost-worker events of dropped workers ran first (the cluster notifies before this completes)
            if (runs.get(run.taskId) == run && run.failure == null) {
                reconcile(run);
                dispatch();
            } else if (run.failure != null && run.running == 0) {
                finish(run);
            }
        }));
    }

    /**
     * Brings a task back to a runnable state after chunks were lost: reverts finished producers of every chunk still
     * needed that is gone (up the lineage), recomputes what each waiting subtask waits for, and queues those that are
     * ready.
     */
    private void reconcile(TaskRun run) {
        Deque<Integer> check = new ArrayDeque<>();
        for (int i = 0; i < run.state.length; i++) {
            if (run.state[i] == State.WAITING || run.state[i] == State.QUEUED) {
                check.add(i);
            }
        }
        Set<Integer> reverted = new HashSet<>();
        for (String k : run.results) {
            Integer p = run.producer.get(k);
            if (p != null && run.state[p] == State.DONE && run.gone.contains(k)) {
                revert(run, p);
                reverted.add(p);
                check.add(p);
            }
        }
        while (!check.isEmpty()) {
            int s = check.poll();
            for (String in : run.subtask(s).inputs()) {
                Integer p = run.producer.get(in);
                if (p == null) {
                    if (!storedInputLive(run, in)) {
                        fail(run, storedChunkLost(run, in));
                        return;
                    }
                } else if (run.state[p] == State.DONE && run.gone.contains(in)) {
                    revert(run, p);
                    reverted.add(p);
                    check.add(p);
                }
            }
        }
        List<String> increfs = new ArrayList<>();
        for (int p : reverted) {
            // it gives its input references back when it finishes again, so it takes them again
            increfs.addAll(run.subtask(p).inputs());
            for (String in : run.subtask(p).inputs()) {
                run.released.merge(in, -1, Integer::sum);
            }
        }
        if (!increfs.isEmpty()) {
            lifecycle.incref(run.sessionId, increfs);
        }
        for (int s = 0; s < run.state.length; s++) {
            if (run.state[s] != State.WAITING && run.state[s] != State.QUEUED) {
                continue;
            }
            int waitingFor = 0;
            for (int p : run.graph.predecessors()[s]) {
                if (run.state[p] != State.DONE) {
                    waitingFor++;
                }
            }
            run.pending[s] = waitingFor;
            if (run.state[s] == State.QUEUED && waitingFor > 0) {
                run.state[s] = State.WAITING;
                run.generation[s]++;
            } else if (run.state[s] == State.WAITING && waitingFor == 0) {
                enqueueAfterDeletes(run, s);
            }
        }
    }

    private boolean storedInputLive(TaskRun run, String key) {
        String loc = run.location.get(key);
        return loc != null && cluster.isMember(loc);
    }

    private static MarsException storedChunkLost(TaskRun run, String key) {
        return new MarsException(ErrorCode.CHUNK_LOST, "chunk " + key + ", stored by an earlier task of session "
                + run.sessionId + ", was lost (with its worker, or its spill file was corrupted); task " + run.taskId
                + " cannot recompute it (its lineage belongs to the earlier task): execute the tileable that produced"
                + " it again");
    }

    /** A finished subtask runs again: its outputs are needed and gone. */
    private void revert(TaskRun run, int id) {
        run.state[id] = State.WAITING;
        run.generation[id]++;
        run.remaining++;
        run.listener.subtaskReverted(id);
    }

    /**
     * Queues a subtask once the deletes of its outputs' earlier copies (released when all readers had finished) are
     * done, so that a late delete cannot remove the recomputed chunk.
     */
    private void enqueueAfterDeletes(TaskRun run, int id) {
        List<CompletableFuture<Void>> deletes = new ArrayList<>();
        for (String out : run.subtask(id).outputs()) {
            CompletableFuture<Void> d = run.releasing.remove(out);
            if (d != null && !d.isDone()) {
                deletes.add(d);
            }
        }
        if (deletes.isEmpty()) {
            enqueue(run, id);
            return;
        }
        run.state[id] = State.QUEUED;
        int generation = ++run.generation[id];
        CompletableFuture.allOf(deletes.toArray(CompletableFuture[]::new)).whenComplete((v, e) -> actor.execute(() -> {
            if (run.state[id] == State.QUEUED && run.generation[id] == generation && run.failure == null) {
                enqueue(run, id);
                dispatch();
            }
        }));
    }

    private void fail(TaskRun run, MarsException e) {
        run.failure = e;
        if (run.running == 0) {
            finish(run);
        }
    }

    private void finish(TaskRun run) {
        runs.remove(run.taskId, run);
        run.done.completeExceptionally(run.failure);
    }

    @Override
    public CompletableFuture<List<WorkerLoad>> workerLoads() {
        return actor.call(() -> {
            refreshWorkers();
            List<WorkerLoad> loads = new ArrayList<>(workerList.size());
            for (WorkerSlots w : workerList) {
                loads.add(new WorkerLoad(w.gateway.workerId(), w.budget, w.admitted, w.peakAdmitted, w.peakRunning,
                        w.oversized));
            }
            return loads;
        });
    }

    @Override
    public void close() {
        actor.close();
    }
}
