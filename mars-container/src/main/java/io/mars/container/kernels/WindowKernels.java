package io.mars.container.kernels;

import io.mars.common.operand.dataframe.ChunkTableAssemble;
import io.mars.common.operand.dataframe.ChunkTableEwm;
import io.mars.common.operand.dataframe.ChunkTableEwmCarry;
import io.mars.common.operand.dataframe.ChunkTableGroupScan;
import io.mars.common.operand.dataframe.ChunkTableGroupScanTotal;
import io.mars.common.operand.dataframe.ChunkTableScan;
import io.mars.common.operand.dataframe.ChunkTableScanTotal;
import io.mars.common.operand.dataframe.ChunkTableWindow;
import io.mars.common.operand.dataframe.EwmFn;
import io.mars.common.operand.dataframe.ScanFn;
import io.mars.common.operand.dataframe.WindowFn;
import io.mars.common.table.Columns;
import io.mars.common.table.TableChunk;
import io.mars.types.ChunkData;
import io.mars.types.Column;
import io.mars.types.DType;
import io.mars.types.LocalTable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;

/**
 * The kernels of running functions (a chunk's scan from the carry of earlier chunks, and the one-row totals that
 * make the carry) and of window functions (a chunk's rows computed from the stack of its neighbours' rows). They
 * compute on heap columns, as the other dataframe kernels do; a null (or NaN) is skipped by the folds and makes
 * the differences and windows it enters NaN, as in pandas.
 */
final class WindowKernels {
    private WindowKernels() {
    }

    static KernelRegistry register(KernelRegistry registry, BufferAllocator allocator) {
        return registry
                .with(ChunkTableScanTotal.class, (node, op, in) -> DataFrameKernels.chunk(
                        total(op.fn(), op.columns(), null, in), allocator))
                .with(ChunkTableScan.class, (node, op, in) -> DataFrameKernels.chunk(
                        scan(op.fn(), op.columns(), null, in), allocator))
                .with(ChunkTableGroupScanTotal.class, (node, op, in) -> DataFrameKernels.chunk(
                        total(op.fn(), op.columns(), op.reset(), in), allocator))
                .with(ChunkTableGroupScan.class, (node, op, in) -> DataFrameKernels.chunk(
                        scan(op.fn(), op.columns(), op.reset(), in), allocator))
                .with(ChunkTableWindow.class, (node, op, in) -> DataFrameKernels.chunk(window(op, in), allocator))
                .with(ChunkTableEwm.class, (node, op, in) -> DataFrameKernels.chunk(ewm(op, in), allocator))
                .with(ChunkTableEwmCarry.class, (node, op, in) -> DataFrameKernels.chunk(ewmCarry(op, in), allocator));
    }

    // ----- running functions -----

    /** A running fold of one column: the value so far, or none yet. */
    private static final class Fold {
        private final ScanFn fn;
        boolean has;
        long l;
        double d;
        String s;

        Fold(ScanFn fn) {
            this.fn = fn;
        }

        void add(Column c, int i) {
            if (c.isNull(i)) {
                return;
            }
            switch (c.dtype()) {
                case STRING -> s = c.getString(i);
                case FLOAT32, FLOAT64 -> d = has ? apply(d, c.getDouble(i)) : c.getDouble(i);
                case BOOL, INT32, INT64, TIMESTAMP, TIMEDELTA -> l = has ? apply(l, c.getLong(i)) : c.getLong(i);
            }
            has = true;
        }

        private double apply(double acc, double v) {
            return switch (fn) {
                case CUMSUM -> acc + v;
                case CUMPROD -> acc * v;
                case CUMMAX -> Math.max(acc, v);
                case CUMMIN -> Math.min(acc, v);
                case FFILL -> v;
            };
        }

        private long apply(long acc, long v) {
            return switch (fn) {
                case CUMSUM -> acc + v;
                case CUMPROD -> acc * v;
                case CUMMAX -> Math.max(acc, v);
                case CUMMIN -> Math.min(acc, v);
                case FFILL -> v;
            };
        }
    }

    /**
     * The one-row fold of every row of every input, per column (null where there was no value); with a
     * {@code reset} column, of the rows since the last one where it is true or null, and that column telling
     * whether there was such a row.
     */
    private static LocalTable total(ScanFn fn, List<String> columns, String reset, List<ChunkData> in) {
        List<LocalTable> tables = new ArrayList<>(in.size());
        for (ChunkData d : in) {
            tables.add(DataFrameKernels.table(d));
        }
        List<Column> out = new ArrayList<>(columns.size() + 1);
        for (String name : columns) {
            Fold f = new Fold(fn);
            DType type = null;
            for (LocalTable t : tables) {
                Column c = t.column(name);
                Column r = reset == null ? null : t.column(reset);
                type = type == null ? fn.outputType(name, c.dtype()) : type;
                for (int i = 0; i < c.length(); i++) {
                    if (r != null && resets(r, i)) {
                        f = new Fold(fn);
                    }
                    f.add(c, i);
                }
            }
            out.add(one(name, type, f));
        }
        if (reset != null) {
            boolean any = false;
            for (LocalTable t : tables) {
                Column r = t.column(reset);
                for (int i = 0; i < r.length() && !any; i++) {
                    any = resets(r, i);
                }
            }
            out.add(Column.ofBooleans(reset, any));
        }
        return new LocalTable(out);
    }

    /** Whether a segmented scan starts afresh at row {@code i}: its reset flag is true or null. */
    private static boolean resets(Column r, int i) {
        return r.isNull(i) || r.getLong(i) != 0;
    }

    private static Column one(String name, DType type, Fold f) {
        byte[] nulls = f.has ? null : new byte[] {1};
        return switch (type) {
            case STRING -> new Column(name, type, null, null, Arrays.asList(f.has ? f.s : null), nulls);
            case FLOAT32, FLOAT64 -> new Column(name, type, null, new double[] {f.has ? f.d : Double.NaN}, null, null);
            case BOOL, INT32, INT64, TIMESTAMP, TIMEDELTA -> new Column(name, type, new long[] {f.l}, null, null, nulls);
        };
    }

    /**
     * Input 0 with the named columns replaced by their running values from input 1's carry; with a {@code reset}
     * column, started afresh at each row where it is true or null.
     */
    private static LocalTable scan(ScanFn fn, List<String> columns, String reset, List<ChunkData> in) {
        LocalTable t = DataFrameKernels.table(in.get(0));
        LocalTable carry = in.size() > 1 ? DataFrameKernels.table(in.get(1)) : null;
        Column r = reset == null ? null : t.column(reset);
        List<Column> out = new ArrayList<>(t.columnCount());
        for (Column c : t.columns()) {
            if (!columns.contains(c.name())) {
                out.add(c);
                continue;
            }
            Fold f = new Fold(fn);
            if (carry != null) {
                f.add(carry.column(c.name()), 0);
            }
            out.add(scanColumn(fn, c, f, r));
        }
        return new LocalTable(out);
    }

    private static Column scanColumn(ScanFn fn, Column c, Fold start, Column reset) {
        Fold f = start;
        int n = c.length();
        DType type = fn.outputType(c.name(), c.dtype());
        byte[] nulls = new byte[n];
        boolean anyNull = false;
        long[] longs = type.isLongBacked() ? new long[n] : null;
        double[] doubles = type.isFloat() ? new double[n] : null;
        List<String> strings = type == DType.STRING ? new ArrayList<>(n) : null;
        for (int i = 0; i < n; i++) {
            boolean missing = c.isNull(i);
            if (reset != null && resets(reset, i)) {
                f = new Fold(fn);
            }
            f.add(c, i);
            boolean empty = missing && fn != ScanFn.FFILL || !f.has;
            if (empty) {
                nulls[i] = 1;
                anyNull = true;
            }
            if (longs != null) {
                longs[i] = empty ? 0 : f.l;
            } else if (doubles != null) {
                doubles[i] = empty ? Double.NaN : f.d;
            } else {
                strings.add(empty ? null : f.s);
            }
        }
        return new Column(c.name(), type, longs, doubles, strings, anyNull && doubles == null ? nulls : null);
    }

    // ----- exponentially weighted windows -----

    /**
     * pandas' recurrences of {@code ewm} (its {@code ewm} and {@code ewmcov} of one column, which share the mean and
     * the weight of the past) over one column, resumable: the state after some rows is what the next rows start from.
     */
    private static final class EwmState {
        private final double decay;
        private final double newWt;
        private final boolean adjust;
        private final boolean ignoreNa;
        double mean = Double.NaN;
        double oldWt = 1;
        double cov;
        double sumWt = 1;
        double sumWt2 = 1;
        double nobs;
        double weighted = Double.NaN;

        EwmState(double alpha, boolean adjust, boolean ignoreNa) {
            this.decay = 1 - alpha;
            this.newWt = adjust ? 1 : alpha;
            this.adjust = adjust;
            this.ignoreNa = ignoreNa;
        }

        void load(Column c) {
            mean = c.getDouble(0);
            oldWt = c.getDouble(1);
            cov = c.getDouble(2);
            sumWt = c.getDouble(3);
            sumWt2 = c.getDouble(4);
            nobs = c.getDouble(5);
            weighted = c.getDouble(6);
        }

        Column save(String name) {
            return new Column(name, DType.FLOAT64, null, new double[] {mean, oldWt, cov, sumWt, sumWt2, nobs, weighted},
                    null, null);
        }

        void add(double x) {
            boolean obs = !Double.isNaN(x);
            if (obs) {
                nobs++;
            }
            if (!Double.isNaN(weighted)) {
                if (obs || !ignoreNa) {
                    weighted *= decay;
                    if (obs) {
                        weighted += x;
                    }
                }
            } else if (obs) {
                weighted = x;
            }
            if (!Double.isNaN(mean)) {
                if (obs || !ignoreNa) {
                    sumWt *= decay;
                    sumWt2 *= decay * decay;
                    oldWt *= decay;
                    if (obs) {
                        double old = mean;
                        if (mean != x) {
                            mean = (oldWt * old + newWt * x) / (oldWt + newWt);
                        }
                        cov = (oldWt * (cov + (old - mean) * (old - mean)) + newWt * ((x - mean) * (x - mean)))
                                / (oldWt + newWt);
                        sumWt += newWt;
                        sumWt2 += newWt * newWt;
                        oldWt += newWt;
                        if (!adjust) {
                            sumWt /= oldWt;
                            sumWt2 /= oldWt * oldWt;
                            oldWt = 1;
                        }
                    }
                }
            } else if (obs) {
                mean = x;
            }
        }

        double value(EwmFn fn, long minPeriods, boolean bias) {
            if (nobs < minPeriods) {
                return Double.NaN;
            }
            return switch (fn) {
                case MEAN -> mean;
                case SUM -> weighted;
                case VAR -> variance(bias);
                case STD -> {
                    double v = variance(bias);
                    yield v < 0 ? 0 : Math.sqrt(v);
                }
            };
        }

        private double variance(boolean bias) {
            if (bias) {
                return cov;
            }
            double numerator = sumWt * sumWt;
            double denominator = numerator - sumWt2;
            return denominator > 0 ? numerator / denominator * cov : Double.NaN;
        }
    }

    private static double valueAt(Column c, int i) {
        return c.isNull(i) ? Double.NaN : c.getDouble(i);
    }

    /** Input 0 with the named columns replaced by their exponentially weighted statistic, from input 1's state. */
    private static LocalTable ewm(ChunkTableEwm op, List<ChunkData> in) {
        LocalTable t = DataFrameKernels.table(in.get(0));
        LocalTable carry = in.size() > 1 ? DataFrameKernels.table(in.get(1)) : null;
        Column r = op.reset().isEmpty() ? null : t.column(op.reset());
        List<Column> out = new ArrayList<>(t.columnCount());
        for (Column c : t.columns()) {
            if (!op.columns().contains(c.name())) {
                out.add(c);
                continue;
            }
            op.fn().outputType(c.name(), c.dtype());
            EwmState st = new EwmState(op.alpha(), op.adjust(), op.ignoreNa());
            if (carry != null) {
                st.load(carry.column(c.name()));
            }
            double[] v = new double[c.length()];
            for (int i = 0; i < v.length; i++) {
                if (r != null && resets(r, i)) {
                    st = new EwmState(op.alpha(), op.adjust(), op.ignoreNa());
                }
                st.add(valueAt(c, i));
                v[i] = st.value(op.fn(), op.minPeriods(), op.bias());
            }
            out.add(new Column(c.name(), DType.FLOAT64, null, v, null, null));
        }
        return new LocalTable(out);
    }

    /** The recurrences' state after input 0's rows, started from input 1's state. */
    private static LocalTable ewmCarry(ChunkTableEwmCarry op, List<ChunkData> in) {
        LocalTable t = DataFrameKernels.table(in.get(0));
        LocalTable carry = in.size() > 1 ? DataFrameKernels.table(in.get(1)) : null;
        Column r = op.reset().isEmpty() ? null : t.column(op.reset());
        List<Column> out = new ArrayList<>(op.columns().size());
        for (String name : op.columns()) {
            Column c = t.column(name);
            EwmState st = new EwmState(op.alpha(), op.adjust(), op.ignoreNa());
            if (carry != null) {
                st.load(carry.column(name));
            }
            for (int i = 0; i < c.length(); i++) {
                if (r != null && resets(r, i)) {
                    st = new EwmState(op.alpha(), op.adjust(), op.ignoreNa());
                }
                st.add(valueAt(c, i));
            }
            out.add(st.save(name));
        }
        return new LocalTable(out);
    }

    // ----- window functions -----

    /** This chunk's rows of the stacked pieces, the named columns computed from their neighbours in the stack. */
    private static LocalTable window(ChunkTableWindow op, List<ChunkData> in) {
        List<LocalTable> parts = new ArrayList<>(op.pieces().size());
        for (ChunkTableAssemble.Piece p : op.pieces()) {
            parts.add(Columns.slice(DataFrameKernels.table(in.get(p.input())), (int) p.start(), (int) p.length()));
        }
        LocalTable stack = Columns.concat(parts);
        int start = (int) op.ownStart();
        int n = (int) op.ownLength();
        List<Column> out = new ArrayList<>(stack.columnCount());
        for (Column c : stack.columns()) {
            out.add(op.columns().contains(c.name()) ? windowColumn(op, c, start, n)
                    : Columns.slice(c, start, n));
        }
        return new LocalTable(out);
    }

    private static Column windowColumn(ChunkTableWindow op, Column c, int start, int n) {
        WindowFn fn = op.fn();
        long periods = op.periods();
        DType type = fn.outputType(c.name(), c.dtype(), periods);
        if (fn == WindowFn.SHIFT) {
            return shift(c, type, start, n, periods);
        }
        if (fn == WindowFn.ROLLING_COUNT) {
            return new Column(c.name(), type, null, rollingCounts(c, start, n, (int) periods, op.minPeriods()), null,
                    null);
        }
        double[] v = new double[c.length()];
        for (int i = 0; i < v.length; i++) {
            v[i] = c.isNull(i) ? Double.NaN : c.getDouble(i);
        }
        double[] out = switch (fn) {
            case ROLLING_SUM, ROLLING_MEAN -> slidingSums(v, start, n, (int) periods, op.minPeriods(),
                    fn == WindowFn.ROLLING_MEAN);
            case ROLLING_MIN, ROLLING_MAX -> slidingExtremes(v, start, n, (int) periods, op.minPeriods(),
                    fn == WindowFn.ROLLING_MAX);
            case DIFF, PCT_CHANGE, ROLLING_STD, ROLLING_VAR, ROLLING_MEDIAN -> rowByRow(fn, v, start, n, periods,
                    op.minPeriods());
            case SHIFT, ROLLING_COUNT -> throw new IllegalStateException();
        };
        if (type == DType.FLOAT32) {
            for (int j = 0; j < n; j++) {
                out[j] = (float) out[j];
            }
        }
        return new Column(c.name(), type, null, out, null, null);
    }

    /**
     * Rolling sums (or means) of the rows {@code [start, start + n)} of the stack over windows of {@code w} rows, in
     * one pass: each row enters and the row {@code w} before leaves a compensated (Kahan) running sum, as pandas'
     * rolling sum keeps one.
     */
    private static double[] slidingSums(double[] v, int start, int n, int w, long minPeriods, boolean mean) {
        double[] out = new double[n];
        int lo = Math.max(0, start - w + 1);
        WindowSum window = new WindowSum();
        for (int k = lo; k < start; k++) {
            window.add(v[k]);
        }
        for (int j = 0; j < n; j++) {
            int r = start + j;
            window.add(v[r]);
            if (r - w >= lo) {
                window.remove(v[r - w]);
            }
            if (window.count == 0 && minPeriods == 0 && !mean) {
                out[j] = 0.0; // pandas: the sum of no values, when none are required
            } else {
                out[j] = window.count < Math.max(1, minPeriods) ? Double.NaN
                        : mean ? window.sum / window.count : window.sum;
            }
        }
        return out;
    }

    /** A compensated (Kahan) sum of the values in a window and their count; NaN neither enters nor leaves. */
    private static final class WindowSum {
        double sum;
        double comp;
        int count;

        void add(double x) {
            if (!Double.isNaN(x)) {
                accumulate(x);
                count++;
            }
        }

        void remove(double x) {
            if (!Double.isNaN(x)) {
                accumulate(-x);
                if (--count == 0) {
                    sum = 0; // nothing left: no residue of rounding carried on
                    comp = 0;
                }
            }
        }

        private void accumulate(double x) {
            double y = x - comp;
            double t = sum + y;
            comp = (t - sum) - y;
            sum = t;
        }
    }

    /**
     * Rolling maxima (or minima) of the rows {@code [start, start + n)} of the stack over windows of {@code w} rows,
     * in one pass: a queue of the rows that can still be the extreme, their values decreasing (increasing).
     */
    private static double[] slidingExtremes(double[] v, int start, int n, int w, long minPeriods, boolean max) {
        double[] out = new double[n];
        int lo = Math.max(0, start - w + 1);
        int[] queue = new int[Math.max(1, start + n - lo)];
        int head = 0;
        int tail = 0;
        int count = 0;
        for (int r = lo; r < start + n; r++) {
            if (!Double.isNaN(v[r])) {
                while (tail > head && (max ? v[queue[tail - 1]] <= v[r] : v[queue[tail - 1]] >= v[r])) {
                    tail--;
                }
                queue[tail++] = r;
                count++;
            }
            int leave = r - w;
            if (leave >= lo && !Double.isNaN(v[leave])) {
                count--;
            }
            while (tail > head && queue[head] <= leave) {
                head++;
            }
            if (r >= start) {
                out[r - start] = count < Math.max(1, minPeriods) || tail == head ? Double.NaN : v[queue[head]];
            }
        }
        return out;
    }

    /**
     * pandas' rolling count of the rows {@code [start, start + n)} of the stack: the values that are not null among
     * the row and the {@code w - 1} rows before it (fewer at the column's start, where the stack starts), NaN where
     * those rows number fewer than {@code minPeriods}; a running count, each row entering and the one {@code w}
     * before leaving.
     */
    private static double[] rollingCounts(Column c, int start, int n, int w, long minPeriods) {
        double[] out = new double[n];
        int from = Math.max(0, start - w + 1);
        int count = 0;
        for (int r = from; r < start; r++) {
            count += c.isNull(r) ? 0 : 1;
        }
        for (int j = 0; j < n; j++) {
            int r = start + j;
            count += c.isNull(r) ? 0 : 1;
            int first = r - w + 1;
            if (first - 1 >= from) {
                count -= c.isNull(first - 1) ? 0 : 1;
            }
            int rows = r - Math.max(first, 0) + 1;
            out[j] = rows < minPeriods ? Double.NaN : count;
        }
        return out;
    }

    private static double at(double[] v, long i) {
        return i >= 0 && i < v.length ? v[(int) i] : Double.NaN;
    }

    /** Differences, changes and rolling standard deviations, each row computed from its neighbours alone. */
    private static double[] rowByRow(WindowFn fn, double[] v, int start, int n, long periods, long minPeriods) {
        double[] out = new double[n];
        for (int j = 0; j < n; j++) {
            int r = start + j;
            out[j] = switch (fn) {
                case DIFF -> v[r] - at(v, r - periods);
                case PCT_CHANGE -> v[r] / at(v, r - periods) - 1;
                case ROLLING_VAR -> rollingVar(v, Math.max(0, r - (int) periods + 1), r + 1, minPeriods);
                case ROLLING_MEDIAN -> rollingMedian(v, Math.max(0, r - (int) periods + 1), r + 1, minPeriods);
                default -> Math.sqrt(rollingVar(v, Math.max(0, r - (int) periods + 1), r + 1, minPeriods));
            };
        }
        return out;
    }

    /**
     * The sample standard deviation (ddof 1) of the values of {@code [from, to)}, NaN with fewer than
     * {@code minPeriods} (or two) values; two passes over the window, for pandas' precision.
     */
    private static double rollingVar(double[] v, int from, int to, long minPeriods) {
        int count = 0;
        double sum = 0;
        for (int i = from; i < to; i++) {
            if (!Double.isNaN(v[i])) {
                count++;
                sum += v[i];
            }
        }
        if (count < Math.max(1, minPeriods)) {
            return Double.NaN;
        }
        return variance(v, from, to, sum / count, count);
    }

    /** The median of the values of {@code [from, to)} that are not NaN; NaN for fewer than {@code minPeriods}. */
    private static double rollingMedian(double[] v, int from, int to, long minPeriods) {
        double[] w = new double[to - from];
        int count = 0;
        for (int i = from; i < to; i++) {
            if (!Double.isNaN(v[i])) {
                w[count++] = v[i];
            }
        }
        if (count < Math.max(1, minPeriods)) {
            return Double.NaN;
        }
        Arrays.sort(w, 0, count);
        return count % 2 == 1 ? w[count / 2] : (w[count / 2 - 1] + w[count / 2]) / 2;
    }

    /** The sample variance (ddof 1) of the values of {@code [from, to)} about their {@code mean}. */
    private static double variance(double[] v, int from, int to, double mean, int count) {
        if (count < 2) {
            return Double.NaN;
        }
        double ss = 0;
        for (int i = from; i < to; i++) {
            if (!Double.isNaN(v[i])) {
                double d = v[i] - mean;
                ss += d * d;
            }
        }
        return ss / (count - 1);
    }

    /** The value {@code periods} rows before (after, when negative), null past either end of the series. */
    private static Column shift(Column c, DType type, int start, int n, long periods) {
        int[] rows = new int[n];
        byte[] nulls = new byte[n];
        for (int j = 0; j < n; j++) {
            long r = start + j - periods;
            boolean inside = r >= 0 && r < c.length();
            rows[j] = inside ? (int) r : 0;
            nulls[j] = (byte) (inside && !c.isNull((int) r) ? 0 : 1);
        }
        if (type.isFloat()) {
            double[] d = new double[n];
            for (int j = 0; j < n; j++) {
                d[j] = nulls[j] == 1 ? Double.NaN : c.getDouble(rows[j]);
            }
            return new Column(c.name(), type, null, d, null, null);
        }
        if (type == DType.STRING) {
            List<String> s = new ArrayList<>(n);
            for (int j = 0; j < n; j++) {
                s.add(nulls[j] == 1 ? null : c.getString(rows[j]));
            }
            return new Column(c.name(), type, null, null, s, nulls);
        }
        long[] l = new long[n];
        for (int j = 0; j < n; j++) {
            l[j] = nulls[j] == 1 ? 0 : c.getLong(rows[j]);
        }
        return new Column(c.name(), type, l, null, null, nulls);
    }
}
