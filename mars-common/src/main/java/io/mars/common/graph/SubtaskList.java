package io.mars.common.graph;

import java.util.AbstractList;
import java.util.List;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * The subtasks of a {@link SubtaskGraph} kept as flat arrays and made when asked for: a graph of 10^6 subtasks holds
 * about 40 bytes per subtask this way (plus its chunks), where a {@link Subtask}, its three lists and the key strings
 * of the chunks it reads and stores take some 250. Each {@link #get} makes a new {@code Subtask}, equal to the one
 * before; its chunk list reads the shared array, and the keys of its inputs and outputs are spelled out anew, when
 * first read.
 *
 * <p>The chunks the subtasks read or store (their <em>keyed chunks</em>) are numbered in the order they first appear
 * among the subtasks' outputs, subtask after subtask, then among their inputs: so the chunks numbered below
 * {@link #producedCount()} are those some subtask stores. A scheduler indexes its per-chunk state by these numbers.
 *
 * <p>Subtask {@code i} runs {@code chunks[chunkStart[i] .. chunkStart[i+1])}, reads the keyed chunks numbered
 * {@code inputs[inputStart[i] .. inputStart[i+1])}, stores those numbered {@code outputs[outputStart[i] ..
 * outputStart[i+1])}, and has priority {@code priority[i]}. The arrays are taken, not copied: whoever makes the list
 * must not change them afterwards.
 */
public final class SubtaskList extends AbstractList<Subtask> implements RandomAccess {
    private final ChunkNode[] chunks;
    private final int[] chunkStart;
    private final int[] inputs;
    private final int[] inputStart;
    private final int[] outputs;
    private final int[] outputStart;
    private final ChunkNode[] keyed;
    private final int produced;
    private final int[] priority;

    public SubtaskList(ChunkNode[] chunks, int[] chunkStart, int[] inputs, int[] inputStart, int[] outputs,
                       int[] outputStart, ChunkNode[] keyed, int[] priority) {
        int n = priority.length;
        this.chunks = Objects.requireNonNull(chunks, "chunks");
        this.chunkStart = checkStarts(chunkStart, n, chunks.length, "chunk");
        this.inputs = inputs;
        this.inputStart = checkStarts(inputStart, n, inputs.length, "input");
        this.outputs = outputs;
        this.outputStart = checkStarts(outputStart, n, outputs.length, "output");
        this.keyed = Objects.requireNonNull(keyed, "keyed");
        this.priority = priority;
        // outputs first: the chunks numbered below the count of distinct outputs are the stored ones
        int next = 0;
        for (int i = 0; i < outputStart[n]; i++) {
            if (outputs[i] == next) {
                next++;
            } else if (outputs[i] > next || outputs[i] < 0) {
                throw new IllegalArgumentException("keyed chunks must be numbered by first appearance among the "
                        + "outputs, then the inputs: output " + i + " is " + outputs[i] + ", expected at most " + next);
            }
        }
        this.produced = next;
        for (int i = 0; i < inputStart[n]; i++) {
            if (inputs[i] < 0 || inputs[i] >= keyed.length) {
                throw new IllegalArgumentException("input " + i + " is keyed chunk " + inputs[i] + ", not in [0, "
                        + keyed.length + ")");
            }
        }
    }

    private static int[] checkStarts(int[] start, int n, int total, String what) {
        if (start.length != n + 1 || start[0] != 0 || start[n] > total) {
            throw new IllegalArgumentException(what + " starts must be " + (n + 1) + " offsets from 0 to at most "
                    + total + ", got " + start.length + " of them");
        }
        for (int i = 0; i < n; i++) {
            if (start[i] > start[i + 1]) {
                throw new IllegalArgumentException(what + " starts must not decrease, got " + start[i] + " then "
                        + start[i + 1] + " at subtask " + i);
            }
        }
        return start;
    }

    @Override
    public Subtask get(int id) {
        Objects.checkIndex(id, priority.length);
        return new Subtask(id, new ArraySlice<>(chunks, chunkStart[id], chunkStart[id + 1]),
                new KeyList(keyed, inputs, inputStart[id], inputStart[id + 1]),
                new KeyList(keyed, outputs, outputStart[id], outputStart[id + 1]), priority[id]);
    }

    @Override
    public int size() {
        return priority.length;
    }

    /**
     * The keys every subtask reads, subtask after subtask and each in {@link Subtask#inputs()} order, spelled out when
     * read and not kept: for passing them all on once (references to take) without holding a million strings.
     */
    public List<String> inputKeys() {
        int size = inputStart[priority.length];
        return new AbstractList<>() {
            @Override
            public String get(int i) {
                return keyed[inputs[Objects.checkIndex(i, size)]].key();
            }

            @Override
            public int size() {
                return size;
            }
        };
    }

    /** The priority of subtask {@code id}, without making the subtask. */
    public int priority(int id) {
        return priority[id];
    }

    /** How many distinct chunks the subtasks read or store. */
    public int keyedCount() {
        return keyed.length;
    }

    /** How many of them some subtask stores: those numbered below this. */
    public int producedCount() {
        return produced;
    }

    /** Keyed chunk {@code id}. */
    public ChunkNode keyed(int id) {
        return keyed[id];
    }

    public int inputCount(int subtask) {
        return inputStart[subtask + 1] - inputStart[subtask];
    }

    /** The number of the keyed chunk that is input {@code j} of {@code subtask} (in {@link Subtask#inputs()} order). */
    public int input(int subtask, int j) {
        return inputs[inputStart[subtask] + Objects.checkIndex(j, inputCount(subtask))];
    }

    public int outputCount(int subtask) {
        return outputStart[subtask + 1] - outputStart[subtask];
    }

    /** The number of the keyed chunk that is output {@code j} of {@code subtask}. */
    public int output(int subtask, int j) {
        return outputs[outputStart[subtask] + Objects.checkIndex(j, outputCount(subtask))];
    }
}
