package io.mars.am;

import io.mars.am.services.cluster.ClusterService;
import io.mars.am.services.lifecycle.internal.RefCountLifecycle;
import io.mars.am.services.meta.internal.MemoryMetaService;
import io.mars.am.services.scheduling.internal.DepthFirstScheduler;
import io.mars.am.services.session.internal.SessionManager;
import io.mars.am.services.task.internal.TaskManager;
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
    private final ClusterService cluster;
    private final MemoryMetaService meta;
    private final RefCountLifecycle lifecycle;
    private final SessionManager sessions;
    private final DepthFirstScheduler scheduling;
    private final TaskManager tasks;

    public Supervisor(ClusterService cluster, Map<String, String> conf) {
        this(cluster, conf, TilerRegistry.standard());
    }

    /** A supervisor with a tiler registry of one's own (extra operands). */
    public Supervisor(ClusterService cluster, Map<String, String> conf, TilerRegistry tilers) {
        this.cluster = cluster;
        this.meta = new MemoryMetaService();
        this.lifecycle = new RefCountLifecycle(meta, cluster);
        this.sessions = new SessionManager(lifecycle, meta);
        this.scheduling = new DepthFirstScheduler(cluster, meta, lifecycle);
        this.tasks = new TaskManager(sessions, scheduling, lifecycle, meta, tilers, conf);
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
    }
}
