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
import io.mars.types.Shapes;
import java.util.ArrayDeque;
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
    /** The column of the masks made here. */
    private static final String MASK = "mask";

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
        // what nodes of the graph become: nothing (dropped), or the nodes listed in their place
        Map<String, List<TileableNode>> instead = new HashMap<>();
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
            List<Leaf> leaves = new ArrayList<>();
            conjuncts(mask.key(), m.outputs().get(0).name(), byKey, used, leaves);
            List<RowPredicate> terms = new ArrayList<>(op.filter());
            List<Leaf> rest = new ArrayList<>();
            for (Leaf leaf : leaves) {
                if (!term(leaf, read.key(), op, byKey, used, terms)) {
                    rest.add(leaf);
                }
            }
            Set<String> restNodes = new HashSet<>();
            if (terms.size() == op.filter().size() || !rowWiseOf(rest, read.key(), byKey, restNodes)) {
                continue; // nothing to push, or a rest not computed from the read's rows alone
            }
            used.addAll(restNodes);
            used.add(read.key());
            if (!ownedBy(used, f.key(), readers, outputs, stored)) {
                continue;
            }
            for (String k : used) {
                instead.put(k, List.of());
            }
            DataFrameReadParquet pushed = new DataFrameReadParquet(op.path(), op.columns(), op.dtypes(), terms);
            if (rest.isEmpty()) {
                instead.put(f.key(), List.of(new TileableNode(f.key(), pushed, List.of(), f.dtype(), f.shape())));
                continue;
            }
            // the rest of the mask is computed again on the filtered read's rows: its nodes under new keys
            String readKey = f.key() + "_read";
            instead.put(read.key(), List.of(new TileableNode(readKey, pushed, List.of(), read.dtype(),
                    unknownRows(read.shape()))));
            Map<String, String> renamed = new HashMap<>();
            renamed.put(read.key(), readKey);
            for (String k : restNodes) {
                renamed.put(k, f.key() + "_" + k);
            }
            for (String k : restNodes) {
                TileableNode n = byKey.get(k);
                List<String> inputs = new ArrayList<>(n.inputs().size());
                for (String in : n.inputs()) {
                    inputs.add(renamed.get(in));
                }
                instead.put(k, List.of(new TileableNode(renamed.get(k), n.op(), inputs, n.dtype(),
                        unknownRows(n.shape()))));
            }
            instead.put(f.key(), restFilter(f, readKey, rest, renamed));
        }
        if (instead.isEmpty()) {
            return graph;
        }
        List<TileableNode> out = new ArrayList<>(graph.nodes().size());
        for (TileableNode n : graph.nodes()) {
            out.addAll(instead.getOrDefault(n.key(), List.of(n)));
        }
        return new TileableGraph(out, graph.outputs());
    }

    /** A bool column of a node: one conjunct of a mask. */
    private record Leaf(String key, String column) {
    }

    /** The conjuncts that bool column {@code column} of node {@code key} ANDs; the AND nodes go to {@code used}. */
    private static void conjuncts(String key, String column, Map<String, TileableNode> byKey, Set<String> used,
                                  List<Leaf> leaves) {
        TileableNode n = byKey.get(key);
        ColumnExpr e = n == null ? null : output(n, column);
        if (e != null && e.dtype() == DType.BOOL && e.constant() == null && e.text() == null
                && (e.fn() == ExprFn.AND && e.args().size() == 2 || e.fn() == ExprFn.COLUMN && e.args().size() == 1)) {
            used.add(key);
            for (ColumnRef a : e.args()) {
                conjuncts(n.inputs().get(a.input()), a.column(), byKey, used, leaves);
            }
            return;
        }
        leaves.add(new Leaf(key, column));
    }

    /**
     * Whether every node the conjuncts {@code rest} are computed through is a row-wise map of the read's rows alone
     * (so that it can be computed again on the filtered rows); those nodes go to {@code nodes}.
     */
    private static boolean rowWiseOf(List<Leaf> rest, String read, Map<String, TileableNode> byKey,
                                     Set<String> nodes) {
        ArrayDeque<String> todo = new ArrayDeque<>();
        for (Leaf l : rest) {
            todo.add(l.key());
        }
        while (!todo.isEmpty()) {
            String k = todo.pop();
            if (k.equals(read) || !nodes.add(k)) {
                continue;
            }
            TileableNode n = byKey.get(k);
            if (n == null || !(n.op() instanceof TableMap) || n.inputs().isEmpty()) {
                return false;
            }
            todo.addAll(n.inputs());
        }
        return true;
    }

    private static long[] unknownRows(long[] shape) {
        long[] s = shape.clone();
        s[0] = Shapes.UNKNOWN;
        return s;
    }

    /** The filter of the pushed read by the rest of its mask: the rest's conjuncts ANDed, then the filter itself. */
    private static List<TileableNode> restFilter(TileableNode f, String readKey, List<Leaf> rest,
                                                 Map<String, String> renamed) {
        List<TileableNode> out = new ArrayList<>();
        long[] series = {Shapes.UNKNOWN};
        String key = renamed.get(rest.get(0).key());
        String column = rest.get(0).column();
        for (int i = 1; i < rest.size(); i++) {
            String and = f.key() + "_and" + i;
            out.add(new TileableNode(and, new TableMap(List.of(new ColumnExpr(MASK, DType.BOOL, ExprFn.AND,
                    List.of(new ColumnRef(0, column), new ColumnRef(1, rest.get(i).column())), null, null, false))),
                    List.of(key, renamed.get(rest.get(i).key())), null, series));
            key = and;
            column = MASK;
        }
        String mask = f.key() + "_mask";
        out.add(new TileableNode(mask, new TableMap(List.of(ColumnExpr.column(MASK, DType.BOOL,
                new ColumnRef(0, column)))), List.of(key), null, series));
        out.add(new TileableNode(f.key(), f.op(), List.of(readKey, mask), f.dtype(), f.shape()));
        return out;
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
     * Adds to {@code terms} the read filter term that conjunct {@code leaf} is, and to {@code used} the nodes it is
     * computed through; false when it is not a comparison of a column of {@code read} with a constant.
     */
    private static boolean term(Leaf leaf, String read, DataFrameReadParquet op, Map<String, TileableNode> byKey,
                                Set<String> used, List<RowPredicate> terms) {
        TileableNode n = byKey.get(leaf.key());
        ColumnExpr e = n == null ? null : output(n, leaf.column());
        CompareOp cmp = e == null ? null : compareOp(e.fn(), e.constantFirst());
        if (cmp == null || e.dtype() != DType.BOOL || e.args().size() != 1) {
            return false;
        }
        ColumnRef arg = e.args().get(0);
        Set<String> through = new HashSet<>();
        through.add(leaf.key());
        String source = readColumn(n.inputs().get(arg.input()), arg.column(), read, byKey, through);
        int at = source == null ? -1 : op.columns().indexOf(source);
        if (at < 0) {
            return false;
        }
        DType t = op.dtypes().get(at);
        Scalar c = e.constant();
        boolean number = c != null && (c.kind() == DataType.Kind.INT || c.kind() == DataType.Kind.FLOAT);
        if (t == DType.STRING && e.text() != null && c == null) {
            terms.add(new RowPredicate(source, cmp, null, e.text()));
        } else if ((t == DType.INT64 || t == DType.FLOAT64 || t == DType.TIMESTAMP) && number && e.text() == null) {
            terms.add(new RowPredicate(source, cmp, c, null));
        } else {
            return false;
        }
        used.addAll(through);
        return true;
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
