package io.mars.common.model;

/** What a chunk holds once computed: a tensor block ({@link io.mars.tensor.NDArray}) or an intermediate state. */
public interface ChunkData {
    /** Bytes of memory this data occupies, as counted against storage quotas. */
    long nbytes();
}
