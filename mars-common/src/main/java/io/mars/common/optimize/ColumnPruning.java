package io.mars.common.optimize;

import io.mars.common.graph.TileableGraph;
import io.mars.common.graph.TileableNode;
import io.mars.common.optimize.pruning.Columns;
import io.mars.common.optimize.pruning.Pruned;
import io.mars.common.optimize.pruning.PruningRule;
import io.mars.common.optimize.pruning.PruningRules;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;

/**
 * Column pruning on the tileable graph: finds which columns of each table the requested outputs actually use and
 * makes the readers (CSV and Parquet) read only those, dropping unused outputs of row-wise maps on the way, then
 * the inputs such a map no longer reads, and every node no output depends on any more (a column assigned from
 * another frame that nothing reads is never computed). A requested output keeps all its columns. What each operand
 * needs of its inputs and how it is rewritten is its {@link PruningRule}, found in {@link PruningRules}; this class
 * only walks the graph: back from the outputs to collect the columns needed of every node, then forward to rewrite
 * each node knowing how many columns its inputs kept. Returns a new graph with the same keys.
 */
public final class ColumnPruning {
    private ColumnPruning() {
    }

    public static TileableGraph prune(TileableGraph graph) {
        return prune(graph, PruningRules.standard());
    }

    public static TileableGraph prune(TileableGraph graph, PruningRules rules) {
        Map<String, Columns> needed = needed(graph, rules);
        boolean changed = false;
        List<TileableNode> out = new ArrayList<>(graph.nodes().size());
        Map<String, Integer> width = new HashMap<>();
        PruningRule.Widths widths = key -> width.containsKey(key) ? OptionalInt.of(width.get(key)) : OptionalInt.empty();
        Map<String, String> bypassed = new HashMap<>();
        for (TileableNode n : graph.nodes()) {
            TileableNode in = withInputs(n, bypassed);
            Columns want = needed.getOrDefault(n.key(), Columns.all());
            Pruned p = rules.ruleFor(in.op()).rewrite(in, in.op(), want, widths);
            changed |= !(p instanceof Pruned.Kept k && k.node() == n);
            if (p instanceof Pruned.Kept k) {
                out.add(k.node());
                if (k.node().shape().length == 2) {
                    width.put(n.key(), (int) k.node().shape()[1]);
                }
            } else {
                // what the node adds is never computed: its readers read its input instead
                String input = in.inputs().get(0);
                bypassed.put(n.key(), input);
                if (width.containsKey(input)) {
                    width.put(n.key(), width.get(input));
                }
            }
        }
        return changed ? new TileableGraph(reachable(out, graph.outputs()), graph.outputs()) : graph;
    }

    /** The columns needed of every node some output reads, from the outputs back (a requested output: all). */
    private static Map<String, Columns> needed(TileableGraph graph, PruningRules rules) {
        Map<String, Columns> needed = new HashMap<>();
        for (String out : graph.outputs()) {
            needed.put(out, Columns.all());
        }
        List<TileableNode> nodes = graph.nodes();
        for (int k = nodes.size() - 1; k >= 0; k--) {
            TileableNode n = nodes.get(k);
            Columns want = needed.get(n.key());
            if (want == null) {
                continue; // nothing reads it here
            }
            List<Columns> inputs = rules.ruleFor(n.op()).inputsNeed(n, n.op(), want);
            for (int i = 0; i < inputs.size(); i++) {
                needed.merge(n.inputs().get(i), inputs.get(i), Columns::union);
            }
        }
        return needed;
    }

    /** {@code n} reading, instead of a bypassed node, that node's input. */
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

    /** The nodes some output depends on, in their order: pruning can leave whole branches unread. */
    private static List<TileableNode> reachable(List<TileableNode> nodes, List<String> outputs) {
        Map<String, TileableNode> byKey = new HashMap<>();
        for (TileableNode n : nodes) {
            byKey.put(n.key(), n);
        }
        Set<String> live = new HashSet<>();
        ArrayDeque<String> todo = new ArrayDeque<>(outputs);
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
}
