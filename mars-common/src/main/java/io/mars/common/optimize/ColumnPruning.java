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
        for (TileableNode n : nodes) {
            TileableNode p = rewrite(n, needed.containsKey(n.key()) ? needed.get(n.key()) : null, width);
            changed |= p != n;
            out.add(p);
        }
        if (changed) {
            out = reachable(out, graph.outputs());
        }
        return changed ? new TileableGraph(out, graph.outputs()) : graph;
    }

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
                if (want == null || want.contains(e.name())) {
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
            needAll(needed, in.get(1));
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
        } else if ((op instanceof TableFilter || op instanceof TableHead) && n.shape().length == 2) {
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
