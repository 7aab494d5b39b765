package io.mars.common.optimize;

import io.mars.common.graph.TileableGraph;
import io.mars.common.graph.TileableNode;
import io.mars.common.operand.Operand;
import io.mars.common.operand.dataframe.AggFn;
import io.mars.common.operand.dataframe.AggSpec;
import io.mars.common.operand.dataframe.ColumnExpr;
import io.mars.common.operand.dataframe.ColumnRef;
import io.mars.common.operand.dataframe.DataFrameReadCsv;
import io.mars.common.operand.dataframe.DataFrameReadParquet;
import io.mars.common.operand.dataframe.TableAggPartial;
import io.mars.common.operand.dataframe.TableAggregate;
import io.mars.common.operand.dataframe.TableFilter;
import io.mars.common.operand.dataframe.TableHead;
import io.mars.common.operand.dataframe.TableMap;
import io.mars.common.operand.dataframe.TableDropDuplicates;
import io.mars.common.operand.dataframe.TableRowPositions;
import io.mars.common.operand.dataframe.SeriesAccessor;
import io.mars.common.operand.dataframe.TableSortValues;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Column pruning on the tileable graph: finds which columns of each table the requested outputs actually use and
 * makes the readers (CSV and Parquet) read only those, dropping unused outputs of row-wise maps on the way, then
 * the inputs such a map no longer reads, and every node no output depends on any more (a column assigned from
 * another frame that nothing reads is never computed). A
 * requested output keeps all its columns; an operand this pass does not know needs all columns of its inputs, so
 * new operands are safe before they are taught here. Returns a new graph with the same keys.
 */
public final class ColumnPruning {
    private ColumnPruning() {
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

    /** The nodes some output depends on, in their order: pruning can leave whole branches unread. */
    private static List<TileableNode> reachable(List<TileableNode> nodes, List<String> outputs) {
        Map<String, TileableNode> byKey = new HashMap<>();
        for (TileableNode n : nodes) {
            byKey.put(n.key(), n);
        }
        Set<String> live = new java.util.HashSet<>();
        java.util.ArrayDeque<String> todo = new java.util.ArrayDeque<>(outputs);
        while (!todo.isEmpty()) {
            String k = todo.pop();
            if (live.add(k) && byKey.containsKey(k)) {
                todo.addAll(byKey.get(k).inputs());
            }
        }
        List<TileableNode> out = new ArrayList<>(nodes.size());
        for (TileableNode n : nodes) {
            if (live.contains(n.key())) {
                out.add(n);
            }
        }
        return out;
    }

    public static TileableGraph prune(TileableGraph graph) {
        Map<String, TileableNode> byKey = new HashMap<>();
        for (TileableNode n : graph.nodes()) {
            byKey.put(n.key(), n);
        }
        // null in this map: every column is needed
        Map<String, Set<String>> needed = new HashMap<>();
        for (String out : graph.outputs()) {
            needAll(needed, out);
        }
        List<TileableNode> nodes = graph.nodes();
        for (int k = nodes.size() - 1; k >= 0; k--) {
            TileableNode n = nodes.get(k);
            if (!needed.containsKey(n.key())) {
                continue; // nothing reads it here
            }
            Set<String> want = needed.get(n.key());
            propagate(n, want, needed);
        }
        boolean changed = false;
        List<TileableNode> out = new ArrayList<>(nodes.size());
        Map<String, Integer> width = new HashMap<>();
        Map<String, String> unlabelled = new HashMap<>();
        for (TileableNode n : nodes) {
            Set<String> want = needed.containsKey(n.key()) ? needed.get(n.key()) : null;
            if (labelsUnread(n, want)) {
                // the positions nobody reads are never computed: readers of this node read its input instead
                unlabelled.put(n.key(), n.inputs().get(0));
                Integer w = width.get(n.inputs().get(0));
                if (w != null) {
                    width.put(n.key(), w);
                }
                changed = true;
                continue;
            }
            TileableNode p = rewrite(withInputs(n, unlabelled), want, width);
            changed |= p != n;
            out.add(p);
        }
        if (changed) {
            out = reachable(out, graph.outputs());
        }
        return changed ? new TileableGraph(out, graph.outputs()) : graph;
    }

    // --- index (row labels) ---

    /**
     * A filter reads only the mask's values, its first column: the mask's own labels (a series of a labelled frame
     * carries them) are not needed.
     */
    private static void needMask(Map<String, Set<String>> needed, String mask) {
        need(needed, mask, Set.of());
    }

    /** Operands that give out their input's columns, moving or dropping rows (their width follows the input's). */
    private static boolean keepsInputColumns(Operand op) {
        return op instanceof TableSortValues || op instanceof TableDropDuplicates;
    }

    /**
     * What the row-label operands and the row movers that keep every input column need of their input: the
     * positions need what is wanted of them but the labels they make; a sort or drop_duplicates also its keys.
     * False for other operands.
     */
    private static boolean propagateLabels(Operand op, List<String> in, Set<String> want,
                                           Map<String, Set<String>> needed) {
        if (op instanceof SeriesAccessor) {
            need(needed, in.get(0), Set.of()); // .str/.dt read the series' values only, not its labels
            return true;
        }
        if (op instanceof TableRowPositions) {
            Set<String> cols = want == null ? null : new LinkedHashSet<>(want);
            if (cols != null) {
                cols.remove(TableRowPositions.INDEX_COLUMN);
            }
            need(needed, in.get(0), cols);
            return true;
        }
        List<String> keys = op instanceof TableSortValues s ? s.by()
                : op instanceof TableDropDuplicates d ? d.subset() : null;
        if (keys == null) {
            return false;
        }
        Set<String> cols = want == null ? null : new LinkedHashSet<>(want);
        if (cols != null) {
            cols.addAll(keys);
        }
        need(needed, in.get(0), cols);
        return true;
    }

    /** A positions node whose labels nothing reads (a requested output reads everything). */
    private static boolean labelsUnread(TileableNode n, Set<String> want) {
        return n.op() instanceof TableRowPositions && want != null
                && !want.contains(TableRowPositions.INDEX_COLUMN);
    }

    /** {@code n} reading, instead of a removed positions node, that node's input. */
    private static TileableNode withInputs(TileableNode n, Map<String, String> replaced) {
        if (replaced.isEmpty()) {
            return n;
        }
        List<String> inputs = new ArrayList<>(n.inputs().size());
        boolean any = false;
        for (String i : n.inputs()) {
            String r = replaced.getOrDefault(i, i);
            any |= !r.equals(i);
            inputs.add(r);
        }
        return any ? new TileableNode(n.key(), n.op(), inputs, n.dtype(), n.shape()) : n;
    }

    /** A series map without its labels' output when nothing reads them (the value, first, always stays). */
    private static TileableNode withoutUnreadLabels(TileableNode n, TableMap m, Set<String> want) {
        if (want.contains(TableRowPositions.INDEX_COLUMN)) {
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

    // --- end index ---

    private static void needAll(Map<String, Set<String>> needed, String key) {
        needed.put(key, null);
    }

    private static void need(Map<String, Set<String>> needed, String key, Set<String> cols) {
        if (cols == null) {
            needAll(needed, key);
            return;
        }
        if (needed.containsKey(key) && needed.get(key) == null) {
            return;
        }
        needed.computeIfAbsent(key, x -> new LinkedHashSet<>()).addAll(cols);
    }

    private static void propagate(TileableNode n, Set<String> want, Map<String, Set<String>> needed) {
        Operand op = n.op();
        List<String> in = n.inputs();
        if (op instanceof TableMap m) {
            List<Set<String>> refs = new ArrayList<>();
            for (int i = 0; i < in.size(); i++) {
                refs.add(new LinkedHashSet<>());
            }
            for (ColumnExpr e : m.outputs()) {
                // a series' value (its first output) is read whenever the series is (a mask wants only that)
                if (want == null || want.contains(e.name()) || n.shape().length == 1 && e == m.outputs().get(0)) {
                    for (ColumnRef r : e.args()) {
                        refs.get(r.input()).add(r.column());
                    }
                }
            }
            for (int i = 0; i < in.size(); i++) {
                need(needed, in.get(i), refs.get(i));
            }
        } else if (op instanceof TableFilter) {
            need(needed, in.get(0), want);
            needMask(needed, in.get(1));
        } else if (propagateLabels(op, in, want, needed)) {
            return;
        } else if (op instanceof TableHead) {
            need(needed, in.get(0), want);
        } else if (op instanceof TableAggregate a) {
            need(needed, in.get(0), aggregated(a.keys(), a.aggs()));
        } else if (op instanceof TableAggPartial a) {
            // a groupby's first step (the tree or shuffle that follows reads all of its partial states)
            need(needed, in.get(0), aggregated(a.keys(), a.aggs()));
        } else {
            for (String i : in) {
                needAll(needed, i);
            }
        }
    }

    /** The node reading or computing only {@code want} (null: all), and its resulting column count in {@code width}. */
    private static TileableNode rewrite(TileableNode n, Set<String> want, Map<String, Integer> width) {
        Operand op = n.op();
        TileableNode out = n;
        if (op instanceof DataFrameReadCsv r && want != null) {
            List<Integer> keep = keep(r.columns(), want);
            if (keep.size() < r.columns().size()) {
                out = withOp(n, r.withColumns(pick(r.columns(), keep), pick(r.dtypes(), keep)), keep.size());
            }
        } else if (op instanceof DataFrameReadParquet r && want != null) {
            List<Integer> keep = keep(r.columns(), want);
            if (keep.size() < r.columns().size()) {
                out = withOp(n, r.withColumns(pick(r.columns(), keep), pick(r.dtypes(), keep)), keep.size());
            }
        } else if (op instanceof TableMap m && want != null && n.shape().length == 2) {
            List<String> names = new ArrayList<>();
            for (ColumnExpr e : m.outputs()) {
                names.add(e.name());
            }
            List<Integer> keep = keep(names, want);
            if (keep.size() < names.size()) {
                out = withOp(n, new TableMap(pick(m.outputs(), keep)), keep.size());
                out = withoutUnreadInputs(out, ((TableMap) out.op()).outputs());
            }
        } else if (op instanceof TableMap m && want != null && n.shape().length == 1) {
            out = withoutUnreadLabels(n, m, want);
        } else if (op instanceof TableRowPositions && n.shape().length == 2) {
            Integer w = width.get(n.inputs().get(0));
            if (w != null && w + 1 != n.shape()[1]) {
                long[] shape = n.shape().clone();
                shape[1] = w + 1;
                out = new TileableNode(n.key(), op, n.inputs(), n.dtype(), shape);
            }
        } else if ((op instanceof TableFilter || op instanceof TableHead || keepsInputColumns(op))
                && n.shape().length == 2) {
            Integer w = width.get(n.inputs().get(0));
            if (w != null && w != n.shape()[1]) {
                long[] shape = n.shape().clone();
                shape[1] = w;
                out = new TileableNode(n.key(), op, n.inputs(), n.dtype(), shape);
            }
        }
        if (out.shape().length == 2) {
            width.put(n.key(), (int) out.shape()[1]);
        }
        return out;
    }

    /** Positions of {@code names} in {@code want}; at least the first, so that a chunk still knows its row count. */
    private static List<Integer> keep(List<String> names, Set<String> want) {
        List<Integer> keep = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            if (want.contains(names.get(i))) {
                keep.add(i);
            }
        }
        if (keep.isEmpty() && !names.isEmpty()) {
            keep.add(0);
        }
        return keep;
    }

    private static <T> List<T> pick(List<T> xs, List<Integer> at) {
        List<T> out = new ArrayList<>(at.size());
        for (int i : at) {
            out.add(xs.get(i));
        }
        return out;
    }

    private static TileableNode withOp(TileableNode n, Operand op, int columns) {
        long[] shape = n.shape().clone();
        shape[1] = columns;
        return new TileableNode(n.key(), op, n.inputs(), n.dtype(), shape);
    }


    /** The columns an aggregation reads: its keys and every aggregated column ({@code size} reads none). */
    private static Set<String> aggregated(List<String> keys, List<AggSpec> aggs) {
        Set<String> cols = new LinkedHashSet<>(keys);
        for (AggSpec s : aggs) {
            if (s.fn() != AggFn.SIZE) {
                cols.add(s.column());
            }
        }
        return cols;
    }
}
