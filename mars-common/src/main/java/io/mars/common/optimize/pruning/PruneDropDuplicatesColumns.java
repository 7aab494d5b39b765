package io.mars.common.optimize.pruning;

import io.mars.common.graph.TileableNode;
import io.mars.common.operand.dataframe.TableDropDuplicates;
import java.util.List;

/**
 * drop_duplicates drops rows: it needs the wanted columns of its input and the columns it compares, and keeps the
 * input's width.
 */
final class PruneDropDuplicatesColumns implements PruningRule<TableDropDuplicates> {
    @Override
    public List<Columns> inputsNeed(TileableNode node, TableDropDuplicates op, Columns wanted) {
        return List.of(wanted.plus(op.subset()));
    }

    @Override
    public Pruned rewrite(TileableNode node, TableDropDuplicates op, Columns wanted, Widths widths) {
        return Pruning.followInputWidth(node, widths, 0);
    }
}
