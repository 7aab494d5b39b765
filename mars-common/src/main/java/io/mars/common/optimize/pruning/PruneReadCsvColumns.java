package io.mars.common.optimize.pruning;

import io.mars.common.graph.TileableNode;
import io.mars.common.operand.dataframe.DataFrameReadCsv;
import java.util.List;

/** A CSV reader parses only the wanted columns (at least one, which gives the chunks their row counts). */
final class PruneReadCsvColumns implements PruningRule<DataFrameReadCsv> {
    @Override
    public List<Columns> inputsNeed(TileableNode node, DataFrameReadCsv op, Columns wanted) {
        return List.of();
    }

    @Override
    public Pruned rewrite(TileableNode node, DataFrameReadCsv op, Columns wanted, Widths widths) {
        List<Integer> keep = Pruning.keep(op.columns(), wanted);
        if (keep.size() == op.columns().size()) {
            return Pruned.kept(node);
        }
        DataFrameReadCsv read = op.withColumns(Pruning.pick(op.columns(), keep), Pruning.pick(op.dtypes(), keep));
        return Pruned.kept(Pruning.withOp(node, read, keep.size()));
    }
}
