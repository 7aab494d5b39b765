package io.mars.common.rpc.flight;

import java.util.concurrent.CompletableFuture;

/** Serves one named call: an Avro-encoded request in, an Avro-encoded reply out. */
@FunctionalInterface
public interface RpcHandler {
    CompletableFuture<byte[]> handle(byte[] request);
}
