package io.mars.common.optimize;

import io.mars.common.graph.ChunkGraph;
import io.mars.common.graph.ChunkNode;
import io.mars.common.graph.MemoryEstimate;
import io.mars.common.graph.Subtask;
import io.mars.common.graph.SubtaskGraph;
import io.mars.common.operand.chunk.ChunkElementwise;
import io.mars.common.operand.chunk.ChunkFetch;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Fuses a chunk graph into subtasks and orders them depth-first.
 *
 * <p>A chunk joins its consumer's subtask when it has exactly one consumer, is not a result, and the consumer either
 * is element-wise (its inputs sit at the same chunk position, so they belong together) or has that chunk as its
 * only input. Groups are in-trees, so a subtask's intermediates never leave it and are dropped as soon as they are
 * read. Gathering operands (reduction combines, summation trees, rechunks of several chunks) start new subtasks,
 * which keeps the map side parallel.
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
        Map<ChunkNode, Integer> pos = null;
        boolean split = false;
        for (Subtask st : fused.subtasks()) {
            if (st.chunks().size() < 2) {
                continue;
            }
            MemoryEstimate m = st.memory();
            if (m.exact() && m.total() > memoryBudget) {
                if (pos == null) {
                    pos = positions(graph.nodes());
                }
                for (ChunkNode c : st.chunks()) {
                    alone[pos.get(c)] = true;
                }
                split = true;
            }
        }
        return split ? fuse(graph, alone) : fused;
    }

    private static Map<ChunkNode, Integer> positions(List<ChunkNode> nodes) {
        Map<ChunkNode, Integer> pos = new IdentityHashMap<>(nodes.size() * 2);
        for (int i = 0; i < nodes.size(); i++) {
            pos.put(nodes.get(i), i);
        }
        return pos;
    }

    /** Fuses, keeping each node marked {@code alone} in a subtask of its own. */
    private static SubtaskGraph fuse(ChunkGraph graph, boolean[] alone) {
        List<ChunkNode> nodes = graph.nodes();
        int n = nodes.size();
        Map<ChunkNode, Integer> pos = new IdentityHashMap<>(n * 2);
        for (int i = 0; i < n; i++) {
            pos.put(nodes.get(i), i);
        }
        int[] consumers = new int[n];
        int[] onlyConsumer = new int[n];
        Arrays.fill(onlyConsumer, -1);
        for (int i = 0; i < n; i++) {
            List<ChunkNode> ins = nodes.get(i).inputs();
            for (int j = 0; j < ins.size(); j++) {
                ChunkNode in = ins.get(j);
                if (indexOf(ins, in) != j) {
                    continue; // the same input twice counts once
                }
                int p = pos.get(in);
                consumers[p]++;
                onlyConsumer[p] = i;
            }
        }
        boolean[] result = new boolean[n];
        for (ChunkNode o : graph.outputs()) {
            result[pos.get(o)] = true;
        }
        // assign groups in reverse topological order: consumers first
        int[] group = new int[n];
        Arrays.fill(group, -1);
        int groups = 0;
        int[] root = new int[n];
        for (int i = n - 1; i >= 0; i--) {
            ChunkNode node = nodes.get(i);
            if (node.op() instanceof ChunkFetch) {
                continue;
            }
            int s = onlyConsumer[i];
            if (consumers[i] == 1 && !result[i] && !alone[i] && !alone[s] && absorbs(nodes.get(s))) {
                group[i] = group[s];
            } else {
                root[groups] = i;
                group[i] = groups++;
            }
        }
        // members of each group in topological order
        int[] memberCount = new int[groups];
        for (int i = 0; i < n; i++) {
            if (group[i] >= 0) {
                memberCount[group[i]]++;
            }
        }
        int[][] members = new int[groups][];
        for (int g = 0; g < groups; g++) {
            members[g] = new int[memberCount[g]];
        }
        int[] fill = new int[groups];
        for (int i = 0; i < n; i++) {
            if (group[i] >= 0) {
                members[group[i]][fill[group[i]]++] = i;
            }
        }
        // number groups so that ids follow topological order of roots
        int[] order = new int[groups];
        int[] idOf = new int[groups];
        int next = 0;
        for (int i = 0; i < n; i++) {
            if (group[i] >= 0 && root[group[i]] == i) {
                idOf[group[i]] = next;
                order[next++] = group[i];
            }
        }
        groups = next;
        // a member is an output when it is a result or another group reads it
        boolean[] exported = new boolean[n];
        int[][] preds = new int[groups][];
        List<List<String>> inputs = new ArrayList<>(groups);
        for (int id = 0; id < groups; id++) {
            int g = order[id];
            List<String> in = new ArrayList<>();
            int[] pred = new int[4];
            int np = 0;
            for (int m : members[g]) {
                for (ChunkNode c : nodes.get(m).inputs()) {
                    int p = pos.get(c);
                    if (group[p] == g || in.contains(c.key())) {
                        continue;
                    }
                    in.add(c.key());
                    exported[p] = true;
                    if (group[p] >= 0) {
                        int pid = idOf[group[p]];
                        if (!contains(pred, np, pid)) {
                            if (np == pred.length) {
                                pred = Arrays.copyOf(pred, np * 2);
                            }
                            pred[np++] = pid;
                        }
                    }
                }
            }
            preds[id] = Arrays.copyOf(pred, np);
            inputs.add(in);
        }
        int[][] succs = invert(preds, groups);
        int[] priority = depthFirstOrder(preds, succs, groups);
        List<Subtask> subtasks = new ArrayList<>(groups);
        for (int id = 0; id < groups; id++) {
            int g = order[id];
            List<ChunkNode> chunks = new ArrayList<>(members[g].length);
            List<String> outputs = new ArrayList<>(1);
            for (int m : members[g]) {
                chunks.add(nodes.get(m));
                if (result[m] || exported[m]) {
                    outputs.add(nodes.get(m).key());
                }
            }
            if (outputs.isEmpty()) {
                outputs.add(nodes.get(root[g]).key());
            }
            subtasks.add(new Subtask(id, chunks, inputs.get(id), outputs, priority[id]));
        }
        return new SubtaskGraph(subtasks, preds, succs, leafHints(preds, priority, groups));
    }

    private static boolean absorbs(ChunkNode consumer) {
        return consumer.op() instanceof ChunkElementwise || consumer.inputs().size() == 1;
    }

    private static int indexOf(List<ChunkNode> list, ChunkNode x) {
        for (int i = 0; i < list.size(); i++) {
            if (list.get(i) == x) {
                return i;
            }
        }
        return -1;
    }

    private static boolean contains(int[] xs, int n, int x) {
        for (int i = 0; i < n; i++) {
            if (xs[i] == x) {
                return true;
            }
        }
        return false;
    }

    private static int[][] invert(int[][] preds, int n) {
        int[] count = new int[n];
        for (int[] ps : preds) {
            for (int p : ps) {
                count[p]++;
            }
        }
        int[][] succ = new int[n][];
        for (int i = 0; i < n; i++) {
            succ[i] = new int[count[i]];
        }
        int[] fill = new int[n];
        for (int i = 0; i < n; i++) {
            for (int p : preds[i]) {
                succ[p][fill[p]++] = i;
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
        Integer[] leaves = java.util.stream.IntStream.range(0, n).filter(i -> preds[i].length == 0).boxed()
                .toArray(Integer[]::new);
        Arrays.sort(leaves, (x, y) -> Integer.compare(priority[x], priority[y]));
        for (int r = 0; r < leaves.length; r++) {
            hint[leaves[r]] = (double) r / leaves.length;
        }
        return hint;
    }
}
