package io.mars.common.graph;

import io.mars.common.operand.Operand;
import io.mars.types.DataType;
import java.util.List;
import java.util.Objects;

/**
 * A node of the tileable graph: a whole tensor, dataframe or series produced by {@code op} from the tileables named
 * by {@code inputs}. {@code dtype} is a tensor's element type and null for a dataframe or series, whose column types
 * are known to the client's {@code DataFrame}/{@code Series} and held by the chunk data itself.
 */
public record TileableNode(String key, Operand op, List<String> inputs, DataType dtype, long[] shape) {
    public TileableNode {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(op, "op");
        inputs = List.copyOf(inputs);
        shape = shape.clone();
    }
}
