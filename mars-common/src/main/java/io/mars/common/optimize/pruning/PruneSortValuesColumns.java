package io.mars.common.optimize.pruning;

import io.mars.common.graph.TileableNode;
import io.mars.common.operand.dataframe.TableSortValues;
import java.util.List;

/** sort_values moves rows: it needs the wanted columns of its input and its sort keys, and keeps the input's width. */
final class PruneSortValuesColumns implements PruningRule<TableSortValues> {
    @Override
    public List<Columns> inputsNeed(TileableNode node, TableSortValues op, Columns wanted) {
        return List.of(wanted.plus(op.by()));
    }

    @Override
    public Pruned rewrite(TileableNode node, TableSortValues op, Columns wanted, Widths widths) {
        return Pruning.followInputWidth(node, widths, 0);
    }
}
