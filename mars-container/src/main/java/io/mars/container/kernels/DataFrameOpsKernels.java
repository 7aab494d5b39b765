package io.mars.container.kernels;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.dataframe.AccessorFn;
import io.mars.common.operand.dataframe.ChunkSeriesAccessor;
import io.mars.common.operand.dataframe.ChunkTableDropDuplicates;
import io.mars.common.operand.dataframe.ChunkTableJoin;
import io.mars.common.operand.dataframe.ChunkTablePartition;
import io.mars.common.operand.dataframe.ChunkTablePivots;
import io.mars.common.operand.dataframe.ChunkTableSample;
import io.mars.common.operand.dataframe.ChunkTableSort;
import io.mars.common.operand.dataframe.MergeHow;
import io.mars.common.operand.dataframe.MergePlan;
import io.mars.common.operand.dataframe.TableRowPositions;
import io.mars.common.table.ArrowGather;
import io.mars.common.table.ArrowTables;
import io.mars.common.table.Columns;
import io.mars.common.table.TableChunk;
import io.mars.types.ChunkData;
import io.mars.types.Column;
import io.mars.types.DType;
import io.mars.types.LocalTable;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Kernels of the row-moving dataframe operations (sort, shuffle, merge, drop_duplicates) and the string and
 * datetime accessors. Like {@link DataFrameKernels} they compute on heap columns and write a new Arrow batch from
 * the worker's allocator; a shuffle piece is cut straight from the Arrow batch, so the p pieces of a chunk cost one
 * pass over it in all.
 */
public final class DataFrameOpsKernels {
    private DataFrameOpsKernels() {
    }

    public static KernelRegistry register(KernelRegistry registry, BufferAllocator allocator) {
        JoinBuilds builds = JoinBuilds.forHeap();
        return registry
                .with(ChunkTableSort.class, (node, op, in) -> sort(op, in, allocator))
                .with(ChunkTableSample.class, (node, op, in) -> sample(op, DataFrameKernels.table(in.get(0)),
                        allocator))
                .with(ChunkTablePivots.class, (node, op, in) -> pivots(op, in, allocator))
                .with(ChunkTablePartition.class, (node, op, in) -> partition(op, in, allocator))
                .with(ChunkTableJoin.class, (node, op, in) -> join(node, op, in, allocator, builds))
                .with(ChunkTableDropDuplicates.class, (node, op, in) -> dropDuplicates(op, in, allocator))
                .with(ChunkSeriesAccessor.class, (node, op, in) -> accessor(op, in.get(0), allocator));
    }

    private static TableChunk tableChunk(ChunkData d) {
        if (d instanceof TableChunk t) {
            return t;
        }
        throw new MarsException(ErrorCode.INTERNAL_ERROR, "a dataframe kernel was given " + d.getClass().getName()
                + " instead of a table chunk");
    }

    private static LocalTable concat(List<ChunkData> in, int from, int to) {
        List<LocalTable> parts = new ArrayList<>(to - from);
        for (int i = from; i < to; i++) {
            parts.add(DataFrameKernels.table(in.get(i)));
        }
        return Columns.concat(parts);
    }

    // ----- sort -----

    private static TableChunk sort(ChunkTableSort op, List<ChunkData> in, BufferAllocator allocator) {
        List<VectorSchemaRoot> roots = roots(in, 0, in.size());
        int n = 0;
        for (VectorSchemaRoot r : roots) {
            n += r.getRowCount();
        }
        int[] order = null;
        if (!op.by().isEmpty()) {
            long[] keys = op.by().size() == 1 ? ArrowOrderKeys.of(vectors(roots, op.by().get(0)),
                    op.ascending().get(0)) : null;
            if (keys != null && op.limit() >= 0 && op.limit() < n / 4) {
                // a top-k over one key: a heap of k rows, not an order of all n
                int[] top = TableRows.topOrder(keys, n, (int) op.limit());
                return gathered(roots, top, top.length, allocator);
            }
            order = keys != null ? TableRows.stableOrder(keys, n)
                    : TableRows.sortedOrder(keyColumns(roots, op.by()), n, TableRows.flags(op.ascending()));
        }
        if (op.limit() >= 0 && op.limit() < n) {
            n = (int) op.limit();
            if (order == null) { // no keys: the first rows
                order = new int[n];
                for (int i = 0; i < n; i++) {
                    order[i] = i;
                }
            }
        }
        return gathered(roots, order, n, allocator);
    }

    /** The column {@code name} of each batch. */
    private static List<FieldVector> vectors(List<VectorSchemaRoot> roots, String name) {
        List<FieldVector> out = new ArrayList<>(roots.size());
        for (VectorSchemaRoot r : roots) {
            out.add(ArrowTables.vector(r, name));
        }
        return out;
    }

    /** The batches of inputs {@code [from, to)}. */
    private static List<VectorSchemaRoot> roots(List<ChunkData> in, int from, int to) {
        List<VectorSchemaRoot> out = new ArrayList<>(to - from);
        for (int i = from; i < to; i++) {
            out.add(tableChunk(in.get(i)).root());
        }
        return out;
    }

    /** Heap copies of the columns {@code names} of the batches, one after another; the other columns are not read. */
    private static int rowCount(List<VectorSchemaRoot> roots) {
        int n = 0;
        for (VectorSchemaRoot r : roots) {
            n += r.getRowCount();
        }
        return n;
    }

    private static List<Column> keyColumns(List<VectorSchemaRoot> roots, List<String> names) {
        List<LocalTable> parts = new ArrayList<>(roots.size());
        for (VectorSchemaRoot r : roots) {
            parts.add(ArrowTables.toLocal(r, names));
        }
        return Columns.concat(parts).columns();
    }

    /**
     * The rows {@code order[0..n)} of the batches one after another (all of them in turn when {@code order} is
     * null), moved Arrow to Arrow: a column of several batches is first put together in one temporary vector.
     */
    private static TableChunk gathered(List<VectorSchemaRoot> roots, int[] order, int n, BufferAllocator allocator) {
        int width = roots.get(0).getFieldVectors().size();
        return new TableChunk(ArrowTables.batch(n, width, j -> {
            List<FieldVector> parts = new ArrayList<>(roots.size());
            for (VectorSchemaRoot r : roots) {
                parts.add(r.getVector(j));
            }
            if (order == null) {
                return ArrowGather.concat(parts, allocator);
            }
            if (parts.size() == 1) {
                return ArrowGather.take(parts.get(0), order, n, allocator);
            }
            try (FieldVector all = ArrowGather.concat(parts, allocator)) {
                return ArrowGather.take(all, order, n, allocator);
            }
        }));
    }

    /**
     * The key columns of {@code count} rows at regular positions of the chunk's sort order. A chunk of more than
     * {@link #SAMPLE_OVERDRAW} times {@code count} rows is first thinned to that many rows, one at a scrambled
     * position in each of as many equal row ranges, and only those are sorted: the pivots come out as good for the
     * partition at a small part of the cost of sorting the whole chunk.
     */
    private static TableChunk sample(ChunkTableSample op, LocalTable t, BufferAllocator allocator) {
        List<Column> keys = TableRows.columns(t, op.by());
        int n = t.rowCount();
        LocalTable keyTable = new LocalTable(keys);
        long drawn = (long) op.count() * SAMPLE_OVERDRAW;
        if (n > drawn) {
            int m = (int) drawn;
            int[] rows = new int[m];
            for (int j = 0; j < m; j++) {
                long from = (long) j * n / m;
                long width = (long) (j + 1) * n / m - from;
                rows[j] = (int) (from + Math.floorMod(TableRows.mix(j * 0x9E3779B97F4A7C15L + n), width));
            }
            keyTable = TableRows.take(keyTable, rows, m);
            keys = keyTable.columns();
            n = m;
        }
        int[] order = TableRows.sortedOrder(keys, n, TableRows.flags(op.ascending()));
        int count = Math.min(op.count(), n);
        int[] picked = new int[count];
        for (int j = 0; j < count; j++) {
            picked[j] = order[(int) ((long) j * n / count)];
        }
        return DataFrameKernels.chunk(TableRows.take(keyTable, picked, count), allocator);
    }

    /** How many rows per wanted sample row {@link #sample} sorts at most. */
    private static final int SAMPLE_OVERDRAW = 16;

    private static TableChunk pivots(ChunkTablePivots op, List<ChunkData> in, BufferAllocator allocator) {
        LocalTable samples = concat(in, 0, in.size());
        List<Column> keys = TableRows.columns(samples, op.by());
        int m = samples.rowCount();
        int[] order = TableRows.sortedOrder(keys, m, TableRows.flags(op.ascending()));
        int count = m == 0 ? 0 : op.parts() - 1;
        int[] picked = new int[count];
        for (int j = 0; j < count; j++) {
            picked[j] = order[(int) Math.min(m - 1, (long) (j + 1) * m / op.parts())];
        }
        return DataFrameKernels.chunk(TableRows.take(new LocalTable(keys), picked, count), allocator);
    }

    /** How many of the sorted {@code keys} are at most {@code x}: a binary search whose steps do not branch. */
    private static int upperBound(long[] keys, long x) {
        if (keys.length == 0) {
            return 0;
        }
        int lo = 0;
        for (int len = keys.length; len > 1; ) {
            int half = len >>> 1;
            lo = keys[lo + half] <= x ? lo + half : lo;
            len -= half;
        }
        return lo + (keys[lo] <= x ? 1 : 0);
    }

    // ----- shuffle -----

    /**
     * Rows grouped by part (a counting sort, stable), plus the part column (and the rows' positions in front of it
     * when the partition makes them). Only the key columns are read to the heap; every column moves Arrow to Arrow.
     */
    private static TableChunk partition(ChunkTablePartition op, List<ChunkData> in, BufferAllocator allocator) {
        VectorSchemaRoot root = tableChunk(in.get(0)).root();
        int n = root.getRowCount();
        int parts = op.parts();
        int[] part = op.range()
                ? rangeParts(root, n, DataFrameKernels.table(in.get(1)), op.by(), TableRows.flags(op.ascending()))
                : hashParts(ArrowTables.toLocal(root, op.by()).columns(), n, parts);
        int[] start = partStarts(part, n, parts);
        int[] to = new int[n];
        int[] partColumn = new int[n];
        places(part, n, start, to, partColumn);
        List<FieldVector> vectors = root.getFieldVectors();
        int width = vectors.size();
        boolean positions = op.positionsOffset() >= 0;
        return new TableChunk(ArrowTables.batch(n, width + (positions ? 2 : 1), j -> {
            if (j < width) {
                return ArrowGather.scatter(vectors.get(j), to, allocator);
            }
            if (positions && j == width) {
                long[] labels = positionsOf(to, n, op.positionsOffset());
                return ArrowTables.toVector(new Column(TableRowPositions.INDEX_COLUMN, DType.INT64, labels, null, null,
                        null), allocator);
            }
            return ArrowTables.ints(ChunkTablePartition.PART_COLUMN, partColumn, n, allocator);
        }));
    }

    /** Per row, its range part: the number of pivots at or before it (part k holds [pivot k-1, pivot k)). */
    private static int[] rangeParts(VectorSchemaRoot root, int n, LocalTable pivots, List<String> by, boolean[] asc) {
        List<Column> pk = TableRows.columns(pivots, by);
        int[] part = new int[n];
        long[] pv = pk.size() == 1 ? TableRows.orderKeys(pk.get(0), asc[0]) : null;
        long[] kv = pv != null ? ArrowOrderKeys.of(vectors(List.of(root), by.get(0)), asc[0]) : null;
        if (kv != null) {
            // one numeric key without nulls on either side: a search over primitive keys
            searchParts(kv, pv, part, n);
        } else {
            compareParts(ArrowTables.toLocal(root, by).columns(), pk, asc, part, n);
        }
        return part;
    }

    private static void searchParts(long[] kv, long[] pv, int[] part, int n) {
        if (pv.length <= 32) {
            countParts(kv, pv, part, n);
            return;
        }
        for (int i = 0; i < n; i++) {
            part[i] = upperBound(pv, kv[i]);
        }
    }

    /** {@link #searchParts} for few pivots: the pivots at or below each key counted, without a branch. */
    private static void countParts(long[] kv, long[] pv, int[] part, int n) {
        for (int i = 0; i < n; i++) {
            long x = kv[i];
            int c = 0;
            for (long p : pv) {
                c += p <= x ? 1 : 0;
            }
            part[i] = c;
        }
    }

    private static void compareParts(List<Column> keys, List<Column> pk, boolean[] asc, int[] part, int n) {
        int pc = pk.isEmpty() ? 0 : pk.get(0).length();
        for (int i = 0; i < n; i++) {
            int lo = 0;
            int hi = pc;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (TableRows.compare(pk, mid, keys, i, asc) <= 0) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            part[i] = lo;
        }
    }

    /** Per row, its hash part. */
    private static int[] hashParts(List<Column> keys, int n, int parts) {
        int[] part = new int[n];
        if (keys.size() == 1 && keys.get(0).longs() != null) {
            hashLongParts(keys.get(0).longs(), keys.get(0).nulls(), part, n, parts);
        } else {
            for (int i = 0; i < n; i++) {
                part[i] = TableRows.partOf(TableRows.hash(keys, i), parts);
            }
        }
        return part;
    }

    private static void hashLongParts(long[] v, byte[] nulls, int[] part, int n, int parts) {
        for (int i = 0; i < n; i++) {
            part[i] = TableRows.partOf(TableRows.hashOfLong(v[i], nulls != null && nulls[i] != 0), parts);
        }
    }

    /** Where each part's rows start in the grouped order. */
    private static int[] partStarts(int[] part, int n, int parts) {
        int[] start = new int[parts + 1];
        for (int i = 0; i < n; i++) {
            start[part[i] + 1]++;
        }
        for (int p = 0; p < parts; p++) {
            start[p + 1] += start[p];
        }
        return start;
    }

    /**
     * Each row's place in part order, stable within a part ({@code start} is used up), and the part column in that
     * order.
     */
    private static void places(int[] part, int n, int[] start, int[] to, int[] partColumn) {
        for (int i = 0; i < n; i++) {
            int p = part[i];
            int at = start[p]++;
            to[i] = at;
            partColumn[at] = p;
        }
    }

    /** The rows' positions ({@code base} + row) in their new places. */
    private static long[] positionsOf(int[] to, int n, long base) {
        long[] labels = new long[n];
        for (int i = 0; i < n; i++) {
            labels[to[i]] = base + i;
        }
        return labels;
    }

    // ----- merge -----

    private static TableChunk join(ChunkNode node, ChunkTableJoin op, List<ChunkData> in, BufferAllocator allocator,
                                   JoinBuilds builds) {
        List<VectorSchemaRoot> left = roots(in, 0, op.leftInputs());
        List<VectorSchemaRoot> right = roots(in, op.leftInputs(), in.size());
        MergePlan plan = MergePlan.of(ArrowTables.names(left.get(0)), ArrowTables.dtypes(left.get(0)),
                ArrowTables.names(right.get(0)), ArrowTables.dtypes(right.get(0)), op.leftOn(), op.rightOn(), op.how(),
                op.leftSuffix(), op.rightSuffix());
        int leftRows = rowCount(left);
        int rightRows = rowCount(right);
        IntPairs pairs = new IntPairs();
        if (op.how() == MergeHow.CROSS) {
            for (int i = 0; i < leftRows; i++) {
                for (int j = 0; j < rightRows; j++) {
                    pairs.add(i, j);
                }
            }
        } else {
            List<Column> lk = keyColumns(left, op.leftOn());
            // a right side of one chunk (a broadcast side) is numbered and indexed once per worker, then probed
            JoinBuild build = op.how() == MergeHow.RIGHT ? null : keptBuild(node, op, right, builds);
            JoinKeys built = build == null ? null : build.probe(lk);
            List<Column> rk = built == null ? keyColumns(right, op.rightOn()) : null;
            if (op.how().leftOnly()) {
                boolean[] matched = built != null ? HashJoin.matched(built, build, leftRows)
                        : matchedRows(lk, rk, leftRows);
                boolean keep = op.how() == MergeHow.SEMI;
                for (int i = 0; i < leftRows; i++) {
                    if (matched[i] == keep) {
                        pairs.add(i, -1);
                    }
                }
            } else if (op.how() == MergeHow.RIGHT) {
                // pandas orders a right join by the right rows, each with its left matches in order
                matchRows(rk, lk, true, pairs);
                pairs.swap();
            } else {
                if (built != null) {
                    HashJoin.match(built, build.index(), leftRows, op.how().keepsLeft(), pairs);
                } else {
                    matchRows(lk, rk, op.how().keepsLeft(), pairs);
                }
                if (op.how().keepsRight()) {
                    addUnmatchedRight(pairs, rightRows);
                }
            }
        }
        return joined(op, plan, left, right, pairs, allocator);
    }

    /**
     * The build of a broadcast join's right side (one input chunk, joined with every chunk of the left) kept by
     * {@code builds}, made and kept on first use; null for any other side, or for keys no build takes.
     */
    private static JoinBuild keptBuild(ChunkNode node, ChunkTableJoin op, List<VectorSchemaRoot> right,
                                       JoinBuilds builds) {
        if (!op.rightBroadcast() || right.size() != 1 || node.inputCount() != op.leftInputs() + 1) {
            return null;
        }
        String key = node.input(op.leftInputs()).key() + "/" + String.join("/", op.rightOn());
        JoinBuild build = builds.get(key);
        if (build == null || build.rows() != right.get(0).getRowCount()) {
            build = JoinBuild.of(keyColumns(right, op.rightOn()));
            if (build == null) {
                return null;
            }
            builds.put(key, build);
        }
        return build;
    }

    /** Adds a (-1, j) pair for every right row j no pair has, after the others (an outer join's unmatched right). */
    private static void addUnmatchedRight(IntPairs pairs, int rightRows) {
        boolean[] matched = new boolean[rightRows];
        for (int i = 0; i < pairs.size; i++) {
            if (pairs.right[i] >= 0) {
                matched[pairs.right[i]] = true;
            }
        }
        for (int j = 0; j < matched.length; j++) {
            if (!matched[j]) {
                pairs.add(-1, j);
            }
        }
    }

    /** The joined batch: each output column gathered from its side by the pairs' rows. */
    private static TableChunk joined(ChunkTableJoin op, MergePlan plan, List<VectorSchemaRoot> left,
                                     List<VectorSchemaRoot> right, IntPairs pairs, BufferAllocator allocator) {
        int n = pairs.size;
        try (JoinSide l = new JoinSide(left, allocator); JoinSide r = new JoinSide(right, allocator)) {
            return new TableChunk(ArrowTables.batch(n, plan.names().size(), c -> {
                String name = plan.names().get(c);
                DType type = plan.dtypes().get(c);
                String src = plan.columns().get(c);
                int source = plan.sources().get(c);
                if (source == MergePlan.KEY && op.how().keepsRight()) {
                    // a key of a row without a left side comes from the right: on the heap
                    Column lc = TableRows.take(l.column(src), pairs.left, n, name, type);
                    Column rc = TableRows.take(r.column(src), pairs.right, n, name, type);
                    return ArrowTables.toVector(coalesce(lc, rc, pairs.left, n), allocator);
                }
                JoinSide side = source == MergePlan.RIGHT ? r : l;
                int[] rows = source == MergePlan.RIGHT ? pairs.right : pairs.left;
                FieldVector v = side.vector(src);
                if (ArrowTables.dtype(v.getField()) == type) {
                    return ArrowGather.take(v, name, rows, n, allocator);
                }
                // a type change (int to float where rows are missing): on the heap
                return ArrowTables.toVector(TableRows.take(side.column(src), rows, n, name, type), allocator);
            }));
        }
    }

    /**
     * The columns of one side of a join, each as one vector: a side of one batch lends its own vectors; the columns
     * of a side of several are put together on first use and closed with the side.
     */
    private static final class JoinSide implements AutoCloseable {
        private final List<VectorSchemaRoot> roots;
        private final BufferAllocator allocator;
        private final Map<String, FieldVector> joined = new HashMap<>();

        JoinSide(List<VectorSchemaRoot> roots, BufferAllocator allocator) {
            this.roots = roots;
            this.allocator = allocator;
        }

        FieldVector vector(String name) {
            if (roots.size() == 1) {
                return roots.get(0).getVector(name);
            }
            FieldVector v = joined.get(name);
            if (v == null) {
                List<FieldVector> parts = new ArrayList<>(roots.size());
                for (VectorSchemaRoot r : roots) {
                    parts.add(r.getVector(name));
                }
                v = ArrowGather.concat(parts, allocator);
                joined.put(name, v);
            }
            return v;
        }

        Column column(String name) {
            FieldVector v = vector(name);
            return ArrowTables.toColumn(v, v.getValueCount());
        }

        @Override
        public void close() {
            joined.values().forEach(FieldVector::close);
        }
    }

    /**
     * For every outer row in order, its inner matches in order as (outer, inner) pairs; an outer row without a match
     * (or with a null key) gives (outer, -1) when {@code keepUnmatched}. Keys that {@link JoinKeys} turns into longs
     * are matched by a {@link HashJoin}; mixed kinds (integers with floats, numbers with text) as boxed keys.
     */
    private static void matchRows(List<Column> outer, List<Column> inner, boolean keepUnmatched, IntPairs pairs) {
        JoinKeys keys = JoinKeys.of(outer, inner);
        if (keys == null) {
            matchBoxedRows(outer, inner, keepUnmatched, pairs);
            return;
        }
        HashJoin.match(keys, outer.get(0).length(), inner.get(0).length(), keepUnmatched, pairs);
    }

    /** Whether each of the {@code rows} outer rows has an inner match (a semi or anti join): no pairs are made. */
    private static boolean[] matchedRows(List<Column> outer, List<Column> inner, int rows) {
        JoinKeys keys = JoinKeys.of(outer, inner);
        if (keys != null) {
            return HashJoin.matched(keys, rows, inner.get(0).length());
        }
        boolean[] matched = new boolean[rows];
        IntPairs matches = new IntPairs();
        matchBoxedRows(outer, inner, false, matches);
        for (int i = 0; i < matches.size; i++) {
            matched[matches.left[i]] = true;
        }
        return matched;
    }

    /** {@link #matchRows} through a map of boxed keys ({@link TableRows#key}). */
    private static void matchBoxedRows(List<Column> outer, List<Column> inner, boolean keepUnmatched,
                                       IntPairs pairs) {
        int ni = inner.isEmpty() ? 0 : inner.get(0).length();
        Map<Object, int[]> index = new HashMap<>();
        int[] next = new int[ni];
        for (int j = 0; j < ni; j++) {
            Object key = TableRows.key(inner, j, false);
            if (key == null) {
                continue;
            }
            next[j] = -1;
            int[] head = index.get(key);
            if (head == null) {
                index.put(key, new int[] {j, j});
            } else {
                next[head[1]] = j;
                head[1] = j;
            }
        }
        int no = outer.isEmpty() ? 0 : outer.get(0).length();
        for (int i = 0; i < no; i++) {
            Object key = TableRows.key(outer, i, false);
            int[] head = key == null ? null : index.get(key);
            if (head == null) {
                if (keepUnmatched) {
                    pairs.add(i, -1);
                }
                continue;
            }
            for (int j = head[0]; j >= 0; j = next[j]) {
                pairs.add(i, j);
            }
        }
    }

    /** {@code l} where the left row exists, else {@code r}. */
    private static Column coalesce(Column l, Column r, int[] leftRows, int n) {
        List<Column> pick = new ArrayList<>(n);
        boolean any = false;
        for (int i = 0; i < n; i++) {
            any |= leftRows[i] < 0;
        }
        if (!any) {
            return l;
        }
        for (int i = 0; i < n; i++) {
            pick.add(Columns.slice(leftRows[i] < 0 ? r : l, i, 1));
        }
        return Columns.concatColumns(pick);
    }

    // ----- drop_duplicates -----

    private static TableChunk dropDuplicates(ChunkTableDropDuplicates op, List<ChunkData> in,
                                             BufferAllocator allocator) {
        LocalTable t = concat(in, 0, in.size());
        List<Column> keys = TableRows.columns(t, op.subset());
        int n = t.rowCount();
        Set<Object> seen = new HashSet<>();
        int[] keep = new int[n];
        int count = 0;
        for (int i = 0; i < n; i++) {
            if (seen.add(TableRows.key(keys, i, true))) {
                keep[count++] = i;
            }
        }
        return DataFrameKernels.chunk(TableRows.take(t, keep, count), allocator);
    }

    // ----- accessors -----

    private static TableChunk accessor(ChunkSeriesAccessor op, ChunkData in, BufferAllocator allocator) {
        org.apache.arrow.vector.VectorSchemaRoot root = tableChunk(in).root();
        if (op.fn().isTest() && root.getFieldVectors().size() == 1
                && root.getVector(0) instanceof org.apache.arrow.vector.VarCharVector strings) {
            int n = root.getRowCount();
            long[] passed = Utf8Search.test(op.fn(), op.pattern(), strings, n);
            if (passed != null) {
                Column out = new Column(strings.getName(), op.fn().outputType(), passed, null, null, null);
                return new TableChunk(ArrowTables.toArrow(List.of(out), n, allocator));
            }
        }
        return accessor(op, DataFrameKernels.table(in), allocator);
    }

    private static TableChunk accessor(ChunkSeriesAccessor op, LocalTable t, BufferAllocator allocator) {
        Column c = t.column(0);
        int n = c.length();
        AccessorFn fn = op.fn();
        DType outType = fn.outputType();
        byte[] nulls = null;
        long[] longs = outType.isLongBacked() ? new long[n] : null;
        List<String> strings = outType == DType.STRING ? new ArrayList<>(n) : null;
        java.util.regex.Pattern regex = fn == AccessorFn.STR_CONTAINS_REGEX
                ? java.util.regex.Pattern.compile(op.pattern()) : null;
        for (int i = 0; i < n; i++) {
            boolean isNull = c.isNull(i);
            if (isNull && !fn.isTest()) {
                nulls = nulls == null ? new byte[n] : nulls;
                nulls[i] = 1;
                if (strings != null) {
                    strings.add(null);
                }
                continue;
            }
            switch (fn) {
                case STR_LEN -> longs[i] = c.strings().get(i).length();
                case STR_LOWER -> strings.add(c.strings().get(i).toLowerCase(java.util.Locale.ROOT));
                case STR_UPPER -> strings.add(c.strings().get(i).toUpperCase(java.util.Locale.ROOT));
                case STR_REPLACE -> strings.add(c.strings().get(i).replace(op.pattern(), op.replacement()));
                case STR_CONTAINS -> longs[i] = !isNull && c.strings().get(i).contains(op.pattern()) ? 1 : 0;
                case STR_STARTSWITH -> longs[i] = !isNull && c.strings().get(i).startsWith(op.pattern()) ? 1 : 0;
                case STR_ENDSWITH -> longs[i] = !isNull && c.strings().get(i).endsWith(op.pattern()) ? 1 : 0;
                case STR_CONTAINS_REGEX -> longs[i] = !isNull && regex.matcher(c.strings().get(i)).find() ? 1 : 0;
                case STR_SLICE -> strings.add(slice(c.strings().get(i), op.start(), op.stop()));
                case DT_YEAR, DT_MONTH, DT_DAY, DT_DAYOFWEEK -> longs[i] = dateField(fn, c.longs()[i]);
            }
        }
        Column out = new Column(c.name(), outType, longs, null, strings, nulls);
        return new TableChunk(ArrowTables.toArrow(List.of(out), n, allocator));
    }

    /** Python's {@code s[start:stop]}: negative bounds count from the end, out-of-range bounds are clipped. */
    static String slice(String s, int start, int stop) {
        int n = s.length();
        int from = start == io.mars.common.operand.dataframe.SeriesAccessor.OPEN ? 0 : start < 0 ? Math.max(0, n + start)
                : Math.min(n, start);
        int to = stop == io.mars.common.operand.dataframe.SeriesAccessor.OPEN ? n : stop < 0 ? Math.max(0, n + stop)
                : Math.min(n, stop);
        return from >= to ? "" : s.substring(from, to);
    }

    private static long dateField(AccessorFn fn, long nanos) {
        ZonedDateTime t = Instant.ofEpochSecond(Math.floorDiv(nanos, 1_000_000_000L),
                Math.floorMod(nanos, 1_000_000_000L)).atZone(ZoneOffset.UTC);
        return switch (fn) {
            case DT_YEAR -> t.getYear();
            case DT_MONTH -> t.getMonthValue();
            case DT_DAY -> t.getDayOfMonth();
            case DT_DAYOFWEEK -> t.getDayOfWeek().getValue() - 1;
            default -> throw new IllegalStateException(fn.name());
        };
    }
}
