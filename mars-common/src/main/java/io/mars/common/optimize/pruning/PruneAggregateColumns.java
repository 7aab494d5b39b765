package io.mars.common.optimize.pruning;

import io.mars.common.graph.TileableNode;
import io.mars.common.operand.dataframe.TableAggregate;
import java.util.List;

/** An aggregation reads its keys and the columns it aggregates, whatever is wanted of its result. */
final class PruneAggregateColumns implements PruningRule<TableAggregate> {
    @Override
    public List<Columns> inputsNeed(TileableNode node, TableAggregate op, Columns wanted) {
        return List.of(Pruning.aggregated(op.keys(), op.aggs()));
    }
}
