package io.mars.common.rpc;

import java.util.List;

/** Where the chunks of a stored tileable are: its nsplits and each chunk's meta, in C order of the chunk grid. */
public record ResultLayout(String tileableKey, long[][] nsplits, List<ChunkMeta> chunks) {
    public ResultLayout {
        chunks = List.copyOf(chunks);
    }
}
