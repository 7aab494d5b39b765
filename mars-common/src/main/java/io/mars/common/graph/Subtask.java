package io.mars.common.graph;

import java.util.List;
import java.util.Set;

/**
 * A unit of scheduling: a group of fused chunk nodes run together on one worker, in topological order.
 *
 * @param id       position in its subtask graph
 * @param chunks   the nodes to run, inputs first
 * @param inputs   keys of the chunks read from storage (produced by other subtasks or earlier tasks)
 * @param outputs  keys of the chunks this subtask stores (read by other subtasks or wanted as results)
 * @param priority smaller runs first; a depth-first order so that consumers run as soon as they can
 */
public record Subtask(int id, List<ChunkNode> chunks, List<String> inputs, List<String> outputs, int priority) {
    public Subtask {
        chunks = List.copyOf(chunks);
        inputs = List.copyOf(inputs);
        outputs = List.copyOf(outputs);
    }

    /**
     * What this subtask is expected to hold in memory besides its inputs: the chunks it computes (their known sizes;
     * a chunk of unknown length is counted as large as the subtask's largest known chunk). The worker reserves it
     * before running the subtask, and the scheduler admits subtasks to a worker by it.
     */
    public long workingBytes() {
        Set<String> read = Set.copyOf(inputs);
        long total = 0;
        long largest = 0;
        int unknown = 0;
        for (ChunkNode c : chunks) {
            if (read.contains(c.key())) {
                continue;
            }
            long size = 1;
            for (long d : c.shape()) {
                size = d < 0 ? -1 : size * d;
                if (size < 0) {
                    break;
                }
            }
            if (size < 0) {
                unknown++;
                continue;
            }
            // table chunks have no tensor dtype: estimate 8 bytes per cell (their shape is rows x columns)
            long bytes = size * (c.dtype() == null ? 8 : c.dtype().itemSize());
            total += bytes;
            largest = Math.max(largest, bytes);
        }
        return total + unknown * largest;
    }
}
