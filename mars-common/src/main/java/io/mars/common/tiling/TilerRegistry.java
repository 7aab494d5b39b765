package io.mars.common.tiling;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.graph.TileableNode;
import io.mars.common.graph.TiledTileable;
import io.mars.common.operand.Operand;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Finds the tiling rule of a tileable operand by its class. Each operand has one entry, a {@code register} line in
 * the {@code *Tilers.registerAll} of its kind; {@code OperandCoverage} reports a tileable operand without one.
 */
public final class TilerRegistry {
    private final Map<Class<?>, Tiler<?>> tilers = new HashMap<>();
    // --- wide ---
    private final java.util.Set<Class<?>> columnWise = new java.util.HashSet<>();
    /** Operands tiled chunk by chunk, which need not know how many rows their inputs' chunks hold. */
    private final java.util.Set<Class<?>> rowWise = new java.util.HashSet<>();

    /** The registry with every built-in operand. */
    public static TilerRegistry standard() {
        TilerRegistry r = new TilerRegistry();
        TensorTilers.registerAll(r);
        ReduceTilers.registerAll(r);
        CreationTilers.registerAll(r);
        RandomTilers.registerAll(r);
        ShapeTilers.registerAll(r);
        IndexTilers.registerAll(r);
        SortTilers.registerAll(r);
        FftTilers.registerAll(r);
        LinalgTilers.registerAll(r);
        SparseTilers.registerAll(r);
        RowPassTilers.registerAll(r);
        DataFrameTilers.registerAll(r);
        DataFrameOpsTilers.registerAll(r);
        RowLabelTilers.registerAll(r);
        TableIoTilers.registerAll(r);
        UserFunctionTilers.registerAll(r);
        WindowTilers.registerAll(r);
        IlocTilers.registerAll(r);
        return r;
    }

    /** Whether operands of class {@code type} have a tiling rule. */
    public boolean supports(Class<? extends Operand> type) {
        return tilers.containsKey(type);
    }

    /** A copy of this registry without the rule for {@code type}: what a forgotten entry looks like, for tests. */
    public TilerRegistry without(Class<? extends Operand> type) {
        TilerRegistry copy = new TilerRegistry();
        copy.tilers.putAll(tilers);
        copy.columnWise.addAll(columnWise);
        copy.rowWise.addAll(rowWise);
        copy.unknownRowsRules.putAll(unknownRowsRules);
        copy.outputs.putAll(outputs);
        copy.tilers.remove(type);
        copy.columnWise.remove(type);
        return copy;
    }

    public <O extends Operand> void register(Class<O> type, Tiler<O> tiler) {
        tilers.put(type, tiler);
    }

    // --- wide ---
    /**
     * Registers a tiler that accepts dataframes cut by columns (a grid of row chunks x column chunks); the inputs of
     * every other tiler are stitched to full-width row chunks first (see {@link WideTables}).
     */
    public <O extends Operand> void registerColumnWise(Class<O> type, Tiler<O> tiler) {
        tilers.put(type, tiler);
        columnWise.add(type);
    }

    /**
     * Marks operands of class {@code type} as tiled chunk by chunk: chunk {@code i} of the output reads chunk {@code i}
     * of every input. Their inputs may then have unknown row counts (after a filter, say) as long as every input's
     * are unknown and all have the same number of row chunks (as a filter's output and the series computed from it),
     * so tiling goes on through them instead of stopping to compute those inputs first; the kernels check, when they
     * run, that the chunks they pair hold as many rows.
     */
    public void markRowWise(Class<? extends Operand> type) {
        rowWise.add(type);
    }

    /**
     * Which inputs of {@code node} must have known row counts before it is tiled: none when all are known; for a
     * row-wise operand none if {@link #tilesUnknownRows} allows it; for an operand with its own rule (a merge), what
     * the rule says; otherwise every input whose count is unknown.
     */
    public List<Integer> mustKnowRows(TileableNode node, List<TiledTileable> inputs, TileContext ctx) {
        List<Integer> unknown = new java.util.ArrayList<>();
        for (int i = 0; i < inputs.size(); i++) {
            if (!inputs.get(i).isKnown()) {
                unknown.add(i);
            }
        }
        if (unknown.isEmpty() || tilesUnknownRows(node.op().getClass(), inputs)) {
            return List.of();
        }
        UnknownRowsRule rule = unknownRowsRules.get(node.op().getClass());
        return rule == null ? unknown : rule.mustKnow(node, inputs, ctx);
    }

    /** Which inputs of a node must have known row counts for it to be tiled (see {@link #mustKnowRows}). */
    @FunctionalInterface
    public interface UnknownRowsRule {
        List<Integer> mustKnow(TileableNode node, List<TiledTileable> inputs, TileContext ctx);
    }

    private final Map<Class<?>, UnknownRowsRule> unknownRowsRules = new java.util.HashMap<>();

    /** Gives operands of class {@code type} their own rule for inputs of unknown row counts. */
    public void unknownRows(Class<? extends Operand> type, UnknownRowsRule rule) {
        unknownRowsRules.put(type, rule);
    }

    /** Whether {@code type} is row-wise: its output has at most as many rows as its first input. */
    public boolean isRowWise(Class<? extends Operand> type) {
        return rowWise.contains(type);
    }

    /** Whether a node of operand class {@code type} can be tiled over {@code inputs} whose row counts are unknown. */
    private boolean tilesUnknownRows(Class<? extends Operand> type, List<TiledTileable> inputs) {
        if (!rowWise.contains(type) || inputs.isEmpty()) {
            return false;
        }
        int count = inputs.get(0).nsplits()[0].length;
        for (TiledTileable t : inputs) {
            long[][] ns = t.nsplits();
            if (ns[0].length != count || ns.length > 2 || ns.length == 2 && ns[1].length != 1 || WideTables.isWide(t)) {
                return false;
            }
            // an input of known rows beside one of unknown rows may be cut differently: compute, then align them
            if (java.util.Arrays.stream(ns[0]).anyMatch(l -> l != io.mars.types.Shapes.UNKNOWN)) {
                return false;
            }
            for (int axis = 1; axis < ns.length; axis++) {
                for (long l : ns[axis]) {
                    if (l == io.mars.types.Shapes.UNKNOWN) {
                        return false;
                    }
                }
            }
        }
        return true;
    }

    /**
     * What an operand that writes outside Mars' storage (a file output) does around its task: a check before the task
     * runs anything, and a clean-up after it failed or was cancelled.
     */
    public interface OutputRule<O extends Operand> {
        /** Refuses, before anything runs, a target the write may not use (a non-empty directory, say). */
        void check(TileableNode node, O op);

        /** Removes what the write left behind when its task failed (its temporary files); never throws. */
        void abort(TileableNode node, O op);
    }

    private final Map<Class<?>, OutputRule<?>> outputs = new HashMap<>();

    /** Gives operands of class {@code type}, which write files, their check and clean-up. */
    public <O extends Operand> void registerOutput(Class<O> type, OutputRule<O> rule) {
        outputs.put(type, rule);
    }

    /** Runs the output check of {@code node}, if its operand has one. */
    @SuppressWarnings("unchecked")
    void checkOutput(TileableNode node) {
        OutputRule<Operand> rule = (OutputRule<Operand>) outputs.get(node.op().getClass());
        if (rule != null) {
            rule.check(node, node.op());
        }
    }

    /** Runs the output clean-up of {@code node}, if its operand has one. */
    @SuppressWarnings("unchecked")
    void abortOutput(TileableNode node) {
        OutputRule<Operand> rule = (OutputRule<Operand>) outputs.get(node.op().getClass());
        if (rule != null) {
            rule.abort(node, node.op());
        }
    }

    @SuppressWarnings("unchecked")
    public TiledTileable tile(TileableNode node, List<TiledTileable> inputs, TileContext ctx) {
        Tiler<Operand> t = (Tiler<Operand>) tilers.get(node.op().getClass());
        if (t == null) {
            throw new MarsException(ErrorCode.NOT_SUPPORTED, "no tiling rule for operand " + node.op().wireName());
        }
        if (!columnWise.contains(node.op().getClass())) {
            inputs = WideTables.fullWidth(node, inputs, ctx); // --- wide ---
        }
        return t.tile(node, node.op(), inputs, ctx);
    }
}
