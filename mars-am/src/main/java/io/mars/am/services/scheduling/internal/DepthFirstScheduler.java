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
import io.mars.common.error.MarsException;
import io.mars.common.graph.SubtaskGraph;
import io.mars.common.rpc.WorkerGateway;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * The scheduler: its parts on one actor, which owns all their state. {@link Placement} keeps each worker's ready
 * queue (ordered by the {@link PriorityPolicy}) and starts subtasks within each worker's {@link WorkerAdmission};
 * {@link SubtaskRunner} sends them to workers and takes their answers, whose failures {@link RetryPolicy} judges;
 * {@link LineageRecovery} reruns what lost workers and lost chunks take away. Every subtask's state moves through
 * {@link SubtaskStates}' transition table. Which chunks were deleted because all their readers finished is the
 * lifecycle service's knowledge; the scheduler asks it.
 */
public final class DepthFirstScheduler implements SchedulingService, AutoCloseable {
    private final Actor actor = new Actor("mars-scheduling");
    private final Confinement confinement = new Confinement(actor);
    private final ClusterService cluster;
    private final WorkerIds ids = new WorkerIds();
    private final Placement placement = new Placement(confinement, new PriorityPolicy(), ids);
    private final Map<String, TaskRun> runs = new HashMap<>();
    private final SubtaskRunner runner;
    private long taskSequence;

    public DepthFirstScheduler(ClusterService cluster, MetaService meta, LifecycleService lifecycle) {
        this(cluster, meta, lifecycle, SchedulingConfig.defaults());
    }

    public DepthFirstScheduler(ClusterService cluster, MetaService meta, LifecycleService lifecycle,
                               SchedulingConfig config) {
        this.cluster = cluster;
        LineageRecovery recovery = new LineageRecovery(confinement, cluster, meta, ids);
        this.runner = new SubtaskRunner(actor, confinement, meta, lifecycle, ids, placement, recovery,
                new RetryPolicy(config), runs);
        cluster.addListener(new ClusterListener() {
            @Override
            public void workerAdded(WorkerGateway worker) {
                actor.execute(() -> {
                    refreshWorkers();
                    placement.unpark().forEach(placement::place);
                    runner.dispatch();
                });
            }

            @Override
            public void workerLost(String workerId, String reason) {
                actor.execute(() -> runner.workerLost(workerId, reason));
            }
        });
    }

    @Override
    public CompletableFuture<Void> submit(String sessionId, String taskId, SubtaskGraph graph,
                                          Map<String, String> storedLocations, Set<String> resultKeys,
                                          SchedulingListener listener) {
        return actor.compose(() -> {
            refreshWorkers();
            TaskRun run = new TaskRun(sessionId, taskId, taskSequence++, graph, storedLocations, resultKeys,
                    listener, ids, confinement);
            if (run.remaining == 0) {
                run.done.complete(null);
                return run.done;
            }
            MarsException lost = runner.lostStoredInput(run);
            if (lost != null) {
                run.failure = lost;
                run.done.completeExceptionally(lost);
                return run.done;
            }
            runs.put(taskId, run);
            runner.guarded(run, () -> {
                for (int i = 0; i < graph.size(); i++) {
                    if (run.pending[i] == 0) {
                        runner.enqueue(run, i);
                    }
                }
            });
            runner.dispatch();
            return run.done;
        });
    }

    @Override
    public CompletableFuture<Void> cancel(String taskId) {
        return actor.run(() -> {
            TaskRun run = runs.get(taskId);
            if (run != null && run.failure == null) {
                runner.fail(run, new MarsException(ErrorCode.TASK_CANCELLED, "task " + taskId + " was cancelled"));
            }
        });
    }

    /** Takes in workers that joined the cluster since last looked. */
    private void refreshWorkers() {
        for (WorkerGateway w : cluster.workers()) {
            placement.add(w);
        }
    }

    @Override
    public CompletableFuture<List<WorkerLoad>> workerLoads() {
        return actor.call(() -> {
            refreshWorkers();
            return placement.loads();
        });
    }

    /** Completes once the scheduler has handled everything sent to it before (for tests and simulations). */
    public CompletableFuture<Void> drained() {
        return actor.run(() -> {
        });
    }

    /** The thread that owns the scheduler's state (to measure its CPU time). */
    public CompletableFuture<Thread> thread() {
        return actor.call(Thread::currentThread);
    }

    @Override
    public void close() {
        actor.close();
    }
}
