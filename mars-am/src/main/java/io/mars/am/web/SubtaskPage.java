package io.mars.am.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code api/tasks/<id>/subtasks?tileable=<key>&offset=&limit=}: one page of the subtasks that ran for one tileable of
 * the task graph (a drill-down from a node), from the timeline's runs: per subtask its stage, last state and worker,
 * first start, last end, and attempts. At most {@value #MAX_LIMIT} a page, so a tileable of 10^5 subtasks never ships
 * them all; {@code total} says how many there are. Subtasks that have not run yet have no run to show.
 */
public final class SubtaskPage {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    public static final int DEFAULT_LIMIT = 50;
    public static final int MAX_LIMIT = 500;

    private SubtaskPage() {
    }

    /** The page of {@code runs} (the timeline's {@code subtasks}, oldest first) of {@code tileable} in task {@code taskId}. */
    public static ObjectNode of(Iterable<? extends JsonNode> runs, String taskId, String tileable, int offset,
                                int limit) {
        if (offset < 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "offset must be at least 0, got " + offset);
        }
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "limit must be between 1 and " + MAX_LIMIT + ", got "
                    + limit);
        }
        Map<Long, List<JsonNode>> bySubtask = new LinkedHashMap<>();
        for (JsonNode r : runs) {
            if (r.path("task").asText().equals(taskId) && r.path("tileable").asText().equals(tileable)) {
                long id = ((long) r.path("stage").asInt() << 32) | (r.path("subtask").asInt() & 0xffffffffL);
                bySubtask.computeIfAbsent(id, k -> new ArrayList<>(1)).add(r);
            }
        }
        ObjectNode out = JSON.objectNode();
        out.put("task", taskId);
        out.put("tileable", tileable);
        out.put("offset", offset);
        out.put("limit", limit);
        out.put("total", bySubtask.size());
        ArrayNode list = out.putArray("subtasks");
        bySubtask.values().stream().skip(offset).limit(limit).forEach(attempts -> {
            JsonNode first = attempts.get(0);
            JsonNode last = attempts.get(attempts.size() - 1);
            ObjectNode s = list.addObject();
            s.put("stage", first.path("stage").asInt());
            s.put("subtask", first.path("subtask").asInt());
            s.put("state", last.path("outcome").asText());
            s.put("worker", last.path("worker").asText());
            s.put("startMs", first.path("startMs").asLong());
            s.put("endMs", last.path("endMs").asLong());
            s.put("durationMs", last.path("endMs").asLong() - last.path("startMs").asLong());
            s.put("attempts", attempts.size());
        });
        return out;
    }
}
