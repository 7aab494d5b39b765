package io.mars.common.optimize.pruning;

import io.mars.common.graph.TileableNode;
import io.mars.common.operand.dataframe.SeriesMap;
import java.util.List;

/** A user function of a series' values reads the values only, not the labels (they are joined on afterwards). */
final class PruneSeriesMapColumns implements PruningRule<SeriesMap> {
    @Override
    public List<Columns> inputsNeed(TileableNode node, SeriesMap op, Columns wanted) {
        return List.of(Columns.none());
    }
}
