package io.mars.common.rpc;

import io.mars.types.DataType;
import java.util.Objects;
import java.util.Set;

/** What the supervisor knows of a stored chunk: its dtype (null for a table chunk), shape, size and the workers holding it. */
public record ChunkMeta(String key, DataType dtype, long[] shape, long nbytes, Set<String> workers) {
    public ChunkMeta {
        Objects.requireNonNull(key, "key");
        shape = shape.clone();
        workers = Set.copyOf(workers);
    }
}
