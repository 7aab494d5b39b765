package io.mars.common.optimize;

import io.mars.common.graph.ChunkGraph;
import io.mars.common.graph.ChunkNode;
import io.mars.common.graph.ChunkPositions;
import io.mars.common.graph.MemoryEstimate;
import io.mars.common.graph.Subtask;
import io.mars.common.graph.SubtaskGraph;
import io.mars.common.graph.SubtaskList;
import io.mars.common.operand.chunk.ChunkAssemble;
import io.mars.common.operand.chunk.ChunkCentreMoves;
import io.mars.common.operand.chunk.ChunkElementwise;
import io.mars.common.operand.chunk.ChunkFetch;
import io.mars.common.operand.dataframe.ChunkTableFilter;
import io.mars.common.operand.dataframe.ChunkTableMap;
import java.util.Arrays;
import java.util.List;

/**
 * Fuses a chunk graph into subtasks and orders them depth-first.
 *
 * <p>A chunk joins its consumers' subtask when all its consumers are in one subtask and each consumer either is row-
 * or element-aligned (element-wise, a row-wise table map or filter, or k-means' bounded sums: its inputs sit at the
 * same chunk position, so they belong together) or has that chunk as its only input. A result joins too and is
 * stored from there, with the subtask's own output (k-means' bounds table, persisted for the next iteration, and
 * the sums made from it). A chunk read by several chunks of one subtask (a table read by the several predicates that
 * filter it) is so computed once, inside the subtask, and kept until its last reader in the subtask has run; a
 * subtask's intermediates never leave it. Gathering
 * operands (reduction combines, summation trees, rechunks of several chunks) start new subtasks, which keeps the map
 * side parallel.
 *
 * <p>Priorities are a post-order of a depth-first walk from the sinks: a subtask's inputs come right before it, so a
 * scheduler that always runs the smallest ready priority finishes a branch (and frees its memory) before it starts
 * the next one. Leaves get a spread position in the same order, so siblings that meet later land together.
 */
public final class Fusion {
    private Fusion() {
    }

    public static SubtaskGraph fuse(ChunkGraph graph) {
        return fuse(graph, Long.MAX_VALUE);
    }

    /**
     * Fuses so that a subtask holds at most {@code memoryBudget} bytes at once where that can be known: a fused group
     * whose exact {@link Subtask#memory() estimate} is over the budget runs as one subtask per chunk instead (each
     * stores its output, which can be spilled, rather than holding inputs and intermediates together).
     */
    public static SubtaskGraph fuse(ChunkGraph graph, long memoryBudget) {
        boolean[] alone = new boolean[graph.nodes().size()];
        SubtaskGraph fused = fuse(graph, alone);
        if (memoryBudget == Long.MAX_VALUE) {
            return fused;
        }
        Positions pos = null;
        boolean split = false;
        for (Subtask st : fused.subtasks()) {
            if (st.chunks().size() < 2) {
                continue;
            }
            MemoryEstimate m = st.memory();
            if (m.exact() && m.total() > memoryBudget) {
                if (pos == null) {
                    pos = new Positions(graph.nodes());
                }
                for (ChunkNode c : st.chunks()) {
                    alone[pos.get(c)] = true;
                }
                split = true;
            }
        }
        return split ? fuse(graph, alone) : fused;
    }

    /** Fuses, keeping each node marked {@code alone} in a subtask of its own. */
    private static SubtaskGraph fuse(ChunkGraph graph, boolean[] alone) {
        // a graph may have millions of chunks: the arrays here are big, and each is dropped once used
        List<ChunkNode> nodes = graph.nodes();
        int n = nodes.size();
        Positions pos = new Positions(nodes);
        boolean[] result = new boolean[n];
        for (ChunkNode o : graph.outputs()) {
            result[position(pos, o)] = true;
        }
        // assign groups in reverse topological order, so a node's consumers all have theirs before it: the one group
        // every consumer of a node that may take it in has (NONE_YET: no consumer so far; MIXED: none such)
        int[] common = new int[n];
        Arrays.fill(common, NONE_YET);
        int[] group = new int[n];
        Arrays.fill(group, -1);
        int groups = 0;
        int[] root = new int[16];
        for (int i = n - 1; i >= 0; i--) {
            ChunkNode node = nodes.get(i);
            if (node.op() instanceof ChunkFetch) {
                continue;
            }
            if (common[i] >= 0 && !alone[i]) {
                group[i] = common[i];
            } else {
                root = append(root, groups, i);
                group[i] = groups++;
            }
            int offered = alone[i] || !absorbs(node) ? MIXED : group[i];
            for (int j = 0, m = node.inputCount(); j < m; j++) {
                ChunkNode in = node.input(j);
                if (firstInput(node, in) != j) {
                    continue; // the same input twice counts once
                }
                int p = position(pos, in);
                common[p] = common[p] == NONE_YET || common[p] == offered ? offered : MIXED;
            }
        }
        int[] spare = common; // used again below
        common = null;
        joinCuts(nodes, pos, group, root, groups, alone);
        // number groups so that ids follow topological order of roots; from here on a chunk's group is its subtask id
        int[] idOf = new int[groups];
        int[] rootOf = new int[groups];
        int next = 0;
        for (int i = 0; i < n; i++) {
            if (group[i] >= 0 && root[group[i]] == i) {
                rootOf[next] = i;
                idOf[group[i]] = next++;
            }
        }
        groups = next;
        root = null;
        for (int i = 0; i < n; i++) {
            if (group[i] >= 0) {
                group[i] = idOf[group[i]];
            }
        }
        idOf = null;
        // the chunks of each subtask in topological order, subtask after subtask
        int[] chunkStart = new int[groups + 1];
        for (int i = 0; i < n; i++) {
            if (group[i] >= 0) {
                chunkStart[group[i] + 1]++;
            }
        }
        for (int id = 0; id < groups; id++) {
            chunkStart[id + 1] += chunkStart[id];
        }
        ChunkNode[] chunks = new ChunkNode[chunkStart[groups]];
        int[] fill = Arrays.copyOf(chunkStart, groups);
        for (int i = 0; i < n; i++) {
            if (group[i] >= 0) {
                chunks[fill[group[i]]++] = nodes.get(i);
            }
        }
        fill = null;
        // what each subtask reads from others; a member is an output when it is a result or another subtask reads it
        boolean[] exported = new boolean[n];
        int[][] preds = new int[groups][];
        int[] inputStart = new int[groups + 1];
        int[] inputs = new int[Math.max(16, groups)]; // node positions here, keyed chunk numbers below
        int ni = 0;
        int[] pred = new int[4];
        for (int id = 0; id < groups; id++) {
            int np = 0;
            for (int k = chunkStart[id]; k < chunkStart[id + 1]; k++) {
                ChunkNode node = chunks[k];
                for (int j = 0, count = node.inputCount(); j < count; j++) {
                    int p = position(pos, node.input(j));
                    if (group[p] == id || contains(inputs, inputStart[id], ni, p)) {
                        continue;
                    }
                    inputs = append(inputs, ni++, p);
                    exported[p] = true;
                    if (group[p] >= 0) {
                        int pid = group[p];
                        if (!contains(pred, np, pid)) {
                            pred = append(pred, np++, pid);
                        }
                    }
                }
            }
            preds[id] = np == 0 ? NONE : Arrays.copyOf(pred, np);
            inputStart[id + 1] = ni;
        }
        group = null;
        int[][] succs = invert(preds, groups);
        int[] priority = depthFirstOrder(preds, succs, groups);
        // the chunks subtasks store or read, numbered by first appearance among the outputs, then the inputs
        int[] number = spare;
        Arrays.fill(number, -1);
        ChunkNode[] keyed = new ChunkNode[Math.max(16, groups)];
        int keyedCount = 0;
        int[] outputStart = new int[groups + 1];
        int[] outputs = new int[groups];
        int no = 0;
        for (int id = 0; id < groups; id++) {
            int first = no;
            for (int k = chunkStart[id]; k < chunkStart[id + 1]; k++) {
                int m = position(pos, chunks[k]);
                if (result[m] || exported[m]) {
                    outputs = append(outputs, no++, keyedCount);
                    keyed = append(keyed, keyedCount, chunks[k]);
                    number[m] = keyedCount++;
                }
            }
            if (no == first) {
                // a subtask whose chunks nobody reads stores its root
                outputs = append(outputs, no++, keyedCount);
                keyed = append(keyed, keyedCount, nodes.get(rootOf[id]));
                number[rootOf[id]] = keyedCount++;
            }
            outputStart[id + 1] = no;
        }
        for (int i = 0; i < ni; i++) {
            int p = inputs[i];
            if (number[p] < 0) {
                keyed = append(keyed, keyedCount, nodes.get(p));
                number[p] = keyedCount++;
            }
            inputs[i] = number[p];
        }
        SubtaskList subtasks = new SubtaskList(chunks, chunkStart, Arrays.copyOf(inputs, ni), inputStart,
                Arrays.copyOf(outputs, no), outputStart, Arrays.copyOf(keyed, keyedCount), priority);
        return new SubtaskGraph(subtasks, preds, succs, leafHints(preds, priority, groups));
    }

    /**
     * Moves each rechunk or transpose piece cut from chunks of one subtask (a {@link ChunkAssemble} in a group of its
     * own whose inputs all lie in one other group) into that subtask, in topological order so that a chain of pieces
     * moves whole: the subtask then stores its pieces instead of the chunk they are cut from, which is never stored,
     * and the pieces are no subtasks of their own. A group left empty gets no id (its root no longer names it).
     */
    private static void joinCuts(List<ChunkNode> nodes, Positions pos, int[] group, int[] root, int groups,
            boolean[] alone) {
        int[] members = null;
        for (int i = 0; i < nodes.size(); i++) {
            ChunkNode node = nodes.get(i);
            if (!(node.op() instanceof ChunkAssemble) || alone[i] || group[i] < 0 || root[group[i]] != i
                    || node.inputCount() == 0) {
                continue;
            }
            int into = group[position(pos, node.input(0))];
            for (int j = 1, m = node.inputCount(); j < m && into >= 0; j++) {
                into = group[position(pos, node.input(j))] == into ? into : -1;
            }
            if (into < 0 || into == group[i] || alone[root[into]]) {
                continue;
            }
            if (members == null) {
                members = new int[groups];
                for (int g : group) {
                    if (g >= 0) {
                        members[g]++;
                    }
                }
            }
            if (members[group[i]] != 1) {
                continue;
            }
            members[group[i]]--;
            members[into]++;
            group[i] = into;
        }
    }

    /** {@code xs} with {@code x} at {@code i}, grown if full. */
    private static int[] append(int[] xs, int i, int x) {
        int[] out = i < xs.length ? xs : Arrays.copyOf(xs, i + (i >> 1) + 1);
        out[i] = x;
        return out;
    }

    private static ChunkNode[] append(ChunkNode[] xs, int i, ChunkNode x) {
        ChunkNode[] out = i < xs.length ? xs : Arrays.copyOf(xs, i + (i >> 1) + 1);
        out[i] = x;
        return out;
    }

    private static boolean contains(int[] xs, int from, int to, int x) {
        for (int i = from; i < to; i++) {
            if (xs[i] == x) {
                return true;
            }
        }
        return false;
    }

    private static boolean absorbs(ChunkNode consumer) {
        return consumer.op() instanceof ChunkElementwise || consumer.op() instanceof ChunkTableMap
                || consumer.op() instanceof ChunkTableFilter || consumer.op() instanceof ChunkCentreMoves
                || consumer.inputCount() == 1;
    }

    /** {@code common} of a node no consumer has been seen of yet. */
    private static final int NONE_YET = -1;
    /** {@code common} of a node whose consumers are in several groups, or one of which takes no input in. */
    private static final int MIXED = -2;

    /** Where {@code x} first appears among the inputs of {@code node}. */
    private static int firstInput(ChunkNode node, ChunkNode x) {
        for (int i = 0, m = node.inputCount(); i < m; i++) {
            if (node.input(i) == x) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Where the nodes are in the graph's list: a node's {@link ChunkNode#serial() serial} when the node is there (a
     * graph tiled in one run, nothing dropped), else found by identity among those that are elsewhere.
     */
    private static final class Positions {
        private final List<ChunkNode> nodes;
        private ChunkPositions elsewhere;
        private int[] elsewherePosition;

        Positions(List<ChunkNode> nodes) {
            this.nodes = nodes;
            for (int i = 0; i < nodes.size(); i++) {
                ChunkNode c = nodes.get(i);
                if (c.serial() != i) {
                    if (elsewhere == null) {
                        elsewhere = new ChunkPositions(16);
                        elsewherePosition = new int[16];
                    }
                    if (elsewhere.add(c)) {
                        int k = elsewhere.size() - 1;
                        if (k == elsewherePosition.length) {
                            elsewherePosition = Arrays.copyOf(elsewherePosition, k * 2);
                        }
                        elsewherePosition[k] = i;
                    }
                }
            }
        }

        /** The position of {@code c}, or -1 when it is not in the graph. */
        int get(ChunkNode c) {
            int s = c.serial();
            if (s >= 0 && s < nodes.size() && nodes.get(s) == c) {
                return s;
            }
            int k = elsewhere == null ? -1 : elsewhere.get(c);
            return k < 0 ? -1 : elsewherePosition[k];
        }
    }

    private static int position(Positions pos, ChunkNode c) {
        int p = pos.get(c);
        if (p < 0) {
            throw new NullPointerException("chunk " + c + " is read or wanted but not in the graph");
        }
        return p;
    }

    private static boolean contains(int[] xs, int n, int x) {
        for (int i = 0; i < n; i++) {
            if (xs[i] == x) {
                return true;
            }
        }
        return false;
    }

    /** The dependencies of a subtask without any (most of the subtasks of a big graph): one array for them all. */
    private static final int[] NONE = new int[0];

    private static int[][] invert(int[][] preds, int n) {
        int[] count = new int[n];
        for (int[] ps : preds) {
            for (int p : ps) {
                count[p]++;
            }
        }
        int[][] succ = new int[n][];
        for (int i = 0; i < n; i++) {
            succ[i] = count[i] == 0 ? NONE : new int[count[i]];
        }
        int[] fill = new int[n];
        for (int i = 0; i < n; i++) {
            for (int p : preds[i]) {
                succ[p][fill[p]++] = i;
            }
        }
        // siblings read by one consumer (the map chunks of a reduction) share its array
        for (int i = 1; i < n; i++) {
            if (succ[i].length != 0 && Arrays.equals(succ[i], succ[i - 1])) {
                succ[i] = succ[i - 1];
            }
        }
        return succ;
    }

    /** Post-order of an iterative depth-first walk over predecessors, starting from each sink in id order. */
    static int[] depthFirstOrder(int[][] preds, int[][] succs, int n) {
        int[] priority = new int[n];
        Arrays.fill(priority, -1);
        boolean[] entered = new boolean[n];
        int[] stack = new int[n];
        int[] cursor = new int[n];
        int counter = 0;
        for (int sink = 0; sink < n; sink++) {
            if (succs[sink].length != 0 || entered[sink]) {
                continue;
            }
            int sp = 0;
            stack[sp++] = sink;
            entered[sink] = true;
            while (sp > 0) {
                int top = stack[sp - 1];
                if (cursor[top] < preds[top].length) {
                    int p = preds[top][cursor[top]++];
                    if (!entered[p]) {
                        entered[p] = true;
                        stack[sp++] = p;
                    }
                } else {
                    priority[top] = counter++;
                    sp--;
                }
            }
        }
        return priority;
    }

    private static double[] leafHints(int[][] preds, int[] priority, int n) {
        double[] hint = new double[n];
        Arrays.fill(hint, -1);
        // leaves by priority; priorities are distinct (a post-order numbers each subtask once)
        int[] byPriority = new int[n];
        Arrays.fill(byPriority, -1);
        int leafCount = 0;
        for (int i = 0; i < n; i++) {
            if (preds[i].length == 0) {
                byPriority[priority[i]] = i;
                leafCount++;
            }
        }
        int r = 0;
        for (int i : byPriority) {
            if (i >= 0) {
                hint[i] = (double) r++ / leafCount;
            }
        }
        return hint;
    }
}
