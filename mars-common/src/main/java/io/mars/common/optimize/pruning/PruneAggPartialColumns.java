package io.mars.common.optimize.pruning;

import io.mars.common.graph.TileableNode;
import io.mars.common.operand.dataframe.TableAggPartial;
import java.util.List;

/**
 * A groupby's first step reads its keys and the columns it aggregates (the tree or shuffle that follows reads all of
 * its partial states).
 */
final class PruneAggPartialColumns implements PruningRule<TableAggPartial> {
    @Override
    public List<Columns> inputsNeed(TileableNode node, TableAggPartial op, Columns wanted) {
        return List.of(Pruning.aggregated(op.keys(), op.aggs()));
    }
}
