package io.mars.common.graph;

import java.util.List;

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
        chunks = immutable(chunks);
        inputs = immutable(inputs);
        outputs = immutable(outputs);
    }

    /** An immutable copy, or the list itself when it is one of a {@link SubtaskList}'s (immutable). */
    private static <E> List<E> immutable(List<E> list) {
        return list instanceof ArraySlice<E> || list instanceof KeyList ? list : List.copyOf(list);
    }

    /**
     * What this subtask holds in memory at its peak (inputs and computation), computed from its chunks' shapes: the
     * scheduler admits subtasks to a worker by its total, and the worker reserves room for it before running.
     */
    public MemoryEstimate memory() {
        return MemoryEstimate.of(this);
    }
}
