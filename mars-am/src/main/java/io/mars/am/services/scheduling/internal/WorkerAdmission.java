package io.mars.am.services.scheduling.internal;

import io.mars.am.services.scheduling.WorkerLoad;

/**
 * Admission on one worker by slots and by memory. Each subtask carries an estimate of its working memory
 * ({@link io.mars.common.graph.Subtask#memory()}, what the worker reserves before running it), and each worker
 * offers a budget when it registers ({@link io.mars.common.rpc.WorkerGateway#memoryBytes()}: its storage's hard
 * limit). A worker starts a subtask only if the estimates of the subtasks running there plus its own fit the budget;
 * an idle worker always starts it, so a subtask larger than every budget runs alone and nothing deadlocks. Also
 * keeps the statistics reported as {@link WorkerLoad}.
 */
final class WorkerAdmission {
    private final long budget;
    private int free;
    private int running;
    private long admitted;
    private long peakAdmitted;
    private int peakRunning;
    private long oversized;

    WorkerAdmission(int slots, long budget) {
        this.free = slots;
        this.budget = budget;
    }

    int free() {
        return free;
    }

    /** Whether a subtask with this working-memory estimate may start here now (a free slot aside). */
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

    WorkerLoad load(String workerId) {
        return new WorkerLoad(workerId, budget, admitted, peakAdmitted, peakRunning, oversized, running);
    }
}
