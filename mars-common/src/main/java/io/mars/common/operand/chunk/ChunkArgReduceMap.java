package io.mars.common.operand.chunk;

import io.mars.common.operand.ReduceFn;
import io.mars.common.operand.WireName;

/**
 * First step of argmin/argmax (and nan-variants): the best value over {@code axes} of one chunk and its position,
 * counted in C order over the reduced axes of the whole input ({@code fullShape}); {@code offset} is the chunk's
 * position in the input.
 */
@WireName("chunk.reduce.argmap")
public record ChunkArgReduceMap(ReduceFn fn, int[] axes, long[] offset, long[] fullShape) implements ChunkOperand {
}
