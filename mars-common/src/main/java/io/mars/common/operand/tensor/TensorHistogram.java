package io.mars.common.operand.tensor;

import io.mars.common.operand.WireName;

/**
 * numpy.histogram's counts of the data (input 0) in the bins whose edges are input 1: bin {@code i} holds
 * {@code edges[i] <= x < edges[i+1]}, the last bin also {@code x == edges[-1]}; values outside the edges are dropped.
 */
@WireName("tensor.histogram")
public record TensorHistogram() implements TensorOperand {
}
