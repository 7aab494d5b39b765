package io.mars.benchmarks.sim;

import io.mars.common.graph.ChunkNode;
import io.mars.common.graph.Subtask;
import io.mars.common.graph.SubtaskGraph;
import io.mars.common.operand.Scalar;
import io.mars.common.operand.chunk.ChunkFull;
import io.mars.types.DataType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A synthetic job shaped like a partitioned aggregation, generated directly as a {@link SubtaskGraph}: independent
 * blocks, each of {@value #LEAVES} map leaves, two tree-combine levels (fan-in 4), a shuffle (each of the
 * {@value #SHUFFLE_MAPS} second-level combines splits its output into {@value #REDUCERS} pieces, every reducer reads
 * one piece from each of them) and one final subtask per block whose output is a result of the task. Subtask ids
 * are a depth-first order within each block, and the priority is the id. Each subtask's compute time (virtual
 * milliseconds, lognormal around its stage's mean) and output size are drawn from a seeded generator, the same for
 * every run with the same seed.
 */
public final class SimulatedJob {
    static final int LEAVES = 1024;
    static final int FAN_IN = 4;
    static final int SHUFFLE_MAPS = LEAVES / FAN_IN / FAN_IN;
    static final int REDUCERS = 8;
    static final int PER_BLOCK = LEAVES + LEAVES / FAN_IN + SHUFFLE_MAPS + REDUCERS + 1;

    /** The stages, with their mean compute time (virtual ms) and mean output size (bytes, over all outputs). */
    enum Stage {
        MAP(1000, 16L << 20), COMBINE(300, 8L << 20), SHUFFLE_MAP(500, 8L << 20), REDUCE(800, 4L << 20),
        FINAL(200, 1L << 20);

        final long meanMillis;
        final long meanBytes;

        Stage(long meanMillis, long meanBytes) {
            this.meanMillis = meanMillis;
            this.meanBytes = meanBytes;
        }
    }

    private final SubtaskGraph graph;
    private final Stage[] stage;
    private final long seed;
    /** Each subtask's output size (per output chunk). */
    private final long[] outputBytes;
    private final List<String> results;

    private SimulatedJob(SubtaskGraph graph, Stage[] stage, long seed, long[] outputBytes, List<String> results) {
        this.graph = graph;
        this.stage = stage;
        this.seed = seed;
        this.outputBytes = outputBytes;
        this.results = results;
    }

    /** A job of {@code blocks} blocks ({@link #PER_BLOCK} subtasks each). */
    public static SimulatedJob generate(int blocks, long seed) {
        Builder b = new Builder(blocks * PER_BLOCK, blocks * LEAVES);
        for (int k = 0; k < blocks; k++) {
            b.block();
        }
        return b.build(seed);
    }

    /** The number of blocks that gives at least {@code subtasks} subtasks. */
    public static int blocksFor(long subtasks) {
        return (int) Math.max(1, (subtasks + PER_BLOCK - 1) / PER_BLOCK);
    }

    public SubtaskGraph graph() {
        return graph;
    }

    public List<String> results() {
        return results;
    }

    public int size() {
        return graph.size();
    }

    Stage stage(int id) {
        return stage[id];
    }

    /** The compute time of an attempt of a subtask, in virtual milliseconds (at least 1). */
    long computeMillis(int id, int attempt) {
        SplittableRandom r = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + id * 64L + attempt);
        double sigma = 0.5;
        double mu = Math.log(stage[id].meanMillis) - sigma * sigma / 2;
        return Math.max(1, Math.round(Math.exp(mu + sigma * r.nextGaussian())));
    }

    /** The size of each output chunk of a subtask. */
    long outputBytes(int id) {
        return outputBytes[id];
    }

    /** The subtask producing a chunk key ("k<id>" or "k<id>.<piece>"). */
    static int producerOf(String key) {
        int dot = key.indexOf('.');
        return Integer.parseInt(key, 1, dot < 0 ? key.length() : dot, 10);
    }

    private static final class Builder {
        private final List<Subtask> subtasks;
        private final List<Stage> stages;
        private final List<int[]> predecessors;
        private final double[] hints;
        private final int totalLeaves;
        private final List<String> results = new ArrayList<>();
        private final ChunkNode[] nodes = new ChunkNode[Stage.values().length];
        private int leafCount;

        Builder(int size, int totalLeaves) {
            this.subtasks = new ArrayList<>(size);
            this.stages = new ArrayList<>(size);
            this.predecessors = new ArrayList<>(size);
            this.hints = new double[size];
            this.totalLeaves = totalLeaves;
            Arrays.fill(hints, -1);
            ChunkFull op = new ChunkFull(Scalar.of(1.0));
            for (Stage s : Stage.values()) {
                // one small node per stage, shared: it only gives the subtask's working-memory estimate
                nodes[s.ordinal()] = new ChunkNode("node-" + s, op, List.of(), DataType.FLOAT64,
                        new long[] {s.meanBytes / 8 / 64}, new int[] {0});
            }
        }

        void block() {
            int[] shuffleMaps = new int[SHUFFLE_MAPS];
            for (int m = 0; m < SHUFFLE_MAPS; m++) {
                int[] combines = new int[FAN_IN];
                for (int c = 0; c < FAN_IN; c++) {
                    int[] leaves = new int[FAN_IN];
                    for (int l = 0; l < FAN_IN; l++) {
                        hints[subtasks.size()] = (double) leafCount++ / totalLeaves;
                        leaves[l] = add(Stage.MAP, new int[0], List.of(), 1);
                    }
                    combines[c] = add(Stage.COMBINE, leaves, keys(leaves), 1);
                }
                shuffleMaps[m] = add(Stage.SHUFFLE_MAP, combines, keys(combines), REDUCERS);
            }
            int[] reducers = new int[REDUCERS];
            for (int r = 0; r < REDUCERS; r++) {
                List<String> pieces = new ArrayList<>(SHUFFLE_MAPS);
                for (int m : shuffleMaps) {
                    pieces.add("k" + m + "." + r);
                }
                reducers[r] = add(Stage.REDUCE, shuffleMaps, pieces, 1);
            }
            int last = add(Stage.FINAL, reducers, keys(reducers), 1);
            results.add("k" + last);
        }

        private static List<String> keys(int[] producers) {
            List<String> keys = new ArrayList<>(producers.length);
            for (int p : producers) {
                keys.add("k" + p);
            }
            return keys;
        }

        private int add(Stage stage, int[] preds, List<String> inputs, int outputs) {
            int id = subtasks.size();
            List<String> outs;
            if (outputs == 1) {
                outs = List.of("k" + id);
            } else {
                outs = new ArrayList<>(outputs);
                for (int r = 0; r < outputs; r++) {
                    outs.add("k" + id + "." + r);
                }
            }
            subtasks.add(new Subtask(id, List.of(nodes[stage.ordinal()]), inputs, outs, id));
            stages.add(stage);
            predecessors.add(preds);
            return id;
        }

        SimulatedJob build(long seed) {
            int n = subtasks.size();
            int[] successorCount = new int[n];
            for (int[] preds : predecessors) {
                for (int p : preds) {
                    successorCount[p]++;
                }
            }
            int[][] successors = new int[n][];
            for (int i = 0; i < n; i++) {
                successors[i] = new int[successorCount[i]];
            }
            int[] fill = new int[n];
            for (int s = 0; s < n; s++) {
                for (int p : predecessors.get(s)) {
                    successors[p][fill[p]++] = s;
                }
            }
            Stage[] stageArray = stages.toArray(Stage[]::new);
            long[] bytes = new long[n];
            SplittableRandom r = new SplittableRandom(seed);
            for (int i = 0; i < n; i++) {
                Stage s = stageArray[i];
                long perOutput = s.meanBytes / subtasks.get(i).outputs().size();
                bytes[i] = Math.max(1, (long) (perOutput * (0.5 + r.nextDouble())));
            }
            SubtaskGraph graph = new SubtaskGraph(subtasks, predecessors.toArray(int[][]::new), successors, hints);
            return new SimulatedJob(graph, stageArray, seed, bytes, List.copyOf(results));
        }
    }
}
