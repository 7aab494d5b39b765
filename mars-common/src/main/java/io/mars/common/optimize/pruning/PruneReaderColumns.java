package io.mars.common.optimize.pruning;

import io.mars.common.graph.TileableNode;
import io.mars.common.operand.Operand;
import io.mars.common.operand.dataframe.ColumnsReader;
import java.util.List;

/** A file reader (CSV, Parquet) reads only the wanted columns (at least one, which gives the chunks their row counts). */
final class PruneReaderColumns<R extends Operand & ColumnsReader<R>> implements PruningRule<R> {
    @Override
    public List<Columns> inputsNeed(TileableNode node, R op, Columns wanted) {
        return List.of();
    }

    @Override
    public Pruned rewrite(TileableNode node, R op, Columns wanted, Widths widths) {
        List<Integer> keep = Pruning.keep(op.columns(), wanted);
        if (keep.size() == op.columns().size()) {
            return Pruned.kept(node);
        }
        R read = op.withColumns(Pruning.pick(op.columns(), keep), Pruning.pick(op.dtypes(), keep));
        return Pruned.kept(Pruning.withOp(node, read, keep.size()));
    }
}
