package io.mars.common.operand.chunk;

import io.mars.common.operand.Arg;
import io.mars.common.operand.ElementwiseFn;
import io.mars.common.operand.WireName;
import java.util.List;

/** An element-wise function over input chunks that broadcast to the node's shape, and constants. */
@WireName("chunk.elementwise")
public record ChunkElementwise(ElementwiseFn fn, List<Arg> args) implements ChunkOperand {
    public ChunkElementwise {
        args = List.copyOf(args);
    }
}
