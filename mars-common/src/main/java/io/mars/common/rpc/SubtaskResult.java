package io.mars.common.rpc;

import java.util.List;

/**
 * A finished subtask: the chunks it stored (with this worker as location), when it ran, and the inputs it fetched from
 * other workers and keeps a copy of (with this worker as location), which the supervisor records as more locations.
 */
public record SubtaskResult(int subtaskId, String workerId, List<ChunkMeta> outputs, long startNanos, long endNanos,
                            List<ChunkMeta> copies) {
    public SubtaskResult {
        outputs = List.copyOf(outputs);
        copies = List.copyOf(copies);
    }

    /** A result that kept no copies. */
    public SubtaskResult(int subtaskId, String workerId, List<ChunkMeta> outputs, long startNanos, long endNanos) {
        this(subtaskId, workerId, outputs, startNanos, endNanos, List.of());
    }
}
