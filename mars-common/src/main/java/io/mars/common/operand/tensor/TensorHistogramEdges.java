package io.mars.common.operand.tensor;

import io.mars.common.operand.WireName;

/** The {@code bins + 1} equal-width edges numpy.histogram derives from the data's minimum (input 0) and maximum (input 1). */
@WireName("tensor.histogram.edges")
public record TensorHistogramEdges(int bins) implements TensorOperand {
}
