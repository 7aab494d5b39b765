package io.mars.common.optimize.pruning;

import io.mars.common.graph.TileableNode;
import io.mars.common.operand.dataframe.TableFilter;
import java.util.List;

/**
 * A filter gives out the wanted columns of its first input, and reads only the values of its mask (the second):
 * the mask's own labels, which a series of a labelled frame carries, are not needed.
 */
final class PruneFilterColumns implements PruningRule<TableFilter> {
    @Override
    public List<Columns> inputsNeed(TileableNode node, TableFilter op, Columns wanted) {
        return List.of(wanted, Columns.none());
    }

    @Override
    public Pruned rewrite(TileableNode node, TableFilter op, Columns wanted, Widths widths) {
        return Pruning.followInputWidth(node, widths, 0);
    }
}
