package io.mars.common.error;

import java.util.Objects;

/**
 * A worker could not provide a stored chunk: its spill file is corrupted or gone ({@link ErrorCode#CHUNK_LOST}), or
 * the worker it was expected on does not hold it ({@link ErrorCode#CHUNK_NOT_FOUND}). It names the chunk and the
 * worker in fields, not only in the message, so that the scheduler can forget that copy and recompute the chunk from
 * its lineage; the RPC layer carries both fields across a call.
 */
public final class MissingChunkException extends MarsException {
    private static final long serialVersionUID = 1L;
    private final String chunkKey;
    private final String workerId;

    public MissingChunkException(ErrorCode code, String chunkKey, String workerId, String message) {
        this(code, chunkKey, workerId, message, null);
    }

    public MissingChunkException(ErrorCode code, String chunkKey, String workerId, String message, Throwable cause) {
        super(code, message, cause);
        if (code != ErrorCode.CHUNK_LOST && code != ErrorCode.CHUNK_NOT_FOUND) {
            throw new IllegalArgumentException("a missing chunk is CHUNK_LOST or CHUNK_NOT_FOUND, not " + code);
        }
        this.chunkKey = Objects.requireNonNull(chunkKey, "chunkKey");
        this.workerId = Objects.requireNonNull(workerId, "workerId");
    }

    /** The key of the chunk that is missing. */
    public String chunkKey() {
        return chunkKey;
    }

    /** The worker that was expected to hold it (and no longer does). */
    public String workerId() {
        return workerId;
    }
}
