package io.mars.types;

import java.io.Serializable;

/**
 * A user function of one tensor chunk, for {@code Tensor.mapChunk} (Mars's {@code map_chunk}): it gets a copy of a
 * chunk and returns the chunk of the result, of the same shape. Serializable, so a lambda of this type travels to the
 * workers; its class must be there too (on YARN: in the job's jar).
 */
@FunctionalInterface
public interface ChunkFunction extends Serializable {
    NDArray apply(NDArray chunk);
}
