package io.mars.common.optimize;

import io.mars.common.graph.TileableGraph;
import io.mars.common.graph.TileableNode;
import io.mars.common.operand.Scalar;
import io.mars.common.operand.dataframe.ColumnExpr;
import io.mars.common.operand.dataframe.ColumnRef;
import io.mars.common.operand.dataframe.CompareOp;
import io.mars.common.operand.dataframe.DataFrameReadParquet;
import io.mars.common.operand.dataframe.ExprFn;
import io.mars.common.operand.dataframe.RowPredicate;
import io.mars.common.operand.dataframe.TableFilter;
import io.mars.common.operand.dataframe.TableMap;
import io.mars.types.DType;
import io.mars.types.DataType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Predicate push-down into Parquet: a row filter of a Parquet read whose mask is an AND of comparisons of the read's
 * columns with constants ({@code l.filter(l.col("d").ge("1994-01-01").and(l.col("q").lt(24.0)))}) becomes the read's
 * own filter ({@link RowPredicate}s). The tiler then skips the row groups whose statistics rule every row out, and
 * each row group's rows are cut as they are decoded (the kernel compares the decoded arrays and builds the Arrow
 * vectors of the passing rows only) instead of building every row's vectors, a boolean vector per comparison and
 * then a gathered copy.
 *
 * <p>Taken are comparisons {@code <, <=, >, >=, ==} of an int64, float64 or datetime64[ns] column with a number and
 * of a string column with a string (the comparisons of a row-wise map: IEEE order for floats, a null or NaN never
 * passes; {@code !=} is left alone, since a null passes it in a map but not in a read filter). The read, the filter's
 * mask and every node of the mask's expression must be read by nothing else (a read also read unfiltered stays one
 * read), and none may be stored in the session. The filter keeps its key, so its readers read the filtered read. Runs
 * after {@link ColumnPruning}, which leaves a filter reading its input directly when no row label is used: labels
 * are what a pushed filter would lose (the read numbers the passing rows afresh).
 */
public final class ParquetFilterPushdown {
    private ParquetFilterPushdown() {
    }

    public static TileableGraph push(TileableGraph graph, Set<String> stored) {
        Map<String, TileableNode> byKey = new HashMap<>();
        Map<String, List<String>> readers = new HashMap<>();
        for (TileableNode n : graph.nodes()) {
            byKey.put(n.key(), n);
            for (String in : n.inputs()) {
                readers.computeIfAbsent(in, k -> new ArrayList<>()).add(n.key());
            }
        }
        Set<String> outputs = new HashSet<>(graph.outputs());
        Map<String, TileableNode> replaced = new HashMap<>();
        Set<String> dropped = new HashSet<>();
        for (TileableNode f : graph.nodes()) {
            if (!(f.op() instanceof TableFilter) || f.inputs().size() != 2 || stored.contains(f.key())) {
                continue;
            }
            TileableNode read = byKey.get(f.inputs().get(0));
            TileableNode mask = byKey.get(f.inputs().get(1));
            if (read == null || mask == null || !(read.op() instanceof DataFrameReadParquet op)
                    || !(mask.op() instanceof TableMap m) || m.outputs().size() != 1
                    || read.shape().length != 2 || f.shape().length != 2 || read.shape()[1] != f.shape()[1]) {
                continue;
            }
            Set<String> used = new HashSet<>();
            List<RowPredicate> terms = new ArrayList<>(op.filter());
            if (!terms(mask.key(), m.outputs().get(0).name(), read.key(), op, byKey, used, terms)) {
                continue;
            }
            used.add(read.key());
            if (!ownedBy(used, f.key(), readers, outputs, stored)) {
                continue;
            }
            replaced.put(f.key(), new TileableNode(f.key(), new DataFrameReadParquet(op.path(), op.columns(),
                    op.dtypes(), terms), List.of(), f.dtype(), f.shape()));
            dropped.addAll(used);
        }
        if (replaced.isEmpty()) {
            return graph;
        }
        List<TileableNode> out = new ArrayList<>(graph.nodes().size());
        for (TileableNode n : graph.nodes()) {
            if (!dropped.contains(n.key())) {
                out.add(replaced.getOrDefault(n.key(), n));
            }
        }
        return new TileableGraph(out, graph.outputs());
    }

    /** Whether every node of {@code used} is read only by nodes of {@code used} or the filter, and none is kept. */
    private static boolean ownedBy(Set<String> used, String filter, Map<String, List<String>> readers,
                                   Set<String> outputs, Set<String> stored) {
        for (String k : used) {
            if (outputs.contains(k) || stored.contains(k)) {
                return false;
            }
            for (String r : readers.getOrDefault(k, List.of())) {
                if (!r.equals(filter) && !used.contains(r)) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * Adds to {@code terms} the comparisons that bool column {@code column} of node {@code key} ANDs, and to
     * {@code used} the nodes it is computed through; false when it is anything but an AND of read filter terms on
     * the columns of {@code read}.
     */
    private static boolean terms(String key, String column, String read, DataFrameReadParquet op,
                                 Map<String, TileableNode> byKey, Set<String> used, List<RowPredicate> terms) {
        TileableNode n = byKey.get(key);
        ColumnExpr e = n == null ? null : output(n, column);
        if (e == null || e.dtype() != DType.BOOL) {
            return false;
        }
        used.add(key);
        List<ColumnRef> args = e.args();
        if (e.fn() == ExprFn.AND && args.size() == 2 && e.constant() == null && e.text() == null) {
            return terms(n.inputs().get(args.get(0).input()), args.get(0).column(), read, op, byKey, used, terms)
                    && terms(n.inputs().get(args.get(1).input()), args.get(1).column(), read, op, byKey, used, terms);
        }
        if (e.fn() == ExprFn.COLUMN && args.size() == 1) {
            return terms(n.inputs().get(args.get(0).input()), args.get(0).column(), read, op, byKey, used, terms);
        }
        CompareOp cmp = compareOp(e.fn(), e.constantFirst());
        if (cmp == null || args.size() != 1) {
            return false;
        }
        String source = readColumn(n.inputs().get(args.get(0).input()), args.get(0).column(), read, byKey, used);
        int at = source == null ? -1 : op.columns().indexOf(source);
        if (at < 0) {
            return false;
        }
        DType t = op.dtypes().get(at);
        if (t == DType.STRING && e.text() != null && e.constant() == null) {
            terms.add(new RowPredicate(source, cmp, null, e.text()));
            return true;
        }
        Scalar c = e.constant();
        boolean number = c != null && (c.kind() == DataType.Kind.INT || c.kind() == DataType.Kind.FLOAT);
        if ((t == DType.INT64 || t == DType.FLOAT64 || t == DType.TIMESTAMP) && number && e.text() == null) {
            terms.add(new RowPredicate(source, cmp, c, null));
            return true;
        }
        return false;
    }

    /** The read's column that column {@code column} of node {@code key} is (through selects and renames), or null. */
    private static String readColumn(String key, String column, String read, Map<String, TileableNode> byKey,
                                     Set<String> used) {
        if (key.equals(read)) {
            return column;
        }
        TileableNode n = byKey.get(key);
        ColumnExpr e = n == null ? null : output(n, column);
        if (e == null || e.fn() != ExprFn.COLUMN || e.args().size() != 1) {
            return null;
        }
        used.add(key);
        ColumnRef r = e.args().get(0);
        return readColumn(n.inputs().get(r.input()), r.column(), read, byKey, used);
    }

    /** Output {@code column} of a row-wise map node, or null. */
    private static ColumnExpr output(TileableNode n, String column) {
        if (!(n.op() instanceof TableMap m)) {
            return null;
        }
        ColumnExpr found = null;
        for (ColumnExpr e : m.outputs()) {
            if (e.name().equals(column)) {
                if (found != null) {
                    return null; // two outputs of one name: not a plain column reference
                }
                found = e;
            }
        }
        return found;
    }

    /** The read filter comparison of {@code fn} (its mirror when the constant is on the left); null for the rest. */
    private static CompareOp compareOp(ExprFn fn, boolean constantFirst) {
        CompareOp op = switch (fn) {
            case LESS -> CompareOp.LT;
            case LESS_EQUAL -> CompareOp.LE;
            case GREATER -> CompareOp.GT;
            case GREATER_EQUAL -> CompareOp.GE;
            case EQUAL -> CompareOp.EQ;
            default -> null;
        };
        if (op == null || !constantFirst) {
            return op;
        }
        return switch (op) {
            case LT -> CompareOp.GT;
            case LE -> CompareOp.GE;
            case GT -> CompareOp.LT;
            case GE -> CompareOp.LE;
            default -> op;
        };
    }
}
