package io.mars.common.rpc.flight;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.error.MissingChunkException;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.ErrorFlightMetadata;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.FlightStatusCode;

/** Carries a {@link MarsException}'s code and message across a Flight call and back. */
final class RpcErrors {
    private static final String CODE_KEY = "x-mars-error-code";
    private static final String CHUNK_KEY = "x-mars-missing-chunk";
    private static final String WORKER_KEY = "x-mars-missing-chunk-worker";

    private RpcErrors() {
    }

    static FlightRuntimeException toFlight(Throwable t) {
        MarsException e = MarsException.wrap(t);
        ErrorFlightMetadata md = new ErrorFlightMetadata();
        md.insert(CODE_KEY, e.code().name());
        if (e instanceof MissingChunkException m) {
            // keys and worker ids hold no comma
            md.insert(CHUNK_KEY, String.join(",", m.chunks().keySet()));
            md.insert(WORKER_KEY, String.join(",", m.chunks().values()));
        }
        CallStatus status = switch (e.code()) {
            case UNAUTHENTICATED -> CallStatus.UNAUTHENTICATED;
            case CHUNK_NOT_FOUND, UNKNOWN_SESSION, UNKNOWN_TILEABLE -> CallStatus.NOT_FOUND;
            default -> e.kind() == io.mars.common.error.ErrorKind.USER ? CallStatus.INVALID_ARGUMENT : CallStatus.INTERNAL;
        };
        return status.withDescription(String.valueOf(e.getMessage())).withMetadata(md).toRuntimeException();
    }

    /** The Mars error a failed call reports; transport failures become RPC_FAILED naming the peer. */
    static MarsException fromFlight(Throwable t, String peer, String call) {
        Throwable cur = t;
        while ((cur instanceof java.util.concurrent.CompletionException
                || cur instanceof java.util.concurrent.ExecutionException) && cur.getCause() != null) {
            cur = cur.getCause();
        }
        if (cur instanceof MarsException m) {
            return m;
        }
        if (!(cur instanceof FlightRuntimeException f)) {
            return new MarsException(ErrorCode.RPC_FAILED, call + " to " + peer + " failed: " + cur, cur);
        }
        CallStatus s = f.status();
        String code = s.metadata() != null && s.metadata().containsKey(CODE_KEY) ? s.metadata().get(CODE_KEY) : null;
        if (code != null) {
            try {
                ErrorCode c = ErrorCode.valueOf(code);
                if ((c == ErrorCode.CHUNK_LOST || c == ErrorCode.CHUNK_NOT_FOUND) && s.metadata().containsKey(CHUNK_KEY)
                        && s.metadata().containsKey(WORKER_KEY)) {
                    String[] keys = s.metadata().get(CHUNK_KEY).split(",");
                    String[] holders = s.metadata().get(WORKER_KEY).split(",");
                    if (keys.length == holders.length && keys.length > 0) {
                        java.util.Map<String, String> chunks = new java.util.LinkedHashMap<>();
                        for (int i = 0; i < keys.length; i++) {
                            chunks.put(keys[i], holders[i]);
                        }
                        return new MissingChunkException(c, chunks, s.description(), null);
                    }
                }
                return new MarsException(c, s.description());
            } catch (IllegalArgumentException ignored) {
                // an error code this side does not know: report it as an RPC failure below
            }
        }
        if (s.code() == FlightStatusCode.UNAUTHENTICATED) {
            return new MarsException(ErrorCode.UNAUTHENTICATED, peer + " refused " + call
                    + ": the application secret is missing or wrong (" + s.description() + ")");
        }
        return new MarsException(ErrorCode.RPC_FAILED, call + " to " + peer + " failed: " + s.code() + " "
                + s.description(), f);
    }
}
