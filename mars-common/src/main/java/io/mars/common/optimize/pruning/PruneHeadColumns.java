package io.mars.common.optimize.pruning;

import io.mars.common.graph.TileableNode;
import io.mars.common.operand.dataframe.TableHead;
import java.util.List;

/** head gives out the wanted columns of its input, as many as the input keeps. */
final class PruneHeadColumns implements PruningRule<TableHead> {
    @Override
    public List<Columns> inputsNeed(TileableNode node, TableHead op, Columns wanted) {
        return List.of(wanted);
    }

    @Override
    public Pruned rewrite(TileableNode node, TableHead op, Columns wanted, Widths widths) {
        return Pruning.followInputWidth(node, widths, 0);
    }
}
