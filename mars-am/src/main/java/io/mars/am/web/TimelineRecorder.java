package io.mars.am.web;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mars.am.services.cluster.ClusterListener;
import io.mars.am.services.task.TaskEvents;
import io.mars.common.rpc.WorkerGateway;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The live {@code api/timeline}: the last subtask runs (worker, start and end in epoch ms, outcome) and the workers
 * joining and leaving, in the order they happened, the same fields as the event log's lines, so the live UI and the
 * history server serve one document ({@link TimelineEvents}). It keeps at most {@code capacity} runs (the oldest go first), so a task of
 * millions of subtasks costs bounded memory; {@code dropped} says how many went.
 */
public final class TimelineRecorder implements TaskEvents, ClusterListener {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    /** Enough for the timeline of a task of 10^5 subtasks; about 150 bytes each. */
    public static final int DEFAULT_CAPACITY = 100_000;

    private final int capacity;
    private final TimelineEvents events = new TimelineEvents();
    private final Deque<ObjectNode> runs = new ArrayDeque<>();
    private final Deque<ObjectNode> workers = new ArrayDeque<>();
    private long dropped;

    public TimelineRecorder(int capacity) {
        if (capacity <= 0) {
            throw new IllegalArgumentException("capacity " + capacity);
        }
        this.capacity = capacity;
    }

    @Override
    public synchronized void subtaskRan(String taskId, int stage, int subtaskId, String tileable, String workerId,
                                        long startNanos, long endNanos, String outcome) {
        if (runs.size() == capacity) {
            runs.removeFirst();
            dropped++;
        }
        runs.addLast(events.subtaskRun(taskId, stage, subtaskId, tileable, workerId, startNanos, endNanos, outcome));
    }

    @Override
    public synchronized void workerAdded(WorkerGateway worker) {
        workers.addLast(TimelineEvents.workerJoined(worker));
    }

    @Override
    public synchronized void workerLost(String workerId, String reason) {
        workers.addLast(TimelineEvents.workerLost(workerId, reason));
    }

    /** {@code api/tasks/<id>/subtasks}: a page of one tileable's subtasks from the runs kept ({@link SubtaskPage}). */
    public synchronized ObjectNode subtasks(String taskId, String tileable, int offset, int limit) {
        return SubtaskPage.of(runs, taskId, tileable, offset, limit);
    }

    /** {@code api/timeline}: {@code subtasks} (oldest first), {@code workerEvents}, {@code dropped}. */
    public synchronized ObjectNode document() {
        ObjectNode out = JSON.objectNode();
        ArrayNode list = out.putArray("subtasks");
        runs.forEach(r -> list.add(r.deepCopy()));
        ArrayNode events = out.putArray("workerEvents");
        workers.forEach(w -> events.add(w.deepCopy()));
        out.put("dropped", dropped);
        return out;
    }
}
