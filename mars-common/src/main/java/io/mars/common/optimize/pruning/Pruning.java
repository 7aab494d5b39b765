package io.mars.common.optimize.pruning;

import io.mars.common.graph.TileableNode;
import io.mars.common.operand.Operand;
import io.mars.common.operand.dataframe.AggFn;
import io.mars.common.operand.dataframe.AggSpec;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;

/** Steps the pruning rules share. */
final class Pruning {
    private Pruning() {
    }

    /** Positions of {@code names} in {@code wanted}; at least the first, so that a chunk still knows its row count. */
    static List<Integer> keep(List<String> names, Columns wanted) {
        List<Integer> keep = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            if (wanted.contains(names.get(i))) {
                keep.add(i);
            }
        }
        if (keep.isEmpty() && !names.isEmpty()) {
            keep.add(0);
        }
        return keep;
    }

    static <T> List<T> pick(List<T> xs, List<Integer> at) {
        List<T> out = new ArrayList<>(at.size());
        for (int i : at) {
            out.add(xs.get(i));
        }
        return out;
    }

    /** {@code n} with operand {@code op} and {@code columns} columns. */
    static TileableNode withOp(TileableNode n, Operand op, int columns) {
        long[] shape = n.shape().clone();
        shape[1] = columns;
        return new TileableNode(n.key(), op, n.inputs(), n.dtype(), shape);
    }

    /**
     * A dataframe node whose columns are its first input's (plus {@code extra}), with that input's width after
     * pruning; other nodes as they are.
     */
    static Pruned followInputWidth(TileableNode n, PruningRule.Widths widths, int extra) {
        if (n.shape().length != 2) {
            return Pruned.kept(n);
        }
        OptionalInt w = widths.of(n.inputs().get(0));
        if (w.isEmpty() || w.getAsInt() + extra == n.shape()[1]) {
            return Pruned.kept(n);
        }
        return Pruned.kept(withOp(n, n.op(), w.getAsInt() + extra));
    }

    /** The columns an aggregation reads: its keys and every aggregated column ({@code size} reads none). */
    static Columns aggregated(List<String> keys, List<AggSpec> aggs) {
        Set<String> cols = new LinkedHashSet<>(keys);
        for (AggSpec s : aggs) {
            if (s.fn() != AggFn.SIZE) {
                cols.add(s.column());
            }
        }
        return Columns.of(cols);
    }
}
