package io.mars.am.services.task.internal;

import io.mars.am.services.lifecycle.LifecycleService;
import io.mars.am.services.meta.MetaService;
import io.mars.am.services.scheduling.SchedulingListener;
import io.mars.am.services.task.TaskEvents;
import io.mars.am.services.scheduling.SchedulingService;
import io.mars.am.services.session.SessionService;
import io.mars.am.services.task.SubtaskCounts;
import io.mars.am.services.task.TaskService;
import io.mars.am.services.task.TaskStatus;
import io.mars.common.concurrent.Actor;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.graph.ChunkNode;
import io.mars.common.graph.MemoryEstimate;
import io.mars.common.graph.Subtask;
import io.mars.common.graph.SubtaskGraph;
import io.mars.common.graph.SubtaskList;
import io.mars.common.graph.TileableGraph;
import io.mars.common.graph.TiledTileable;
import io.mars.common.graph.TiledTileables;
import io.mars.common.model.Keys;
import io.mars.common.operand.chunk.ChunkFetch;
import io.mars.common.optimize.ColumnPruning;
import io.mars.common.optimize.ParquetFilterPushdown;
import io.mars.common.optimize.Fusion;
import io.mars.common.rpc.ChunkMeta;
import io.mars.common.rpc.SubtaskResult;
import io.mars.common.rpc.TaskInfo;
import io.mars.common.rpc.TaskState;
import io.mars.common.tiling.TilerRegistry;
import io.mars.common.tiling.Tiling;
import io.mars.common.tiling.TilingConfig;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs tasks on the task actor: checks the targets of the graph's file outputs, tiles the graph (reusing the
 * session's stored tileables), fuses it into subtasks, takes chunk references (one per reading subtask, one per
 * result for the task's duration), hands the subtasks to scheduling, and at the end stores the results in the session
 * or, on failure, gives every reference back and removes what unfinished writes left. When
 * tiling needs lengths known only after computing, the task runs in stages, each stage's results held until the end.
 */
public final class TaskManager implements TaskService, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(TaskManager.class);
    private final Actor actor = new Actor("mars-task");
    private final SessionService sessions;
    private final SchedulingService scheduling;
    private final LifecycleService lifecycle;
    private final MetaService meta;
    private final TilerRegistry tilers;
    private final Map<String, String> clusterConf;
    private final Map<String, Task> tasks = new LinkedHashMap<>();
    private final TaskEvents events;
    /**
     * Sessions a new AM attempt recovered: their tasks may find chunks already computed by the last attempt, held by
     * workers that outlived it.
     */
    private final Set<String> recoveredSessions = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /**
     * The most bytes one subtask may hold: the smallest worker's memory budget (MAX_VALUE: unbounded), once a worker
     * is known; a task is tiled when it is.
     */
    private final Supplier<CompletableFuture<Long>> memoryBudget;

    public TaskManager(SessionService sessions, SchedulingService scheduling, LifecycleService lifecycle,
                       MetaService meta, TilerRegistry tilers, Map<String, String> clusterConf) {
        this(sessions, scheduling, lifecycle, meta, tilers, clusterConf,
                () -> CompletableFuture.completedFuture(Long.MAX_VALUE));
    }

    public TaskManager(SessionService sessions, SchedulingService scheduling, LifecycleService lifecycle,
                       MetaService meta, TilerRegistry tilers, Map<String, String> clusterConf,
                       Supplier<CompletableFuture<Long>> memoryBudget) {
        this(sessions, scheduling, lifecycle, meta, tilers, clusterConf, memoryBudget, TaskEvents.NONE);
    }

    /** A task manager that tells {@code events} of every subtask run and every task's end. */
    public TaskManager(SessionService sessions, SchedulingService scheduling, LifecycleService lifecycle,
                       MetaService meta, TilerRegistry tilers, Map<String, String> clusterConf,
                       Supplier<CompletableFuture<Long>> memoryBudget, TaskEvents events) {
        this.events = events;
        this.memoryBudget = memoryBudget;
        this.sessions = sessions;
        this.scheduling = scheduling;
        this.lifecycle = lifecycle;
        this.meta = meta;
        this.tilers = tilers;
        this.clusterConf = Map.copyOf(clusterConf);
    }

    private static final class Task {
        final String id;
        final String sessionId;
        final long submitted;
        final CompletableFuture<TaskInfo> finished = new CompletableFuture<>();
        TaskState state = TaskState.PENDING;
        int chunks;
        int subtasks;
        int done;
        int running;
        int failed;
        int reruns;
        int stages;
        long tiled;
        volatile long firstRunning;
        long end;
        MarsException error;
        String schedulingId;
        /** Cancel was asked: no further stage starts (the running one, if any, is cancelled in the scheduler). */
        volatile boolean cancelRequested;
        /**
         * The tileable graph's nodes, and per node its subtasks by state (the web UI's task graph). Only the names: a
         * node's operand may hold a user's data, which the task must not keep alive. Volatile: the scheduler's
         * listener thread reads it to name a subtask's tileable.
         */
        volatile List<io.mars.am.services.task.TaskGraph.Node> nodes = List.of();
        Map<String, Integer> nodeIndex = Map.of();
        int[] nodeTotal = new int[0];
        int[] nodeRunning = new int[0];
        int[] nodeDone = new int[0];
        int[] nodeFailed = new int[0];
        int[] nodeReruns = new int[0];

        void graph(TileableGraph graph) {
            List<io.mars.am.services.task.TaskGraph.Node> named = new ArrayList<>();
            SubtaskCounts none = new SubtaskCounts(0, 0, 0, 0, 0);
            for (io.mars.common.graph.TileableNode n : graph.nodes()) {
                named.add(new io.mars.am.services.task.TaskGraph.Node(n.key(), n.op().wireName(), n.inputs(), none));
            }
            nodes = List.copyOf(named);
            Map<String, Integer> index = new HashMap<>();
            for (int i = 0; i < nodes.size(); i++) {
                index.put(nodes.get(i).key(), i);
            }
            nodeIndex = index;
            int n = nodes.size();
            nodeTotal = new int[n];
            nodeRunning = new int[n];
            nodeDone = new int[n];
            nodeFailed = new int[n];
            nodeReruns = new int[n];
        }

        /** For each subtask of a stage, the index of the tileable its output chunk was made for, or -1. */
        int[] nodesOf(SubtaskGraph subtasks, io.mars.common.tiling.ChunkOrigins origins) {
            int[] of = new int[subtasks.size()];
            for (int i = 0; i < of.length; i++) {
                List<ChunkNode> chunks = subtasks.subtasks().get(i).chunks();
                String key = chunks.isEmpty() ? null : origins.tileableOf(chunks.get(chunks.size() - 1).serial());
                Integer node = key == null ? null : nodeIndex.get(key);
                of[i] = node == null ? -1 : node;
                if (of[i] >= 0) {
                    nodeTotal[of[i]]++;
                }
            }
            return of;
        }

        static void add(int[] counts, int[] nodeOf, int subtask, int delta) {
            int node = subtask >= 0 && subtask < nodeOf.length ? nodeOf[subtask] : -1;
            if (node >= 0) {
                counts[node] += delta;
            }
        }

        io.mars.am.services.task.TaskGraph taskGraph() {
            List<io.mars.am.services.task.TaskGraph.Node> out = new ArrayList<>(nodes.size());
            for (int i = 0; i < nodes.size(); i++) {
                io.mars.am.services.task.TaskGraph.Node n = nodes.get(i);
                int now = state.isTerminal() ? 0 : Math.max(0, nodeRunning[i]);
                int pending = Math.max(0, nodeTotal[i] - nodeDone[i] - nodeFailed[i] - now);
                out.add(new io.mars.am.services.task.TaskGraph.Node(n.key(), n.operand(), n.inputs(),
                        new SubtaskCounts(pending, now, Math.max(0, nodeDone[i]), nodeFailed[i], nodeReruns[i])));
            }
            return new io.mars.am.services.task.TaskGraph(id, out);
        }

        Task(String id, String sessionId, long submitted) {
            this.id = id;
            this.sessionId = sessionId;
            this.submitted = submitted;
        }

        TaskInfo info() {
            return new TaskInfo(id, sessionId, state, chunks, subtasks, done, submitted, tiled, firstRunning, end,
                    error == null ? null : error.code().name(), error == null ? null : error.getMessage());
        }

        TaskStatus status() {
            int now = state.isTerminal() ? 0 : running;
            int pending = Math.max(0, subtasks - done - failed - now);
            return new TaskStatus(info(), new SubtaskCounts(pending, now, done, failed, reruns), stages);
        }

        void move(TaskState next) {
            state = state.moveTo(next);
        }
    }

    @Override
    public CompletableFuture<String> submit(String sessionId, TileableGraph graph) {
        long submitted = System.nanoTime();
        return sessions.snapshot(sessionId).thenApplyAsync(snap -> {
            Task task = new Task(Keys.newKey("task"), sessionId, submitted);
            tasks.put(task.id, task);
            memoryBudget.get().whenCompleteAsync((budget, err) -> {
                if (err != null) {
                    end(task, MarsException.wrap(err));
                } else {
                    start(task, snap, graph, budget);
                }
            }, actor);
            return task.id;
        }, actor);
    }

    /** The state of a task across its stages: what earlier stages computed, and the references they hold. */
    private static final class Run {
        final Task task;
        final TileableGraph graph;
        final Tiling tiling;
        /** What one subtask may hold: the smallest worker's budget when the task started. */
        final long budget;
        final Map<String, TiledTileable> sessionStored;
        final Map<String, TiledTileable> stageResults = new HashMap<>();
        final List<String> heldRefs = new ArrayList<>();
        int stage;
        /** Whether results kept by earlier tasks were found lost and dropped once already (they are not twice). */
        boolean lostStoredDropped;
        /** Whether the running stage reads chunks an earlier AM attempt left on the workers ({@link HeldChunks}). */
        boolean stageResumed;
        /** A resumed stage found a held chunk gone: this task computes everything from now on. */
        boolean resumeOff;

        Run(Task task, TileableGraph graph, Tiling tiling, long budget, Map<String, TiledTileable> sessionStored) {
            this.task = task;
            this.graph = graph;
            this.tiling = tiling;
            this.budget = budget;
            this.sessionStored = new HashMap<>(sessionStored);
        }
    }

    private void start(Task task, SessionService.SessionSnapshot snap, TileableGraph graph, long budget) {
        if (task.cancelRequested) {
            end(task, cancelled(task));
            return;
        }
        Tiling tiling;
        try {
            task.move(TaskState.TILING);
            Map<String, String> conf = new HashMap<>(clusterConf);
            conf.putAll(snap.conf());
            tiling = new Tiling(tilers, TilingConfig.from(conf), budget);
        } catch (RuntimeException e) {
            end(task, MarsException.wrap(e));
            return;
        }
        TileableGraph optimized;
        try {
            optimized = ColumnPruning.prune(graph); // readers read only the columns the task uses
            // then a Parquet read's filter of comparisons with constants is done by the read itself
            optimized = ParquetFilterPushdown.push(optimized, snap.stored().keySet());
            tiling.checkOutputs(optimized, snap.stored()); // a write's target, before anything runs
        } catch (RuntimeException e) {
            end(task, MarsException.wrap(e));
            return;
        }
        task.graph(optimized);
        runStage(new Run(task, optimized, tiling, budget, snap.stored()));
    }

    private static MarsException outOfMemory(Task task, OutOfMemoryError e) {
        Runtime rt = Runtime.getRuntime();
        return new MarsException(ErrorCode.SUPERVISOR_OUT_OF_MEMORY, "the supervisor ran out of memory tiling task "
                + task.id + " (heap limit " + (rt.maxMemory() >> 20) + " MB, " + e.getMessage() + "): its chunk graph "
                + "is larger than the supervisor's heap holds; give the ApplicationMaster more memory (--am-memory, or "
                + "-Xmx of the JVM that runs the local cluster) or use larger chunks", e);
    }

    /**
     * Tiles as far as chunk lengths are known, runs that graph, and either stores the outputs (the last stage) or
     * keeps the stage's results and goes on with the next stage.
     */
    private void runStage(Run run) {
        Task task = run.task;
        if (task.cancelRequested) { // asked while tiling or between two stages: what earlier stages hold is given back
            failTask(run, List.of(), cancelled(task));
            return;
        }
        Tiling.Result tiled;
        try {
            Map<String, TiledTileable> stored = new HashMap<>(run.sessionStored);
            stored.putAll(run.stageResults);
            tiled = run.tiling.tile(run.graph, stored);
        } catch (RuntimeException | OutOfMemoryError e) {
            failTask(run, List.of(), e instanceof OutOfMemoryError oom ? outOfMemory(task, oom) : e);
            return;
        }
        run.stageResumed = false;
        if (!recoveredSessions.contains(task.sessionId) || run.resumeOff) {
            runTiled(run, tiled);
            return;
        }
        // a session a new AM attempt recovered: what workers that outlived the last attempt hold is not computed again
        Tiling.Result whole = tiled;
        meta.held(task.sessionId, HeldChunks.computed(whole.graph())).whenCompleteAsync((held, err) -> {
            if (err != null || held.isEmpty()) {
                runTiled(run, whole);
                return;
            }
            LOG.info("task {} stage {}: {} of its chunks are held by workers from an earlier AM attempt; they are read,"
                    + " not computed again", task.id, run.stage, held.size());
            Tiling.Result resumed;
            try {
                resumed = new Tiling.Result(HeldChunks.resume(whole.graph(), held), whole.outputs(), whole.complete(),
                        whole.origins());
                run.stageResumed = true;
            } catch (RuntimeException e) {
                LOG.warn("task {}: cannot resume from the held chunks ({}); computing them", task.id, e.toString());
                resumed = whole;
            }
            runTiled(run, resumed);
        }, actor);
    }

    /** Says that {@code sessionId} was recovered from an earlier AM attempt's state (see {@link HeldChunks}). */
    public void recovered(String sessionId) {
        recoveredSessions.add(sessionId);
    }

    private void runTiled(Run run, Tiling.Result tiled) {
        Task task = run.task;
        SubtaskGraph subtasks;
        try {
            subtasks = Fusion.fuse(tiled.graph(), run.budget);
            checkMemory(subtasks, run.budget);
        } catch (RuntimeException | OutOfMemoryError e) {
            // What tiling and fusion had made is unreachable once the error unwound their frames, so the heap has
            // room again to fail the task; without this catch the error ended the stage's thread and the task stayed
            // TILING for ever.
            failTask(run, List.of(), e instanceof OutOfMemoryError oom ? outOfMemory(task, oom) : e);
            return;
        }
        task.chunks += tiled.graph().nodes().size();
        task.subtasks += subtasks.size();
        int[] nodeOf = task.nodesOf(subtasks, tiled.origins());
        BitSet completed = new BitSet(subtasks.size());
        if (run.stage == 0) {
            task.tiled = System.nanoTime();
            task.move(TaskState.RUNNING);
        }
        String schedulingId = task.id + "#" + run.stage++;
        task.stages = run.stage;
        task.schedulingId = schedulingId;
        Set<String> storedInputs = new HashSet<>();
        Set<String> fetchKeys = new HashSet<>();
        for (ChunkNode c : tiled.graph().nodes()) {
            if (c.op() instanceof ChunkFetch) {
                fetchKeys.add(c.key());
            }
        }
        List<String> resultRefs = new ArrayList<>();
        for (TiledTileable t : tiled.outputs().values()) {
            for (ChunkNode c : t.chunks()) {
                resultRefs.add(c.key());
            }
        }
        // a reference per reading subtask, then one per result
        List<String> allRefs;
        if (subtasks.subtasks() instanceof SubtaskList list) {
            // the keys spelled out as the lifecycle reads them: a million strings made at once would be kept that long
            allRefs = concat(list.inputKeys(), resultRefs);
            if (!fetchKeys.isEmpty()) {
                for (int c = list.producedCount(); c < list.keyedCount(); c++) {
                    String in = list.keyed(c).key(); // read, not stored here
                    if (fetchKeys.contains(in)) {
                        storedInputs.add(in);
                    }
                }
            }
        } else {
            allRefs = new ArrayList<>();
            for (Subtask st : subtasks.subtasks()) {
                allRefs.addAll(st.inputs());
                for (String in : st.inputs()) {
                    if (fetchKeys.contains(in)) {
                        storedInputs.add(in);
                    }
                }
            }
            allRefs.addAll(resultRefs);
        }
        // what the rest of the stage needs of the tiling: not its chunk graph, which the subtasks hold anyway
        Map<String, TiledTileable> tiledOutputs = tiled.outputs();
        boolean complete = tiled.complete();
        int stageNumber = run.stage - 1; // as in the stage's scheduling id
        // when someone listens, the dispatch time of each running subtask (the scheduler calls from one thread)
        Map<Integer, Long> started = events.listening() ? new HashMap<>() : null;
        SchedulingListener listener = new SchedulingListener() {
            @Override
            public void subtaskDispatched(int subtaskId, String workerId, long nanos) {
                if (task.firstRunning == 0) {
                    task.firstRunning = nanos;
                }
                if (started != null) {
                    started.put(subtaskId, nanos);
                }
                actor.execute(() -> {
                    task.running++;
                    Task.add(task.nodeRunning, nodeOf, subtaskId, 1);
                });
            }

            private void ran(int subtaskId, String workerId, String outcome) {
                Long start = started == null ? null : started.remove(subtaskId);
                if (start != null) {
                    int node = subtaskId >= 0 && subtaskId < nodeOf.length ? nodeOf[subtaskId] : -1;
                    List<io.mars.am.services.task.TaskGraph.Node> nodes = task.nodes;
                    String tileable = node >= 0 && node < nodes.size() ? nodes.get(node).key() : "";
                    events.subtaskRan(task.id, stageNumber, subtaskId, tileable, workerId, start, System.nanoTime(),
                            outcome);
                }
            }

            @Override
            public void subtaskFinished(SubtaskResult result) {
                ran(result.subtaskId(), result.workerId(), "succeeded");
                actor.execute(() -> {
                    task.done++;
                    task.running--;
                    Task.add(task.nodeDone, nodeOf, result.subtaskId(), 1);
                    Task.add(task.nodeRunning, nodeOf, result.subtaskId(), -1);
                    completed.set(result.subtaskId());
                });
            }

            @Override
            public void subtaskFailed(int subtaskId, String workerId, Throwable error) {
                ran(subtaskId, workerId, "failed");
                actor.execute(() -> {
                    task.failed++;
                    task.running--;
                    Task.add(task.nodeFailed, nodeOf, subtaskId, 1);
                    Task.add(task.nodeRunning, nodeOf, subtaskId, -1);
                });
            }

            @Override
            public void subtaskRetried(int subtaskId, String workerId, Throwable cause) {
                ran(subtaskId, workerId, "retried");
                actor.execute(() -> {
                    task.running--;
                    task.reruns++;
                    Task.add(task.nodeRunning, nodeOf, subtaskId, -1);
                    Task.add(task.nodeReruns, nodeOf, subtaskId, 1);
                });
            }

            @Override
            public void subtaskReverted(int subtaskId) {
                actor.execute(() -> {
                    task.done--;
                    task.reruns++;
                    Task.add(task.nodeDone, nodeOf, subtaskId, -1);
                    Task.add(task.nodeReruns, nodeOf, subtaskId, 1);
                    completed.clear(subtaskId);
                });
            }
        };
        lifecycle.incref(task.sessionId, allRefs)
                .thenCompose(v -> meta.get(task.sessionId, List.copyOf(storedInputs)))
                .thenCompose(metas -> task.cancelRequested // asked before the scheduler knew the stage's id
                        ? CompletableFuture.<Void>failedFuture(cancelled(task))
                        : scheduling.submit(task.sessionId, schedulingId, subtasks, locations(metas),
                                Set.copyOf(resultRefs), listener))
                .thenCompose(v -> meta.get(task.sessionId, resultRefs))
                .whenCompleteAsync((metas, err) -> {
                    if (err != null) {
                        MarsException e = MarsException.wrap(err);
                        if (run.stageResumed && (e.code() == ErrorCode.CHUNK_LOST
                                || e.code() == ErrorCode.CHUNK_NOT_FOUND)) {
                            resumeFailed(run, subtasks, completed, resultRefs, e);
                        } else if (e.code() == ErrorCode.CHUNK_LOST && !run.lostStoredDropped
                                && !storedInputs.isEmpty()) {
                            recomputeLostStored(run, subtasks, completed, resultRefs, storedInputs, e);
                        } else {
                            failStage(run, subtasks, completed, resultRefs, err);
                        }
                        return;
                    }
                    Map<String, long[]> shapes = new HashMap<>();
                    for (ChunkMeta m : metas) {
                        shapes.put(m.key(), m.shape());
                    }
                    Map<String, TiledTileable> results = new HashMap<>();
                    try {
                        tiledOutputs.forEach((k, t) -> results.put(k, TiledTileables.asFetch(t, shapes)));
                    } catch (RuntimeException e) {
                        failStage(run, subtasks, completed, resultRefs, e);
                        return;
                    }
                    run.heldRefs.addAll(resultRefs);
                    if (complete) {
                        succeed(task, results, run.heldRefs);
                    } else {
                        run.stageResults.putAll(results);
                        runStage(run);
                    }
                }, actor);
    }

    /**
     * How many times the smallest worker's budget a subtask may hold when it runs alone: the budget is the hard limit
     * of the storage quota, by default under half the worker's data memory, and a subtask over the budget runs alone on
     * an idle worker with the rest as working room. Past this it cannot fit even alone.
     */
    static final int ALONE_FACTOR = 2;

    /**
     * Refuses, before anything runs, a stage with a subtask that would hold more memory at once than the smallest
     * worker can give one subtask running alone ({@link #ALONE_FACTOR} x its budget), when its size is known exactly
     * (tensor chunks): run, it could only run out of memory. The error names the chunk, its bytes, the budget and the
     * fixes.
     */
    static void checkMemory(SubtaskGraph subtasks, long budget) {
        if (budget == Long.MAX_VALUE) {
            return;
        }
        long limit = budget > Long.MAX_VALUE / ALONE_FACTOR ? Long.MAX_VALUE : budget * ALONE_FACTOR;
        for (Subtask st : subtasks.subtasks()) {
            MemoryEstimate m = st.memory();
            if (m.exact() && m.total() > limit) {
                ChunkNode last = st.chunks().get(st.chunks().size() - 1);
                long largest = 0;
                for (ChunkNode c : st.chunks()) {
                    largest = Math.max(largest, MemoryEstimate.bytes(c));
                    for (ChunkNode in : c.inputs()) {
                        largest = Math.max(largest, MemoryEstimate.bytes(in));
                    }
                }
                throw new MarsException(ErrorCode.WORKING_SET_TOO_LARGE, "computing chunk " + last.key() + " ("
                        + last.op().wireName() + ", shape " + java.util.Arrays.toString(last.shape()) + ") needs "
                        + m.total() + " bytes of memory at once (" + m.inputBytes() + " of inputs, "
                        + m.computeBytes() + " computed; its largest chunk holds " + largest + " bytes), more than the "
                        + limit + " bytes the smallest worker can give one subtask (" + ALONE_FACTOR + " x its budget of "
                        + budget + " bytes, the hard limit of mars.worker.cache-mem). "
                        + "Use smaller chunks (chunks(...) or mars.tensor.chunk-store-limit), or give the workers "
                        + "more memory (--worker-memory, mars.worker.cache-mem)");
            }
        }
    }

    /**
     * A stage could not start because results kept by earlier tasks were lost with their worker (their meta has no
     * holder left). Gives back the stage's references, drops those results from the session (their lineage is in
     * this task's graph, so tiling now computes them again instead of reading them), and runs the stage again. Any
     * other CHUNK_LOST, or a second one, fails the task.
     */
    /**
     * A stage resumed from chunks an earlier AM attempt left on the workers found one of them gone (its meta was
     * written before the worker deleted it, and the attempt died before the deletion reached ZooKeeper): gives back
     * the stage's references and runs the stage again computing everything, as a fresh task would.
     */
    private void resumeFailed(Run run, SubtaskGraph subtasks, BitSet completed, List<String> resultRefs,
                              MarsException error) {
        run.resumeOff = true;
        LOG.warn("task {}: a chunk an earlier AM attempt left on the workers is gone ({}); computing the stage again "
                + "without them", run.task.id, error.getMessage());
        List<String> refs = stageRefs(subtasks, completed, resultRefs);
        run.task.subtasks -= subtasks.size() - completed.cardinality();
        lifecycle.decref(run.task.sessionId, refs).whenCompleteAsync((v, e) -> {
            if (e != null) {
                failTask(run, List.of(), e);
            } else {
                runStage(run);
            }
        }, actor);
    }

    private void recomputeLostStored(Run run, SubtaskGraph subtasks, BitSet completed, List<String> resultRefs,
                                     Set<String> storedInputs, MarsException error) {
        run.lostStoredDropped = true;
        String sessionId = run.task.sessionId;
        meta.get(sessionId, List.copyOf(storedInputs)).whenCompleteAsync((metas, err) -> {
            Set<String> lost = new HashSet<>();
            if (metas != null) {
                for (ChunkMeta m : metas) {
                    if (m.workers().isEmpty()) {
                        lost.add(m.key());
                    }
                }
            }
            List<String> dropped = new ArrayList<>();
            for (Map.Entry<String, TiledTileable> e : run.sessionStored.entrySet()) {
                if (e.getValue().chunks().stream().anyMatch(c -> lost.contains(c.key()))) {
                    dropped.add(e.getKey());
                }
            }
            if (dropped.isEmpty()) {
                failStage(run, subtasks, completed, resultRefs, error);
                return;
            }
            List<String> refs = stageRefs(subtasks, completed, resultRefs);
            LOG.warn("task {}: {} chunks of {} kept results were lost with their worker; computing them again from "
                    + "their lineage", run.task.id, lost.size(), dropped.size());
            dropped.forEach(run.sessionStored::remove);
            // the stage is tiled again: what it counted and never ran does not stay pending
            run.task.subtasks -= subtasks.size() - completed.cardinality();
            lifecycle.decref(sessionId, refs)
                    .thenCompose(v -> sessions.release(sessionId, dropped))
                    .whenCompleteAsync((v, e) -> {
                        if (e != null) {
                            failTask(run, List.of(), e); // the stage's own references are given back already
                        } else {
                            runStage(run);
                        }
                    }, actor);
        }, actor);
    }

    /**
     * Ends the task after a stage failed, giving back every reference it took: the stage's results, what earlier
     * stages hold, and the inputs of the subtasks that never finished.
     */
    private void failStage(Run run, SubtaskGraph subtasks, BitSet completed, List<String> resultRefs, Throwable error) {
        failTask(run, stageRefs(subtasks, completed, resultRefs), error);
    }

    /**
     * Ends the task, giving back {@code stageRefs} and the references earlier stages hold, and deleting what its
     * writes left (their subtasks have all ended: scheduling reports a failure once none runs).
     */
    private void failTask(Run run, List<String> stageRefs, Throwable error) {
        List<String> refs = new ArrayList<>(stageRefs);
        refs.addAll(run.heldRefs);
        lifecycle.decref(run.task.sessionId, refs);
        run.tiling.abortOutputs(run.graph, run.sessionStored);
        end(run.task, MarsException.wrap(error));
    }

    /** The references a stage still holds: its results', and the inputs of its subtasks that never finished. */
    private static List<String> stageRefs(SubtaskGraph subtasks, BitSet completed, List<String> resultRefs) {
        List<String> refs = new ArrayList<>(resultRefs);
        for (Subtask st : subtasks.subtasks()) {
            if (!completed.get(st.id())) {
                refs.addAll(st.inputs());
            }
        }
        return refs;
    }

    /** {@code a} then {@code b}, read through. */
    private static List<String> concat(List<String> a, List<String> b) {
        return new java.util.AbstractList<>() {
            @Override
            public String get(int i) {
                return i < a.size() ? a.get(i) : b.get(i - a.size());
            }

            @Override
            public int size() {
                return a.size() + b.size();
            }
        };
    }

    private static Map<String, String> locations(List<ChunkMeta> metas) {
        Map<String, String> out = new HashMap<>();
        for (ChunkMeta m : metas) {
            // a chunk whose every holder was lost has no location: the scheduler reports it lost
            if (!m.workers().isEmpty()) {
                out.put(m.key(), m.workers().iterator().next());
            }
        }
        return out;
    }

    private void succeed(Task task, Map<String, TiledTileable> outputs, List<String> heldRefs) {
        sessions.store(task.sessionId, outputs)
                .thenCompose(added -> lifecycle.decref(task.sessionId, heldRefs))
                .whenCompleteAsync((v, err) -> end(task, err == null ? null : MarsException.wrap(err)), actor);
    }

    private void end(Task task, MarsException error) {
        task.end = System.nanoTime();
        if (error == null) {
            task.move(TaskState.SUCCEEDED);
        } else {
            task.error = error;
            task.move(error.code() == ErrorCode.TASK_CANCELLED ? TaskState.CANCELLED : TaskState.FAILED);
            if (error.kind() == io.mars.common.error.ErrorKind.INTERNAL) {
                LOG.warn("task {} failed", task.id, error);
            }
        }
        task.finished.complete(task.info());
        events.taskEnded(task.status(), task.taskGraph());
    }

    @Override
    public CompletableFuture<TaskInfo> info(String taskId) {
        return actor.call(() -> task(taskId).info());
    }

    @Override
    public CompletableFuture<TaskInfo> waitFor(String taskId) {
        return actor.compose(() -> task(taskId).finished);
    }

    @Override
    public CompletableFuture<Void> cancel(String taskId) {
        return actor.compose(() -> {
            Task t = task(taskId);
            if (t.state.isTerminal()) {
                return CompletableFuture.completedFuture(null);
            }
            t.cancelRequested = true;
            // the running stage stops dispatching and fails with TASK_CANCELLED once its running subtasks are done;
            // a task still waiting or tiling ends when its next step sees the flag
            return t.schedulingId == null ? CompletableFuture.completedFuture(null) : scheduling.cancel(t.schedulingId);
        });
    }

    private static MarsException cancelled(Task task) {
        return new MarsException(ErrorCode.TASK_CANCELLED, "task " + task.id + " was cancelled");
    }

    @Override
    public CompletableFuture<List<TaskStatus>> statuses() {
        return actor.call(() -> tasks.values().stream().map(Task::status).toList());
    }

    @Override
    public CompletableFuture<TaskStatus> status(String taskId) {
        return actor.call(() -> task(taskId).status());
    }

    @Override
    public CompletableFuture<io.mars.am.services.task.TaskGraph> graph(String taskId) {
        return actor.call(() -> task(taskId).taskGraph());
    }

    private Task task(String taskId) {
        Task t = tasks.get(taskId);
        if (t == null) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "no task with id " + taskId);
        }
        return t;
    }

    @Override
    public void close() {
        actor.close();
    }
}
