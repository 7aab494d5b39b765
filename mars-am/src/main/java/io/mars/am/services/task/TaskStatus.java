package io.mars.am.services.task;

import io.mars.common.rpc.TaskInfo;
import java.util.Objects;

/**
 * What the web UI shows of a task: its {@link TaskInfo}, its subtasks by state, and how many stages it has tiled
 * (more than one when some lengths were known only after computing).
 */
public record TaskStatus(TaskInfo info, SubtaskCounts subtasks, int stages) {
    public TaskStatus {
        Objects.requireNonNull(info, "info");
        Objects.requireNonNull(subtasks, "subtasks");
    }
}
