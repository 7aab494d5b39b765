package io.mars.common.optimize.pruning;

import io.mars.common.graph.TileableNode;
import io.mars.common.operand.Operand;
import java.util.List;
import java.util.OptionalInt;

/**
 * How column pruning treats the nodes of one operand class: which columns of its inputs a node needs for the columns
 * wanted of its output, and how it is rewritten to make only those. One small rule per table operand, found in
 * {@link PruningRules} by the operand's class (Trino's optimizer has one {@code Prune*Columns} rule per plan node).
 *
 * @param <O> the operand class the rule is for
 */
public interface PruningRule<O extends Operand> {
    /**
     * The columns each input must provide when {@code wanted} of the node's output are read, in input order; inputs
     * past the end of the list are not read at all.
     */
    List<Columns> inputsNeed(TileableNode node, O op, Columns wanted);

    /**
     * The node making only {@code wanted} of its columns (or more), given the column counts of its inputs after
     * pruning. By default the node stays as it is.
     */
    default Pruned rewrite(TileableNode node, O op, Columns wanted, Widths widths) {
        return Pruned.kept(node);
    }

    /** The column counts of the nodes pruned so far: known for dataframes (two axes), absent for tensors and series. */
    @FunctionalInterface
    interface Widths {
        OptionalInt of(String key);
    }
}
