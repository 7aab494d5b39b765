package io.mars.am.services.task;

import java.util.List;
import java.util.Objects;

/**
 * A task's tileable graph as the web UI draws it: one node per tileable with its subtasks by state, summed over the
 * task's stages. A subtask counts for the tileable its output chunk was made for, so the size of this value grows
 * with the tileables of the task, never with its subtasks.
 */
public record TaskGraph(String taskId, List<Node> nodes) {
    public TaskGraph {
        Objects.requireNonNull(taskId, "taskId");
        nodes = List.copyOf(nodes);
    }

    /** @param operand the operand's wire name; @param inputs the keys of the tileables it reads */
    public record Node(String key, String operand, List<String> inputs, SubtaskCounts subtasks) {
        public Node {
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(operand, "operand");
            inputs = List.copyOf(inputs);
            Objects.requireNonNull(subtasks, "subtasks");
        }
    }
}
