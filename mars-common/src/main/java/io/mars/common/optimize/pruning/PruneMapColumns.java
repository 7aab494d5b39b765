package io.mars.common.optimize.pruning;

import io.mars.common.graph.TileableNode;
import io.mars.common.operand.dataframe.ColumnExpr;
import io.mars.common.operand.dataframe.ColumnRef;
import io.mars.common.operand.dataframe.TableMap;
import io.mars.common.operand.dataframe.TableRowPositions;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A row-wise map computes only its wanted outputs and reads only the columns those refer to; inputs none of them
 * reads are dropped. A series map (one axis) always computes its value, its first output, and drops its labels'
 * output when nobody reads the labels.
 */
final class PruneMapColumns implements PruningRule<TableMap> {
    @Override
    public List<Columns> inputsNeed(TileableNode node, TableMap op, Columns wanted) {
        List<Set<String>> refs = new ArrayList<>();
        for (int i = 0; i < node.inputs().size(); i++) {
            refs.add(new LinkedHashSet<>());
        }
        for (ColumnExpr e : op.outputs()) {
            // a series' value (its first output) is read whenever the series is (a mask wants only that)
            if (wanted.contains(e.name()) || node.shape().length == 1 && e == op.outputs().get(0)) {
                for (ColumnRef r : e.args()) {
                    refs.get(r.input()).add(r.column());
                }
            }
        }
        return refs.stream().map(Columns::of).toList();
    }

    @Override
    public Pruned rewrite(TileableNode node, TableMap op, Columns wanted, Widths widths) {
        if (wanted.every()) {
            return Pruned.kept(node);
        }
        return Pruned.kept(node.shape().length == 2 ? withoutUnwanted(node, op, wanted)
                : withoutUnreadLabels(node, op, wanted));
    }

    private static TileableNode withoutUnwanted(TileableNode n, TableMap m, Columns wanted) {
        List<String> names = new ArrayList<>();
        for (ColumnExpr e : m.outputs()) {
            names.add(e.name());
        }
        List<Integer> keep = Pruning.keep(names, wanted);
        if (keep.size() == names.size()) {
            return n;
        }
        List<ColumnExpr> kept = Pruning.pick(m.outputs(), keep);
        return withoutUnreadInputs(Pruning.withOp(n, new TableMap(kept), keep.size()), kept);
    }

    /** A series map without its labels' output when nothing reads them (the value, first, always stays). */
    private static TileableNode withoutUnreadLabels(TileableNode n, TableMap m, Columns wanted) {
        if (n.shape().length != 1 || wanted.contains(TableRowPositions.INDEX_COLUMN)) {
            return n;
        }
        List<ColumnExpr> kept = new ArrayList<>(m.outputs().size());
        for (int i = 0; i < m.outputs().size(); i++) {
            if (i == 0 || !m.outputs().get(i).name().equals(TableRowPositions.INDEX_COLUMN)) {
                kept.add(m.outputs().get(i));
            }
        }
        if (kept.size() == m.outputs().size()) {
            return n;
        }
        TileableNode out = new TileableNode(n.key(), new TableMap(kept), n.inputs(), n.dtype(), n.shape());
        return withoutUnreadInputs(out, kept);
    }

    /**
     * A map node without the inputs none of its (kept) outputs read, its column references renumbered; the first
     * input stays when nothing is read, as the chunks' row count comes from it.
     */
    private static TileableNode withoutUnreadInputs(TileableNode n, List<ColumnExpr> outputs) {
        boolean[] read = new boolean[n.inputs().size()];
        boolean any = false;
        for (ColumnExpr e : outputs) {
            for (ColumnRef r : e.args()) {
                read[r.input()] = true;
                any = true;
            }
        }
        read[0] |= !any;
        int[] renumber = new int[read.length];
        List<String> inputs = new ArrayList<>();
        for (int i = 0; i < read.length; i++) {
            renumber[i] = read[i] ? inputs.size() : -1;
            if (read[i]) {
                inputs.add(n.inputs().get(i));
            }
        }
        if (inputs.size() == n.inputs().size()) {
            return n;
        }
        List<ColumnExpr> remapped = new ArrayList<>(outputs.size());
        for (ColumnExpr e : outputs) {
            List<ColumnRef> args = new ArrayList<>(e.args().size());
            for (ColumnRef r : e.args()) {
                args.add(new ColumnRef(renumber[r.input()], r.column()));
            }
            remapped.add(new ColumnExpr(e.name(), e.dtype(), e.fn(), args, e.constant(), e.text(), e.constantFirst()));
        }
        return new TileableNode(n.key(), new TableMap(remapped), inputs, n.dtype(), n.shape());
    }
}
