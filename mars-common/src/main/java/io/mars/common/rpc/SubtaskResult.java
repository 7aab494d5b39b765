package io.mars.common.rpc;

import java.util.List;

/** A finished subtask: the chunks it stored (with this worker as location) and when it ran. */
public record SubtaskResult(int subtaskId, String workerId, List<ChunkMeta> outputs, long startNanos, long endNanos) {
    public SubtaskResult {
        outputs = List.copyOf(outputs);
    }
}
