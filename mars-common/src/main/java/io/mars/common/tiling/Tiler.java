package io.mars.common.tiling;

import io.mars.common.graph.TileableNode;
import io.mars.common.graph.TiledTileable;
import io.mars.common.operand.Operand;
import java.util.List;

/** Splits one tileable operand into chunk operands, given its inputs already tiled. */
@FunctionalInterface
public interface Tiler<O extends Operand> {
    TiledTileable tile(TileableNode node, O op, List<TiledTileable> inputs, TileContext ctx);
}
