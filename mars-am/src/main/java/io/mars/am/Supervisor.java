package io.mars.am;

import io.mars.am.services.cluster.ClusterService;
import io.mars.am.services.lifecycle.internal.RefCountLifecycle;
import io.mars.am.services.meta.internal.MemoryMetaService;
import io.mars.am.services.scheduling.SchedulingService;
import io.mars.am.services.scheduling.internal.DepthFirstScheduler;
import io.mars.am.services.session.internal.SessionManager;
import io.mars.am.services.task.TaskEvents;
import io.mars.am.services.task.internal.TaskManager;
import io.mars.am.services.cluster.ClusterListener;
import io.mars.am.services.scheduling.SchedulingConfig;
import io.mars.am.state.StateStore;
import io.mars.am.state.internal.MemoryOnlyStateStore;
import io.mars.common.graph.ChunkNode;
import io.mars.common.error.MarsException;
import io.mars.common.graph.TileableGraph;
import io.mars.common.rpc.ResultLayout;
import io.mars.common.rpc.SupervisorGateway;
import io.mars.common.rpc.TaskInfo;
import io.mars.common.rpc.WorkerGateway;
import io.mars.common.tiling.TilerRegistry;
import io.mars.common.wire.GraphCodec;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The supervisor: the composition root of the services the AM runs (session, task, scheduling, meta, lifecycle,
 * cluster), in one process. Services start in dependency order and stop in reverse.
 */
public final class Supervisor implements SupervisorGateway, AutoCloseable {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(Supervisor.class);
    private final ClusterService cluster;
    private final StateStore store;
    private final MemoryMetaService meta;
    private final RefCountLifecycle lifecycle;
    private final SessionManager sessions;
    private final DepthFirstScheduler scheduling;
    private final TaskManager tasks;
    /** Tasks waiting for the first worker to know what one subtask may hold. */
    private final List<CompletableFuture<Long>> budgetWaiters = new java.util.ArrayList<>();
    private volatile Map<String, io.mars.common.rpc.flight.RpcMessages.WorkerAddress> recoveredWorkers = Map.of();

    public Supervisor(ClusterService cluster, Map<String, String> conf) {
        this(cluster, conf, TilerRegistry.standard());
    }

    /** A supervisor with a tiler registry of one's own (extra operands). */
    public Supervisor(ClusterService cluster, Map<String, String> conf, TilerRegistry tilers) {
        this(cluster, conf, tilers, new MemoryOnlyStateStore());
    }

    /** A supervisor whose durable state goes to {@code store}, which it owns from now on and closes. */
    public Supervisor(ClusterService cluster, Map<String, String> conf, TilerRegistry tilers, StateStore store) {
        this(cluster, conf, tilers, store, TaskEvents.NONE);
    }

    /**
     * A supervisor whose durable state goes to {@code store} (owned from now on), telling {@code events} (the
     * application's event log) of every subtask run and task end.
     */
    public Supervisor(ClusterService cluster, Map<String, String> conf, TilerRegistry tilers, StateStore store,
                      TaskEvents events) {
        this.cluster = cluster;
        this.store = store;
        this.meta = new MemoryMetaService(store);
        this.lifecycle = new RefCountLifecycle(meta, cluster);
        this.sessions = new SessionManager(lifecycle, meta, store);
        this.scheduling = new DepthFirstScheduler(cluster, meta, lifecycle, SchedulingConfig.from(conf));
        cluster.addListener(new ClusterListener() {
            @Override
            public void workerAdded(WorkerGateway worker) {
                if (worker instanceof io.mars.common.rpc.flight.RemoteWorkerGateway remote) {
                    store.putWorker(remote.address()); // a later AM attempt finds it there, if it outlives this one
                }
                budgetKnown();
            }

            @Override
            public void workerLost(String workerId, String reason) {
                store.deleteWorker(workerId);
                meta.dropWorker(workerId).thenAccept(orphaned -> {
                    if (orphaned > 0) {
                        LOG.warn("{} chunks had their only copy on lost worker {}", orphaned, workerId);
                    }
                });
            }
        });
        this.tasks = new TaskManager(sessions, scheduling, lifecycle, meta, tilers, conf, this::workerBudget, events);
    }

    /**
     * Reads back what an earlier AM attempt stored: its sessions with the tileables they kept, and chunk meta.
     * Completes with the number of sessions recovered.
     */
    public CompletableFuture<Integer> recover() {
        StateStore.Recovered state = store.recover();
        recoveredWorkers = state.workers();
        List<CompletableFuture<Void>> steps = new java.util.ArrayList<>();
        state.sessions().values().forEach(s -> {
            tasks.recovered(s.id());
            steps.add(sessions.restore(s, state.tileables().getOrDefault(s.id(), Map.of())));
        });
        state.chunkMetas().forEach((sid, metas) -> steps.add(meta.restore(sid, metas)));
        return CompletableFuture.allOf(steps.toArray(CompletableFuture[]::new)).thenApply(v -> state.sessions().size());
    }

    /**
     * The workers earlier attempts had, by id, as {@link #recover()} read them: those that outlived their AM can be
     * reattached to this one.
     */
    public Map<String, io.mars.common.rpc.flight.RpcMessages.WorkerAddress> recoveredWorkers() {
        return recoveredWorkers;
    }

    /**
     * Forgets workers of earlier attempts that did not come back: their chunks' meta no longer names them (so readers
     * recompute those chunks through lineage), nor does the durable state.
     */
    public CompletableFuture<Integer> forgetWorkers(java.util.Collection<String> workerIds) {
        List<CompletableFuture<Integer>> dropped = new java.util.ArrayList<>();
        for (String id : workerIds) {
            store.deleteWorker(id);
            dropped.add(meta.dropWorker(id));
        }
        return CompletableFuture.allOf(dropped.toArray(CompletableFuture[]::new))
                .thenApply(v -> dropped.stream().mapToInt(CompletableFuture::join).sum());
    }

    public ClusterService cluster() {
        return cluster;
    }

    public StateStore store() {
        return store;
    }

    public MemoryMetaService meta() {
        return meta;
    }

    public RefCountLifecycle lifecycle() {
        return lifecycle;
    }

    public SessionManager sessions() {
        return sessions;
    }

    public TaskManager tasks() {
        return tasks;
    }

    public SchedulingService scheduling() {
        return scheduling;
    }

    @Override
    public CompletableFuture<String> createSession(Map<String, String> conf) {
        return sessions.create(conf);
    }

    @Override
    public CompletableFuture<Void> closeSession(String sessionId) {
        return sessions.close(sessionId);
    }

    @Override
    public CompletableFuture<String> submitTask(String sessionId, byte[] tileableGraph) {
        TileableGraph graph;
        try {
            graph = GraphCodec.decodeTileableGraph(tileableGraph);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(MarsException.wrap(e));
        }
        return tasks.submit(sessionId, graph);
    }

    @Override
    public CompletableFuture<TaskInfo> waitTask(String sessionId, String taskId) {
        return tasks.waitFor(taskId);
    }

    @Override
    public CompletableFuture<TaskInfo> taskInfo(String sessionId, String taskId) {
        return tasks.info(taskId);
    }

    @Override
    public CompletableFuture<Void> cancelTask(String sessionId, String taskId) {
        return tasks.cancel(taskId);
    }

    @Override
    public CompletableFuture<ResultLayout> resultLayout(String sessionId, String tileableKey) {
        return sessions.stored(sessionId, tileableKey).thenCompose(t ->
                meta.get(sessionId, t.chunks().stream().map(ChunkNode::key).toList())
                        .thenApply(metas -> new ResultLayout(tileableKey, t.nsplits(), metas)));
    }

    @Override
    public CompletableFuture<Void> releaseTileables(String sessionId, List<String> tileableKeys) {
        return sessions.release(sessionId, tileableKeys);
    }

    @Override
    public WorkerGateway worker(String workerId) {
        return cluster.worker(workerId);
    }

    @Override
    public void close() {
        tasks.close();
        scheduling.close();
        sessions.close();
        lifecycle.close();
        meta.close();
        store.close();
    }

    /**
     * The smallest memory budget a worker offers (what one subtask may hold), once at least one worker is known: a
     * task submitted before any worker registered (an AM whose containers are starting) is tiled when the first one
     * does, for chunks that fit it. A task waits for workers to run anyway.
     */
    private CompletableFuture<Long> workerBudget() {
        List<WorkerGateway> workers = cluster.workers();
        if (!workers.isEmpty()) {
            return CompletableFuture.completedFuture(smallest(workers));
        }
        CompletableFuture<Long> f = new CompletableFuture<>();
        synchronized (budgetWaiters) {
            budgetWaiters.add(f);
        }
        budgetKnown(); // a worker may have registered in between
        return f;
    }

    private void budgetKnown() {
        List<WorkerGateway> workers = cluster.workers();
        if (workers.isEmpty()) {
            return;
        }
        List<CompletableFuture<Long>> waiting;
        synchronized (budgetWaiters) {
            waiting = List.copyOf(budgetWaiters);
            budgetWaiters.clear();
        }
        long budget = smallest(workers);
        waiting.forEach(f -> f.complete(budget));
    }

    private static long smallest(List<WorkerGateway> workers) {
        long least = Long.MAX_VALUE;
        for (WorkerGateway w : workers) {
            least = Math.min(least, w.memoryBytes());
        }
        return least;
    }
}
