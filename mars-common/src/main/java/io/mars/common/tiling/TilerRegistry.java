package io.mars.common.tiling;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.graph.TileableNode;
import io.mars.common.graph.TiledTensor;
import io.mars.common.operand.Operand;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Finds the tiling rule of a tileable operand by its class. */
public final class TilerRegistry {
    private final Map<Class<?>, Tiler<?>> tilers = new HashMap<>();
    // --- wide ---
    private final java.util.Set<Class<?>> columnWise = new java.util.HashSet<>();

    /** The registry with every built-in operand. */
    public static TilerRegistry standard() {
        TilerRegistry r = new TilerRegistry();
        TensorTilers.registerAll(r);
        ReduceTilers.registerAll(r);
        CreationTilers.registerAll(r);
        RandomTilers.registerAll(r);
        // >>> area:creation-random — add "XxxTilers.registerAll(r);" lines directly above this marker
        //
        // >>> area:elementwise — add "XxxTilers.registerAll(r);" lines directly above this marker
        //
        // >>> area:reductions — add "XxxTilers.registerAll(r);" lines directly above this marker
        //
        ShapeTilers.registerAll(r);
        IndexTilers.registerAll(r);
        // >>> area:shape-indexing — add "XxxTilers.registerAll(r);" lines directly above this marker
        //
        SortTilers.registerAll(r);
        // >>> area:sort-sets — add "XxxTilers.registerAll(r);" lines directly above this marker
        //
        LinalgTilers.registerAll(r);
        // >>> area:linalg-stats — add "XxxTilers.registerAll(r);" lines directly above this marker
        //
        DataFrameTilers.registerAll(r);
        DataFrameOpsTilers.registerAll(r);
        // >>> area:df-ops — add "XxxTilers.registerAll(r);" lines directly above this marker
        //
        RowLabelTilers.registerAll(r);
        // >>> area:df-index — add "XxxTilers.registerAll(r);" lines directly above this marker
        //
        // >>> area:dataframe — add "XxxTilers.registerAll(r);" lines directly above this marker
        //
        TableIoTilers.registerAll(r);
        // >>> area:df-io — add "XxxTilers.registerAll(r);" lines directly above this marker
        //
        // >>> area:engine — add "XxxTilers.registerAll(r);" lines directly above this marker
        //
        return r;
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

    @SuppressWarnings("unchecked")
    public TiledTensor tile(TileableNode node, List<TiledTensor> inputs, TileContext ctx) {
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
