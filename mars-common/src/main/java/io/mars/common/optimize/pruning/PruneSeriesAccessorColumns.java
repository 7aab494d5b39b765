package io.mars.common.optimize.pruning;

import io.mars.common.graph.TileableNode;
import io.mars.common.operand.dataframe.SeriesAccessor;
import java.util.List;

/** .str and .dt read the series' values only, not its labels. */
final class PruneSeriesAccessorColumns implements PruningRule<SeriesAccessor> {
    @Override
    public List<Columns> inputsNeed(TileableNode node, SeriesAccessor op, Columns wanted) {
        return List.of(Columns.none());
    }
}
