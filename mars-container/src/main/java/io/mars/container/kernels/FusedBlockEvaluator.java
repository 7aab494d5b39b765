package io.mars.container.kernels;

import io.mars.common.graph.ChunkNode;
import io.mars.common.model.ReductionState;
import io.mars.common.operand.Arg;
import io.mars.common.operand.ElementwiseFn;
import io.mars.common.operand.ReduceFn;
import io.mars.common.operand.chunk.ChunkArange;
import io.mars.common.operand.chunk.ChunkElementwise;
import io.mars.common.operand.chunk.ChunkFetch;
import io.mars.common.operand.chunk.ChunkFull;
import io.mars.common.operand.chunk.ChunkRand;
import io.mars.common.operand.chunk.ChunkReduceCombine;
import io.mars.common.operand.chunk.ChunkReduceMap;
import io.mars.types.ChunkData;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import io.mars.types.Shapes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Evaluates a fused float64 element-wise chain block by block (as numexpr does): every node of the chain computes
 * {@value #BLOCK} elements at a time into a buffer of its own that is reused for every block, so intermediates never
 * exist as whole chunks and stay in cache. The chain may end in a reduction over all axes, which then consumes each
 * block as it is made (its partial states merged with the reduction's own combine kernel).
 *
 * <p>It takes subtasks made only of random/full/arange sources and element-wise functions over float64 (comparisons
 * giving bool), all of one shape, read by at most a full reduction; anything else runs chunk by chunk as before.
 */
public final class FusedBlockEvaluator {
    /** Elements per block: a few float64 buffers of this size fit in the L2 cache. */
    static final int BLOCK = 4096;
    private static final Set<ElementwiseFn> ARITHMETIC = EnumSet.of(ElementwiseFn.ADD, ElementwiseFn.SUBTRACT,
            ElementwiseFn.MULTIPLY, ElementwiseFn.DIVIDE, ElementwiseFn.POWER);
    private static final Set<ElementwiseFn> UNARY = EnumSet.of(ElementwiseFn.NEGATIVE, ElementwiseFn.ABS,
            ElementwiseFn.SQRT, ElementwiseFn.EXP, ElementwiseFn.LOG);
    private static final Set<ElementwiseFn> COMPARISON = EnumSet.of(ElementwiseFn.LESS, ElementwiseFn.LESS_EQUAL,
            ElementwiseFn.GREATER, ElementwiseFn.GREATER_EQUAL, ElementwiseFn.EQUAL, ElementwiseFn.NOT_EQUAL);
    private static final Set<ReduceFn> REDUCTIONS = EnumSet.of(ReduceFn.SUM, ReduceFn.MEAN, ReduceFn.VAR,
            ReduceFn.STD, ReduceFn.MIN, ReduceFn.MAX);

    private FusedBlockEvaluator() {
    }

    /**
     * The value of the subtask's single output, computed block by block, or null when the subtask does not fit
     * (the caller then runs it chunk by chunk).
     *
     * @param chunks   the subtask's nodes in topological order
     * @param external the data of the subtask's inputs, by chunk key
     * @param outputs  the keys of the subtask's outputs
     */
    public static ChunkData tryEvaluate(List<ChunkNode> chunks, Map<String, ChunkData> external, List<String> outputs,
                                        KernelRegistry kernels) {
        int n = chunks.size();
        ChunkNode last = chunks.get(n - 1);
        if (outputs.size() != 1 || !outputs.get(0).equals(last.key())) {
            return null;
        }
        ChunkNode reduce = null;
        List<ChunkNode> body = chunks;
        if (last.op() instanceof ChunkReduceMap map) {
            if (n < 2 || last.inputs().size() != 1 || last.inputs().get(0) != chunks.get(n - 2)
                    || !REDUCTIONS.contains(map.fn()) || map.axes().length != last.shape().length) {
                return null;
            }
            reduce = last;
            body = chunks.subList(0, n - 1);
        }
        long[] shape = body.get(body.size() - 1).shape();
        if (!Shapes.isKnown(shape) || Shapes.size(shape) < 2L * BLOCK) {
            return null;
        }
        Plan plan = Plan.of(body, shape, external);
        return plan == null ? null : plan.run(reduce, kernels);
    }

    /** How each node of the chain computes a block, checked once before any work. */
    private static final class Plan {
        final List<ChunkNode> body;
        final long[] shape;
        final int size;
        final Object[] buffers;
        final Step[] steps;
        /** For a last node that compares against a constant: its count of true elements in a block, or null. */
        final Counter counter;

        private Plan(List<ChunkNode> body, long[] shape, Object[] buffers, Step[] steps, Counter counter) {
            this.body = body;
            this.shape = shape;
            this.size = (int) Shapes.size(shape);
            this.buffers = buffers;
            this.steps = steps;
            this.counter = counter;
        }

        static Plan of(List<ChunkNode> body, long[] shape, Map<String, ChunkData> external) {
            Map<ChunkNode, Integer> slot = new IdentityHashMap<>();
            Object[] buffers = new Object[body.size()];
            Step[] steps = new Step[body.size()];
            for (int i = 0; i < body.size(); i++) {
                ChunkNode node = body.get(i);
                if (!Arrays.equals(node.shape(), shape)) {
                    return null;
                }
                Step step = step(node, shape, slot, buffers, external);
                if (step == null) {
                    return null;
                }
                steps[i] = step;
                buffers[i] = node.dtype() == DataType.BOOL ? new boolean[BLOCK] : new double[BLOCK];
                slot.put(node, i);
            }
            return new Plan(body, shape, buffers, steps, counter(body.get(body.size() - 1), slot, buffers));
        }

        /** A count-in-one-pass for a last node {@code compare(earlier node, constant)} (either order), or null. */
        private static Counter counter(ChunkNode node, Map<ChunkNode, Integer> slot, Object[] buffers) {
            if (!(node.op() instanceof ChunkElementwise ew) || !COMPARISON.contains(ew.fn()) || ew.args().size() != 2) {
                return null;
            }
            Arg x = ew.args().get(0);
            Arg y = ew.args().get(1);
            if (x.isConstant() == y.isConstant()) {
                return null;
            }
            Arg var = x.isConstant() ? y : x;
            double constant = (x.isConstant() ? x : y).constant().floatValue();
            ElementwiseFn fn = x.isConstant() ? LoopDispatch.flip(ew.fn()) : ew.fn();
            Integer s = slot.get(node.inputs().get(var.input()));
            if (s == null) {
                return null;
            }
            double[] in = (double[]) buffers[s];
            return (off, len) -> DoubleLoops.countCompareVs(fn, in, 0, constant, len);
        }

        private static Step step(ChunkNode node, long[] shape, Map<ChunkNode, Integer> slot, Object[] buffers,
                                 Map<String, ChunkData> external) {
            if (node.op() instanceof ChunkRand rand && node.dtype() == DataType.FLOAT64 && contiguous(shape, rand)) {
                long key = RandKernel.key(rand.seed(), rand.stream());
                long start = flatStart(rand.fullShape(), rand.offset());
                return (self, off, len) -> RandKernel.fillRun((double[]) self, 0, len, key, start + off);
            }
            if (node.op() instanceof ChunkFull full && node.dtype() == DataType.FLOAT64) {
                double v = full.value().floatValue();
                double[] constant = new double[BLOCK];
                Arrays.fill(constant, v);
                return (self, off, len) -> System.arraycopy(constant, 0, self, 0, len);
            }
            if (node.op() instanceof ChunkArange ar && node.dtype() == DataType.FLOAT64) {
                double start = ar.start().floatValue();
                double step = ar.step().floatValue();
                long base = ar.offset();
                return (self, off, len) -> {
                    double[] out = (double[]) self;
                    for (int i = 0; i < len; i++) {
                        out[i] = start + (base + off + i) * step;
                    }
                };
            }
            if (node.op() instanceof ChunkElementwise ew) {
                return elementwise(node, ew, shape, slot, buffers, external);
            }
            return null;
        }

        private static Step elementwise(ChunkNode node, ChunkElementwise ew, long[] shape, Map<ChunkNode, Integer> slot,
                                        Object[] buffers, Map<String, ChunkData> external) {
            ElementwiseFn fn = ew.fn();
            boolean comparison = COMPARISON.contains(fn);
            if (!(comparison ? node.dtype() == DataType.BOOL : node.dtype() == DataType.FLOAT64)
                    || !(ARITHMETIC.contains(fn) || UNARY.contains(fn) || comparison)
                    || ew.args().size() != fn.arity()) {
                return null;
            }
            Operand[] operands = new Operand[ew.args().size()];
            for (int k = 0; k < operands.length; k++) {
                Arg arg = ew.args().get(k);
                if (arg.isConstant()) {
                    if (arg.constant().kind() == DataType.Kind.BOOL) {
                        return null;
                    }
                    operands[k] = new Operand(new double[] {arg.constant().floatValue()}, -1, 0);
                    continue;
                }
                ChunkNode in = node.inputs().get(arg.input());
                if (in.dtype() != DataType.FLOAT64) {
                    return null;
                }
                Integer s = slot.get(in);
                if (s != null) {
                    operands[k] = new Operand(null, s, 1);
                } else if (external.get(in.key()) instanceof NDArray a && a.dtype() == DataType.FLOAT64
                        && Arrays.equals(a.shapeView(), shape)) {
                    operands[k] = new Operand((double[]) a.data(), -2, 1);
                } else {
                    return null;
                }
            }
            if (UNARY.contains(fn)) {
                Operand a = operands[0];
                return (self, off, len) -> DoubleLoops.unary(fn, a.array(buffers), a.offset(off), a.stride,
                        (double[]) self, 0, len);
            }
            Operand a = operands[0];
            Operand b = operands[1];
            if (comparison) {
                return (self, off, len) -> DoubleLoops.compare(fn, a.array(buffers), a.offset(off), a.stride,
                        b.array(buffers), b.offset(off), b.stride, (boolean[]) self, 0, len);
            }
            return (self, off, len) -> DoubleLoops.binary(fn, a.array(buffers), a.offset(off), a.stride,
                    b.array(buffers), b.offset(off), b.stride, (double[]) self, 0, len);
        }

        /** Whether the chunk's elements are one run of consecutive positions of the full tensor. */
        private static boolean contiguous(long[] shape, ChunkRand rand) {
            for (int d = 1; d < shape.length; d++) {
                if (shape[d] != rand.fullShape()[d]) {
                    return false;
                }
            }
            return true;
        }

        private static long flatStart(long[] full, long[] offset) {
            long[] strides = Shapes.strides(full);
            long p = 0;
            for (int d = 0; d < full.length; d++) {
                p += offset[d] * strides[d];
            }
            return p;
        }

        ChunkData run(ChunkNode reduce, KernelRegistry kernels) {
            if (reduce != null && buffers[steps.length - 1] instanceof boolean[]
                    && ((ChunkReduceMap) reduce.op()).fn() == ReduceFn.SUM) {
                return count(reduce);
            }
            int lastSlot = steps.length - 1;
            ChunkNode sink = body.get(lastSlot);
            Object out = reduce == null ? NDArray.newStorage(sink.dtype(), size) : null;
            ChunkData acc = null;
            for (int off = 0; off < size; off += BLOCK) {
                int len = Math.min(BLOCK, size - off);
                for (int i = 0; i < steps.length; i++) {
                    steps[i].compute(buffers[i], off, len);
                }
                if (reduce == null) {
                    System.arraycopy(buffers[lastSlot], 0, out, off, len);
                    continue;
                }
                Object data = len == BLOCK ? buffers[lastSlot] : copyOf(buffers[lastSlot], len);
                ChunkData state = reduceBlock(reduce, sink, new NDArray(sink.dtype(), new long[] {len}, data), kernels);
                acc = acc == null ? state : combine(reduce, acc, state, kernels);
            }
            if (reduce == null) {
                return new NDArray(sink.dtype(), shape, out);
            }
            List<NDArray> parts = new ArrayList<>();
            for (NDArray p : ((ReductionState) acc).parts()) {
                parts.add(p.reshape(reduce.shape()));
            }
            return new ReductionState(parts);
        }

        /**
         * {@code sum} of a boolean chain: the true elements counted block by block into one
         * long (the same int64 state the reduction kernel gives), without a kernel call per block, and when the last
         * node compares against a constant, without its boolean block either.
         */
        private ChunkData count(ChunkNode reduce) {
            int last = steps.length - 1;
            long count = 0;
            for (int off = 0; off < size; off += BLOCK) {
                int len = Math.min(BLOCK, size - off);
                for (int i = 0; i < last; i++) {
                    steps[i].compute(buffers[i], off, len);
                }
                if (counter != null) {
                    count += counter.count(off, len);
                } else {
                    steps[last].compute(buffers[last], off, len);
                    count += ReduceLoops.countRun((boolean[]) buffers[last], 0, len);
                }
            }
            return new ReductionState(List.of(new NDArray(DataType.INT64, reduce.shape(), new long[] {count})));
        }

        private static Object copyOf(Object buffer, int len) {
            return buffer instanceof boolean[] b ? Arrays.copyOf(b, len) : Arrays.copyOf((double[]) buffer, len);
        }

        private static ChunkData reduceBlock(ChunkNode reduce, ChunkNode sink, NDArray block, KernelRegistry kernels) {
            ChunkReduceMap map = (ChunkReduceMap) reduce.op();
            ChunkNode in = new ChunkNode(sink.key(), new ChunkFetch(), List.of(), sink.dtype(), block.shapeView(),
                    new int[] {0});
            ChunkNode node = new ChunkNode(reduce.key(), new ChunkReduceMap(map.fn(), new int[] {0}), List.of(in),
                    reduce.dtype(), new long[] {1}, new int[] {0});
            return kernels.execute(node, List.of(block));
        }

        private static ChunkData combine(ChunkNode reduce, ChunkData a, ChunkData b, KernelRegistry kernels) {
            ChunkReduceMap map = (ChunkReduceMap) reduce.op();
            ChunkNode state = new ChunkNode(reduce.key(), new ChunkFetch(), List.of(), reduce.dtype(), new long[] {1},
                    new int[] {0});
            ChunkNode node = new ChunkNode(reduce.key(), new ChunkReduceCombine(map.fn()), List.of(state, state),
                    reduce.dtype(), new long[] {1}, new int[] {0});
            return kernels.execute(node, List.of(a, b));
        }
    }

    /** Counts the true elements of one block of a boolean node, {@code off .. off + len - 1}, without storing them. */
    @FunctionalInterface
    private interface Counter {
        int count(int off, int len);
    }

    /** Computes one block of a node into its buffer {@code self}: elements {@code off .. off + len - 1}. */
    @FunctionalInterface
    private interface Step {
        void compute(Object self, int off, int len);
    }

    /**
     * Where an element-wise argument comes from: a constant ({@code data}, stride 0), the buffer of an earlier node
     * ({@code slot}), or an external whole-chunk array read at the block's offset ({@code slot == -2}).
     */
    private record Operand(double[] data, int slot, int stride) {
        double[] array(Object[] buffers) {
            return slot >= 0 ? (double[]) buffers[slot] : data;
        }

        int offset(int blockOffset) {
            return slot == -2 ? blockOffset : 0;
        }
    }
}
