package io.mars.common.graph;

import java.util.List;

/**
 * Subtasks (indexed by id) with their dependencies as id arrays. The arrays are not to be changed; subtasks with
 * equal dependencies may share one.
 *
 * @param subtasks     by id; a {@link SubtaskList} (which makes each subtask when asked for) is kept as it is
 * @param predecessors for each subtask, the subtasks producing its inputs
 * @param successors   for each subtask, the subtasks reading its outputs
 * @param leafWorkerHint for each subtask without predecessors, a spread position in [0, 1): siblings that meet later
 *                       get nearby positions, so a scheduler can map positions to workers and keep them together
 */
public record SubtaskGraph(List<Subtask> subtasks, int[][] predecessors, int[][] successors, double[] leafWorkerHint) {
    public SubtaskGraph {
        subtasks = subtasks instanceof SubtaskList ? subtasks : List.copyOf(subtasks);
    }

    public int size() {
        return subtasks.size();
    }
}
