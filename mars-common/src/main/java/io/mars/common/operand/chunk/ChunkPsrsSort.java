package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;

/**
 * First step of parallel sorting by regular sampling (PSRS) of a 1-d tensor: sorts one chunk into a
 * {@link io.mars.common.model.ReductionState} of {@code [values]}, or {@code [keys, int64 global indices]} when
 * {@code indices} (argsort; the global index of element {@code i} is {@code offset + i}).
 */
@WireName("chunk.psrs.sort")
public record ChunkPsrsSort(long offset, boolean indices) implements ChunkOperand {
}
