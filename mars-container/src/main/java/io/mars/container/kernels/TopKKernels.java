package io.mars.container.kernels;

import io.mars.common.graph.ChunkNode;
import io.mars.common.model.ReductionState;
import io.mars.common.operand.chunk.ChunkTopKMap;
import io.mars.common.operand.chunk.ChunkTopKMerge;
import io.mars.types.ChunkData;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import java.util.ArrayList;
import java.util.List;

/**
 * Top-k along an axis. A chunk is seen as {@code (outer, n, inner)} lines of n entries; each line keeps its best k in a
 * bounded heap whose root is the worst kept (an entry that does not beat it costs one comparison), so a line costs
 * O(n log k) and nothing of the size of the line is allocated. Order: the smaller (or, {@code largest}, the larger)
 * value first, equal values by position, NaN after every number either way; float data is compared as doubles, int
 * and bool data as longs (exact).
 */
final class TopKKernels {
    private TopKKernels() {
    }

    /** The best k of each line of one chunk, with positions counted from the operand's offset. */
    static final class Map implements Kernel<ChunkTopKMap> {
        @Override
        public ChunkData execute(ChunkNode node, ChunkTopKMap op, List<ChunkData> inputs) {
            NDArray in = ChunkInputs.array(node, inputs, 0);
            Lines lines = Lines.of(in.shapeView(), op.axis());
            int m = Math.min(op.k(), lines.n);
            Best best = new Best(in.dtype().isFloat(), op.largest(), m);
            // read only: the stored data itself for float64 and int64 chunks, no copy
            double[] dv = best.floats ? in.doubles() : null;
            long[] lv = best.floats ? null : in.longs();
            Output out = new Output(best.floats, lines, m);
            for (int o = 0; o < lines.outer; o++) {
                for (int i = 0; i < lines.inner; i++) {
                    best.clear();
                    int base = o * lines.n * lines.inner + i;
                    for (int j = 0; j < lines.n; j++) {
                        int at = base + j * lines.inner;
                        if (best.floats) {
                            best.offer(dv[at], 0, op.offset() + j);
                        } else {
                            best.offer(0, lv[at], op.offset() + j);
                        }
                    }
                    out.write(best, o, i);
                }
            }
            return out.state(in.shapeView(), op.axis());
        }
    }

    /** The best k of several states' candidates, line by line: a state again, or the values, or the positions. */
    static final class Merge implements Kernel<ChunkTopKMerge> {
        @Override
        public ChunkData execute(ChunkNode node, ChunkTopKMerge op, List<ChunkData> inputs) {
            ChunkInputs.requireAtLeast(node, inputs, 1);
            List<NDArray> values = new ArrayList<>(inputs.size());
            List<long[]> positions = new ArrayList<>(inputs.size());
            for (int s = 0; s < inputs.size(); s++) {
                ReductionState state = ChunkInputs.state(node, inputs, s);
                if (state.parts().size() != 2) {
                    throw ChunkInputs.internal(node, "a top-k state has values and positions, got "
                            + state.parts().size() + " parts");
                }
                values.add(state.parts().get(0));
                positions.add(state.parts().get(1).longs());
            }
            boolean floats = values.get(0).dtype().isFloat();
            long[] shape = values.get(0).shapeView().clone();
            int axis = op.axis();
            List<Lines> parts = new ArrayList<>(values.size());
            int candidates = 0;
            for (NDArray v : values) {
                Lines l = Lines.of(v.shapeView(), axis);
                parts.add(l);
                candidates += l.n;
            }
            shape[axis] = candidates;
            Lines all = Lines.of(shape, axis);
            int m = Math.min(op.k(), candidates);
            Best best = new Best(floats, op.largest(), m);
            Output out = new Output(floats, all, m);
            List<double[]> dvs = new ArrayList<>();
            List<long[]> lvs = new ArrayList<>();
            for (NDArray v : values) {
                if (floats) {
                    dvs.add(v.doubles());
                } else {
                    lvs.add(v.longs());
                }
            }
            for (int o = 0; o < all.outer; o++) {
                for (int i = 0; i < all.inner; i++) {
                    best.clear();
                    for (int s = 0; s < parts.size(); s++) {
                        Lines l = parts.get(s);
                        long[] pos = positions.get(s);
                        int base = o * l.n * l.inner + i;
                        for (int j = 0; j < l.n; j++) {
                            int at = base + j * l.inner;
                            if (floats) {
                                best.offer(dvs.get(s)[at], 0, pos[at]);
                            } else {
                                best.offer(0, lvs.get(s)[at], pos[at]);
                            }
                        }
                    }
                    out.write(best, o, i);
                }
            }
            long[] outShape = shape.clone();
            outShape[axis] = m;
            return switch (op.part()) {
                case STATE -> out.state(shape, axis);
                case INDICES -> new NDArray(DataType.INT64, outShape, out.positions);
                case VALUES -> floats ? Casts.fromDoubles(out.doubles, node.dtype(), outShape)
                        : Casts.fromLongs(out.longs, node.dtype(), outShape);
            };
        }
    }

    /** A chunk of {@code shape} as {@code (outer, n, inner)} lines along {@code axis}. */
    private record Lines(int outer, int n, int inner) {
        static Lines of(long[] shape, int axis) {
            int n = (int) shape[axis];
            int inner = 1;
            for (int a = axis + 1; a < shape.length; a++) {
                inner *= (int) shape[a];
            }
            int outer = 1;
            for (int a = 0; a < axis; a++) {
                outer *= (int) shape[a];
            }
            return new Lines(outer, n, inner);
        }
    }

    /** The kept entries of every line, m per line, laid out as the chunk with its axis cut to m. */
    private static final class Output {
        final double[] doubles;
        final long[] longs;
        final long[] positions;
        final Lines lines;
        final int m;

        Output(boolean floats, Lines lines, int m) {
            int size = lines.outer * m * lines.inner;
            this.doubles = floats ? new double[size] : null;
            this.longs = floats ? null : new long[size];
            this.positions = new long[size];
            this.lines = lines;
            this.m = m;
        }

        void write(Best best, int o, int i) {
            best.sortBestFirst();
            int base = o * m * lines.inner + i;
            for (int r = 0; r < best.size; r++) {
                int at = base + r * lines.inner;
                if (doubles != null) {
                    doubles[at] = best.dv[r];
                } else {
                    longs[at] = best.lv[r];
                }
                positions[at] = best.pos[r];
            }
        }

        ReductionState state(long[] shape, int axis) {
            long[] s = shape.clone();
            s[axis] = m;
            NDArray values = doubles != null ? new NDArray(DataType.FLOAT64, s, doubles)
                    : new NDArray(DataType.INT64, s, longs);
            return new ReductionState(List.of(values, new NDArray(DataType.INT64, s.clone(), positions)));
        }
    }

    /**
     * The best {@code capacity} entries offered since {@link #clear}: a binary heap with the worst kept at the root,
     * then sorted best first.
     */
    private static final class Best {
        final boolean floats;
        final boolean largest;
        final int capacity;
        final double[] dv;
        final long[] lv;
        final long[] pos;
        int size;

        Best(boolean floats, boolean largest, int capacity) {
            this.floats = floats;
            this.largest = largest;
            this.capacity = capacity;
            this.dv = floats ? new double[capacity] : null;
            this.lv = floats ? null : new long[capacity];
            this.pos = new long[capacity];
        }

        void clear() {
            size = 0;
        }

        void offer(double d, long l, long p) {
            if (size < capacity) {
                set(size, d, l, p);
                siftUp(size++);
            } else if (capacity > 0 && better(d, l, p, 0)) {
                set(0, d, l, p);
                siftDown(0, size);
            }
        }

        private void set(int slot, double d, long l, long p) {
            if (floats) {
                dv[slot] = d;
            } else {
                lv[slot] = l;
            }
            pos[slot] = p;
        }

        /** Whether the entry (d or l, p) comes before the one in {@code slot}. */
        private boolean better(double d, long l, long p, int slot) {
            if (floats) {
                double e = dv[slot];
                if (d != d) {
                    return e != e && p < pos[slot];
                }
                if (e != e) {
                    return true;
                }
                if (d != e) {
                    return largest ? d > e : d < e;
                }
            } else {
                long e = lv[slot];
                if (l != e) {
                    return largest ? l > e : l < e;
                }
            }
            return p < pos[slot];
        }

        private boolean slotBetter(int a, int b) {
            return floats ? better(dv[a], 0, pos[a], b) : better(0, lv[a], pos[a], b);
        }

        /** Moves up an entry that is worse than its parent (the root is the worst). */
        private void siftUp(int slot) {
            while (slot > 0) {
                int parent = (slot - 1) / 2;
                if (!slotBetter(parent, slot)) {
                    return;
                }
                swap(slot, parent);
                slot = parent;
            }
        }

        private void siftDown(int slot, int end) {
            while (true) {
                int worst = slot;
                int left = 2 * slot + 1;
                if (left < end && slotBetter(worst, left)) {
                    worst = left;
                }
                if (left + 1 < end && slotBetter(worst, left + 1)) {
                    worst = left + 1;
                }
                if (worst == slot) {
                    return;
                }
                swap(slot, worst);
                slot = worst;
            }
        }

        private void swap(int a, int b) {
            if (floats) {
                double t = dv[a];
                dv[a] = dv[b];
                dv[b] = t;
            } else {
                long t = lv[a];
                lv[a] = lv[b];
                lv[b] = t;
            }
            long t = pos[a];
            pos[a] = pos[b];
            pos[b] = t;
        }

        /** Heap sort: the worst goes to the end, one at a time, leaving the best first. */
        void sortBestFirst() {
            for (int end = size - 1; end > 0; end--) {
                swap(0, end);
                siftDown(0, end);
            }
        }
    }
}
