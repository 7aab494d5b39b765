package io.mars.am.web;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mars.common.rpc.WorkerGateway;
import java.util.concurrent.TimeUnit;

/**
 * The timeline's entries as JSON, one shape for the live {@code api/timeline} ({@link TimelineRecorder}) and the event
 * log's lines: a subtask run (task, stage, subtask, worker, start and end in epoch ms, outcome) and a worker joining or
 * leaving. An instance turns {@link System#nanoTime()} stamps into epoch milliseconds from one reading of both clocks.
 */
public final class TimelineEvents {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private final long nanosAtStart = System.nanoTime();
    private final long epochMsAtStart = System.currentTimeMillis();

    /** When this instance read the clocks, in epoch ms. */
    public long startMs() {
        return epochMsAtStart;
    }

    /** A {@link System#nanoTime()} stamp as epoch ms. */
    public long epochMs(long nanos) {
        return epochMsAtStart + TimeUnit.NANOSECONDS.toMillis(nanos - nanosAtStart);
    }

    /**
     * A run of a subtask, its times given as {@link System#nanoTime()} stamps; {@code tileable} the task graph's node
     * it counts for ("" when none).
     */
    public ObjectNode subtaskRun(String taskId, int stage, int subtaskId, String tileable, String workerId,
                                 long startNanos, long endNanos, String outcome) {
        ObjectNode run = JSON.objectNode();
        run.put("task", taskId);
        run.put("stage", stage);
        run.put("subtask", subtaskId);
        run.put("tileable", tileable);
        run.put("worker", workerId);
        run.put("startMs", epochMs(startNanos));
        run.put("endMs", epochMs(endNanos));
        run.put("outcome", outcome);
        return run;
    }

    /** {@code worker-joined}: id, slots, memory, time. */
    public static ObjectNode workerJoined(WorkerGateway worker) {
        ObjectNode e = JSON.objectNode();
        e.put("type", "worker-joined");
        e.put("id", worker.workerId());
        e.put("slots", worker.slots());
        e.put("memoryBytes", worker.memoryBytes());
        e.put("timeMs", System.currentTimeMillis());
        return e;
    }

    /** {@code worker-lost}: id, reason, time. */
    public static ObjectNode workerLost(String workerId, String reason) {
        ObjectNode e = JSON.objectNode();
        e.put("type", "worker-lost");
        e.put("id", workerId);
        e.put("reason", reason);
        e.put("timeMs", System.currentTimeMillis());
        return e;
    }
}
