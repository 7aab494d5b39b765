package io.mars.common.tiling;

import io.mars.common.graph.TileableNode;
import io.mars.common.graph.TiledTensor;
import io.mars.common.operand.Operand;
import java.util.List;

/** Splits one tileable operand into chunk operands, given its inputs already tiled. */
@FunctionalInterface
public interface Tiler<O extends Operand> {
    TiledTensor tile(TileableNode node, O op, List<TiledTensor> inputs, TileContext ctx);
}
