package io.mars.common.optimize.pruning;

import io.mars.common.graph.TileableNode;
import io.mars.common.operand.dataframe.TableMerge;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * A merge reads its key columns of both sides and, of the others, those whose output is wanted. An output name is
 * traced to the input names it may come from: itself (a key, or a column only one side has) or, with a suffix cut off,
 * a column both sides have; such a column is then kept on both sides, so that it still clashes and keeps its suffixed
 * name. A semi or anti merge reads only the keys of its right side.
 */
final class PruneMergeColumns implements PruningRule<TableMerge> {
    @Override
    public List<Columns> inputsNeed(TileableNode node, TableMerge op, Columns wanted) {
        if (wanted.every()) {
            return List.of(Columns.all(), op.how().leftOnly() ? Columns.of(op.rightOn()) : Columns.all());
        }
        List<String> names = new ArrayList<>();
        for (String w : wanted.names()) {
            names.add(w);
            for (String suffix : List.of(op.leftSuffix(), op.rightSuffix())) {
                if (!suffix.isEmpty() && w.endsWith(suffix)) {
                    names.add(w.substring(0, w.length() - suffix.length()));
                }
            }
        }
        Columns left = Columns.of(op.leftOn()).plus(names);
        Columns right = op.how().leftOnly() ? Columns.of(op.rightOn()) : Columns.of(op.rightOn()).plus(names);
        return List.of(left, right);
    }

    @Override
    public Pruned rewrite(TileableNode node, TableMerge op, Columns wanted, Widths widths) {
        OptionalInt left = widths.of(node.inputs().get(0));
        OptionalInt right = widths.of(node.inputs().get(1));
        if (left.isEmpty() || right.isEmpty() || node.shape().length != 2) {
            return Pruned.kept(node);
        }
        int shared = 0;
        for (int i = 0; i < op.leftOn().size(); i++) {
            shared += op.leftOn().get(i).equals(op.rightOn().get(i)) ? 1 : 0;
        }
        int width = op.how().leftOnly() ? left.getAsInt() : left.getAsInt() + right.getAsInt() - shared;
        return width == node.shape()[1] ? Pruned.kept(node) : Pruned.kept(Pruning.withOp(node, op, width));
    }
}
