package io.mars.am.services.scheduling.internal;

import io.mars.common.graph.ChunkNode;
import io.mars.common.graph.Subtask;
import io.mars.common.graph.SubtaskGraph;
import io.mars.common.graph.SubtaskList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The chunks one task run reads and writes, indexed by int within the run: per chunk its producer, location
 * (a {@link WorkerIds} index), stored size and whether it is gone, in arrays; each subtask's inputs and outputs as
 * chunk indexes: those a {@link SubtaskList} numbered already (a fused graph), else two flat arrays made here. A few
 * bytes per chunk instead of several map entries, since the scheduler holds this for every subtask of a task (10^6 at
 * the scale we aim for).
 */
final class RunChunks {
    /** The subtask of this graph storing each chunk, or -1 for a chunk an earlier task stored. */
    final int[] producer;
    /** A worker holding each chunk, or -1 when none is known. */
    final int[] location;
    /** Each chunk's stored size once known; 1 until then (so that locality still counts it). */
    final long[] bytes;
    /** The chunks the task keeps, which must exist when it ends. */
    final BitSet results = new BitSet();
    /** Chunks of this graph that no longer exist: lost with their worker, or deleted once every reader finished. */
    final BitSet gone = new BitSet();
    /** Workers keeping copies of a chunk besides its {@link #location} (rare: only fetched inputs kept). */
    final Map<Integer, List<Integer>> copies = new HashMap<>();
    /** The graph's own numbering of the chunks it reads and stores, when it has one; else the arrays below. */
    private final SubtaskList keyed;
    private final int[] inputStart;
    private final int[] inputs;
    private final int[] outputStart;
    private final int[] outputs;

    /** Indexes the graph's chunks; {@code stored} names a worker for inputs stored by earlier tasks. */
    RunChunks(SubtaskGraph graph, Map<String, String> stored, Set<String> resultKeys, WorkerIds workers) {
        if (graph.subtasks() instanceof SubtaskList list) {
            // fusion numbered the chunks already, outputs first as below: no keys to spell out and index
            this.keyed = list;
            this.inputStart = null;
            this.inputs = null;
            this.outputStart = null;
            this.outputs = null;
            int m = list.keyedCount();
            this.producer = none(m);
            this.location = none(m);
            this.bytes = oneByteEach(m);
            for (int s = 0; s < list.size(); s++) {
                for (int j = 0, n = list.outputCount(s); j < n; j++) {
                    producer[list.output(s, j)] = s;
                }
            }
            int produced = list.producedCount();
            if (!stored.isEmpty()) {
                for (int c = produced; c < m; c++) {
                    String worker = stored.get(list.keyed(c).key());
                    if (worker != null) {
                        location[c] = workers.index(worker);
                    }
                }
            }
            markResults(list, resultKeys);
            return;
        }
        this.keyed = null;
        int n = graph.size();
        int inputCount = 0;
        int outputCount = 0;
        for (Subtask st : graph.subtasks()) {
            inputCount += st.inputs().size();
            outputCount += st.outputs().size();
        }
        // outputs first, so that the chunks with an index below 'produced' are those with a producer here; most inputs
        // are outputs of other subtasks, so the index is sized for the outputs and grows if need be
        KeyIndex index = new KeyIndex(outputCount);
        for (Subtask st : graph.subtasks()) {
            for (String out : st.outputs()) {
                index.indexOf(out);
            }
        }
        int produced = index.size();
        for (Subtask st : graph.subtasks()) {
            for (String in : st.inputs()) {
                index.indexOf(in);
            }
        }
        int m = index.size();
        this.producer = none(m);
        this.location = none(m);
        this.bytes = oneByteEach(m);
        this.inputStart = new int[n + 1];
        this.inputs = new int[inputCount];
        this.outputStart = new int[n + 1];
        this.outputs = new int[outputCount];
        int ii = 0;
        int oi = 0;
        for (int s = 0; s < n; s++) {
            Subtask st = graph.subtasks().get(s);
            inputStart[s] = ii;
            outputStart[s] = oi;
            for (String in : st.inputs()) {
                inputs[ii++] = index.find(in);
            }
            for (String out : st.outputs()) {
                int c = index.find(out);
                outputs[oi++] = c;
                producer[c] = s;
            }
        }
        inputStart[n] = ii;
        outputStart[n] = oi;
        stored.forEach((key, worker) -> {
            int c = index.find(key);
            if (c >= produced) {
                location[c] = workers.index(worker);
            }
        });
        for (String k : resultKeys) {
            int c = index.find(k);
            if (c >= 0) {
                results.set(c);
            }
        }
    }

    /** {@code m} chunk slots with no producer or location yet (-1). */
    private static int[] none(int m) {
        int[] a = new int[m];
        Arrays.fill(a, -1);
        return a;
    }

    /** {@code m} chunk sizes before any is known: 1 byte each (so that locality still counts them). */
    private static long[] oneByteEach(int m) {
        long[] a = new long[m];
        Arrays.fill(a, 1L);
        return a;
    }

    /** Marks the chunks named in {@code resultKeys}, comparing keys without spelling them out when there are few. */
    private void markResults(SubtaskList list, Set<String> resultKeys) {
        if (resultKeys.isEmpty()) {
            return;
        }
        if (resultKeys.size() <= 8) {
            for (int c = 0; c < list.keyedCount(); c++) {
                ChunkNode node = list.keyed(c);
                for (String k : resultKeys) {
                    if (node.hasKey(k)) {
                        results.set(c);
                    }
                }
            }
            return;
        }
        for (int c = 0; c < list.keyedCount(); c++) {
            if (resultKeys.contains(list.keyed(c).key())) {
                results.set(c);
            }
        }
    }

    int size() {
        return producer.length;
    }

    int inputCount(int subtask) {
        return keyed != null ? keyed.inputCount(subtask) : inputStart[subtask + 1] - inputStart[subtask];
    }

    /** The chunk index of the subtask's {@code j}-th input (in {@link Subtask#inputs()} order). */
    int input(int subtask, int j) {
        return keyed != null ? keyed.input(subtask, j) : inputs[inputStart[subtask] + j];
    }

    int outputCount(int subtask) {
        return keyed != null ? keyed.outputCount(subtask) : outputStart[subtask + 1] - outputStart[subtask];
    }

    int output(int subtask, int j) {
        return keyed != null ? keyed.output(subtask, j) : outputs[outputStart[subtask] + j];
    }

    /** The chunk index of {@code key} among the subtask's inputs, or -1. */
    int inputOf(Subtask st, String key) {
        List<String> in = st.inputs();
        for (int j = 0; j < in.size(); j++) {
            if (in.get(j).equals(key)) {
                return input(st.id(), j);
            }
        }
        return -1;
    }

    /** The chunk index of {@code key} among the subtask's outputs, or -1; {@code hint}: where it usually is. */
    int outputOf(Subtask st, String key, int hint) {
        List<String> out = st.outputs();
        if (hint < out.size() && out.get(hint).equals(key)) {
            return output(st.id(), hint); // workers report outputs in the subtask's order
        }
        for (int j = 0; j < out.size(); j++) {
            if (out.get(j).equals(key)) {
                return output(st.id(), j);
            }
        }
        return -1;
    }

    /** Forgets a copy on {@code worker}. */
    void dropCopy(int chunk, int worker) {
        List<Integer> holders = copies.get(chunk);
        if (holders != null) {
            holders.remove(Integer.valueOf(worker));
            if (holders.isEmpty()) {
                copies.remove(chunk);
            }
        }
    }

    void addCopy(int chunk, int worker) {
        List<Integer> holders = copies.computeIfAbsent(chunk, c -> new ArrayList<>(2));
        if (!holders.contains(worker)) {
            holders.add(worker);
        }
    }
}
