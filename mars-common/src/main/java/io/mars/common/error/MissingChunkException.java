package io.mars.common.error;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A worker could not provide stored chunks: a spill file is corrupted or gone ({@link ErrorCode#CHUNK_LOST}), or the
 * worker a chunk was expected on does not hold it ({@link ErrorCode#CHUNK_NOT_FOUND}). It names each chunk and the
 * worker that lost it in fields, not only in the message, so that the scheduler can forget those copies and
 * recompute the chunks from their lineage; the RPC layer carries them across a call.
 */
public final class MissingChunkException extends MarsException {
    private static final long serialVersionUID = 1L;
    /** Chunk key to the worker that was expected to hold it, in the order found. */
    private final Map<String, String> chunks;

    public MissingChunkException(ErrorCode code, String chunkKey, String workerId, String message) {
        this(code, Map.of(chunkKey, workerId), message, null);
    }

    public MissingChunkException(ErrorCode code, String chunkKey, String workerId, String message, Throwable cause) {
        this(code, Map.of(chunkKey, workerId), message, cause);
    }

    public MissingChunkException(ErrorCode code, Map<String, String> chunks, String message, Throwable cause) {
        super(code, message, cause);
        if (code != ErrorCode.CHUNK_LOST && code != ErrorCode.CHUNK_NOT_FOUND) {
            throw new IllegalArgumentException("a missing chunk is CHUNK_LOST or CHUNK_NOT_FOUND, not " + code);
        }
        if (chunks.isEmpty()) {
            throw new IllegalArgumentException("a missing chunk exception names at least one chunk");
        }
        Map<String, String> copy = new LinkedHashMap<>();
        chunks.forEach((k, w) -> copy.put(Objects.requireNonNull(k, "chunk key"), Objects.requireNonNull(w, "worker")));
        this.chunks = Collections.unmodifiableMap(copy);
    }

    /**
     * One exception for several missing chunks (e.g. the inputs of one subtask): CHUNK_LOST if any of them is lost,
     * the message and cause of the first lost one (else of the first), and the other keys named in the message.
     */
    public static MissingChunkException combine(List<MissingChunkException> missing) {
        if (missing.size() == 1) {
            return missing.get(0);
        }
        Map<String, String> chunks = new LinkedHashMap<>();
        ErrorCode code = ErrorCode.CHUNK_NOT_FOUND;
        for (MissingChunkException e : missing) {
            chunks.putAll(e.chunks);
            if (e.code() == ErrorCode.CHUNK_LOST) {
                code = ErrorCode.CHUNK_LOST;
            }
        }
        // a lost chunk's message (which file, why) says more than "not found"
        MissingChunkException first = missing.stream().filter(e -> e.code() == ErrorCode.CHUNK_LOST).findFirst()
                .orElse(missing.get(0));
        List<String> others = new java.util.ArrayList<>(chunks.keySet());
        others.remove(first.chunkKey());
        return new MissingChunkException(code, chunks, first.getMessage() + " (and " + others.size()
                + " more chunks missing: " + others + ")", first);
    }

    /** Each missing chunk's key, to the worker that was expected to hold it. */
    public Map<String, String> chunks() {
        return chunks;
    }

    /** The key of the (first) chunk that is missing. */
    public String chunkKey() {
        return chunks.keySet().iterator().next();
    }

    /** The worker that was expected to hold the (first) chunk. */
    public String workerId() {
        return chunks.values().iterator().next();
    }
}
