package io.mars.common.optimize.pruning;

import io.mars.common.graph.TileableNode;
import io.mars.common.operand.dataframe.TableRowPositions;
import java.util.List;

/**
 * Row positions add a label column to their input's columns: the input must give what is wanted but the labels, and
 * when nobody reads the labels the positions are never computed (the readers read the input instead).
 */
final class PruneRowPositionsColumns implements PruningRule<TableRowPositions> {
    @Override
    public List<Columns> inputsNeed(TileableNode node, TableRowPositions op, Columns wanted) {
        return List.of(wanted.minus(TableRowPositions.INDEX_COLUMN));
    }

    @Override
    public Pruned rewrite(TileableNode node, TableRowPositions op, Columns wanted, Widths widths) {
        if (!wanted.contains(TableRowPositions.INDEX_COLUMN)) {
            return Pruned.bypassed();
        }
        return Pruning.followInputWidth(node, widths, 1);
    }
}
