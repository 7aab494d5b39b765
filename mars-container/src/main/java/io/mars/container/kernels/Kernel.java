package io.mars.container.kernels;

import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.Operand;
import io.mars.types.ChunkData;
import java.util.List;

/**
 * Computes one chunk operand: reads the input chunks' data (in the order of {@link ChunkNode#inputs()}) and returns
 * new data of the node's dtype and shape. Must not modify its inputs.
 */
@FunctionalInterface
public interface Kernel<O extends Operand> {
    ChunkData execute(ChunkNode node, O op, List<ChunkData> inputs);
}
