package io.mars.common.graph;

import io.mars.common.operand.Operand;
import io.mars.tensor.DataType;
import java.util.List;
import java.util.Objects;

/**
 * A node of the tileable graph: a whole tensor (later also dataframes) produced by {@code op} from the tileables
 * named by {@code inputs}.
 */
public record TileableNode(String key, Operand op, List<String> inputs, DataType dtype, long[] shape) {
    public TileableNode {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(op, "op");
        Objects.requireNonNull(dtype, "dtype");
        inputs = List.copyOf(inputs);
        shape = shape.clone();
    }
}
