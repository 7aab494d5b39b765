package io.mars.am.services.task.internal;

import io.mars.am.services.lifecycle.LifecycleService;
import io.mars.am.services.meta.MetaService;
import io.mars.am.services.scheduling.SchedulingListener;
import io.mars.am.services.scheduling.SchedulingService;
import io.mars.am.services.session.SessionService;
import io.mars.am.services.task.TaskService;
import io.mars.common.concurrent.Actor;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.graph.ChunkNode;
import io.mars.common.graph.Subtask;
import io.mars.common.graph.SubtaskGraph;
import io.mars.common.graph.TileableGraph;
import io.mars.common.graph.TiledTensor;
import io.mars.common.model.Keys;
import io.mars.common.operand.chunk.ChunkFetch;
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
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs tasks on the task actor: tiles the graph (reusing the session's stored tileables), fuses it into subtasks,
 * takes chunk references (one per reading subtask, one per result for the task's duration), hands the subtasks to
 * scheduling, and at the end stores the results in the session or, on failure, gives every reference back.
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
    private final Map<String, Task> tasks = new HashMap<>();

    public TaskManager(SessionService sessions, SchedulingService scheduling, LifecycleService lifecycle,
                       MetaService meta, TilerRegistry tilers, Map<String, String> clusterConf) {
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
        long tiled;
        volatile long firstRunning;
        long end;
        MarsException error;
        BitSet completed;

        Task(String id, String sessionId, long submitted) {
            this.id = id;
            this.sessionId = sessionId;
            this.submitted = submitted;
        }

        TaskInfo info() {
            return new TaskInfo(id, sessionId, state, chunks, subtasks, done, submitted, tiled, firstRunning, end,
                    error == null ? null : error.code().name(), error == null ? null : error.getMessage());
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
            start(task, snap, graph);
            return task.id;
        }, actor);
    }

    private void start(Task task, SessionService.SessionSnapshot snap, TileableGraph graph) {
        Tiling.Result tiled;
        SubtaskGraph subtasks;
        try {
            task.move(TaskState.TILING);
            Map<String, String> conf = new HashMap<>(clusterConf);
            conf.putAll(snap.conf());
            tiled = new Tiling(tilers, TilingConfig.from(conf)).tile(graph, snap.stored());
            subtasks = Fusion.fuse(tiled.graph());
        } catch (RuntimeException e) {
            end(task, MarsException.wrap(e));
            return;
        }
        task.chunks = tiled.graph().nodes().size();
        task.subtasks = subtasks.size();
        task.completed = new BitSet(subtasks.size());
        task.tiled = System.nanoTime();
        List<String> inputRefs = new ArrayList<>();
        Set<String> storedInputs = new HashSet<>();
        Map<String, ChunkNode> byKey = new HashMap<>();
        for (ChunkNode c : tiled.graph().nodes()) {
            if (c.op() instanceof ChunkFetch) {
                byKey.put(c.key(), c);
            }
        }
        for (Subtask st : subtasks.subtasks()) {
            inputRefs.addAll(st.inputs());
            for (String in : st.inputs()) {
                if (byKey.containsKey(in)) {
                    storedInputs.add(in);
                }
            }
        }
        List<String> resultRefs = new ArrayList<>();
        for (TiledTensor t : tiled.outputs().values()) {
            for (ChunkNode c : t.chunks()) {
                resultRefs.add(c.key());
            }
        }
        List<String> allRefs = new ArrayList<>(inputRefs);
        allRefs.addAll(resultRefs);
        task.move(TaskState.RUNNING);
        SchedulingListener listener = new SchedulingListener() {
            @Override
            public void subtaskDispatched(int subtaskId, String workerId, long nanos) {
                if (task.firstRunning == 0) {
                    task.firstRunning = nanos;
                }
            }

            @Override
            public void subtaskFinished(SubtaskResult result) {
                actor.execute(() -> {
                    task.done++;
                    task.completed.set(result.subtaskId());
                });
            }
        };
        lifecycle.incref(task.sessionId, allRefs)
                .thenCompose(v -> meta.get(task.sessionId, List.copyOf(storedInputs)))
                .thenCompose(metas -> scheduling.submit(task.sessionId, task.id, subtasks, locations(metas), listener))
                .whenCompleteAsync((v, err) -> {
                    if (err == null) {
                        succeed(task, tiled, resultRefs);
                    } else {
                        giveBack(task, subtasks, resultRefs);
                        end(task, MarsException.wrap(err));
                    }
                }, actor);
    }

    private static Map<String, String> locations(List<ChunkMeta> metas) {
        Map<String, String> out = new HashMap<>();
        for (ChunkMeta m : metas) {
            out.put(m.key(), m.workers().iterator().next());
        }
        return out;
    }

    private void succeed(Task task, Tiling.Result tiled, List<String> resultRefs) {
        sessions.store(task.sessionId, tiled.outputs())
                .thenCompose(added -> lifecycle.decref(task.sessionId, resultRefs))
                .whenCompleteAsync((v, err) -> end(task, err == null ? null : MarsException.wrap(err)), actor);
    }

    /** Returns the references of subtasks that never finished, and the task's own result references. */
    private void giveBack(Task task, SubtaskGraph subtasks, List<String> resultRefs) {
        List<String> refs = new ArrayList<>(resultRefs);
        for (Subtask st : subtasks.subtasks()) {
            if (!task.completed.get(st.id())) {
                refs.addAll(st.inputs());
            }
        }
        lifecycle.decref(task.sessionId, refs);
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
            task(taskId);
            return scheduling.cancel(taskId);
        });
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
