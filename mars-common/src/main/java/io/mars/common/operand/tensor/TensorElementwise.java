package io.mars.common.operand.tensor;

import io.mars.common.operand.Arg;
import io.mars.common.operand.ElementwiseFn;
import io.mars.common.operand.WireName;
import java.util.List;

/** An element-wise function of broadcast inputs and constants. */
@WireName("tensor.elementwise")
public record TensorElementwise(ElementwiseFn fn, List<Arg> args) implements TensorOperand {
    public TensorElementwise {
        args = List.copyOf(args);
    }
}
