package io.mars.common.rpc.flight;

import io.mars.common.concurrent.DaemonThreads;
import java.io.ByteArrayOutputStream;
import java.util.Iterator;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.arrow.flight.Action;
import org.apache.arrow.flight.CallHeaders;
import org.apache.arrow.flight.CallInfo;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightClientMiddleware;
import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.flight.Location;
import org.apache.arrow.flight.Result;
import org.apache.arrow.flight.Ticket;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VarBinaryVector;

/**
 * Calls one peer's {@link RpcServer}: named calls with Avro bodies, and streams reassembled from blocks. Calls block a
 * thread of the client's own named pool, not the caller. Owns its allocator, its threads and its channel.
 */
public final class RpcClient implements AutoCloseable {
    private final String peer;
    private final BufferAllocator allocator;
    private final ExecutorService calls;
    private final FlightClient client;

    public RpcClient(String peer, String host, int port, RpcSecret secret, BufferAllocator parent) {
        this.peer = peer + " (" + host + ":" + port + ")";
        this.allocator = parent.newChildAllocator("rpc-client-" + peer, 0, Long.MAX_VALUE);
        this.calls = Executors.newCachedThreadPool(DaemonThreads.numbered("mars-rpc-to-" + peer + "-"));
        String token = secret == null ? null : secret.token();
        FlightClientMiddleware.Factory auth = (CallInfo info) -> new FlightClientMiddleware() {
            @Override
            public void onBeforeSendingHeaders(CallHeaders outgoing) {
                if (token != null) {
                    outgoing.insert(RpcSecret.HEADER, token);
                }
            }

            @Override
            public void onHeadersReceived(CallHeaders incoming) {
            }

            @Override
            public void onCallCompleted(CallStatus status) {
            }
        };
        this.client = FlightClient.builder(allocator, Location.forGrpcInsecure(host, port)).intercept(auth).build();
    }

    public String peer() {
        return peer;
    }

    /** Sends a call; completes with the reply body, or exceptionally with the peer's MarsException. */
    public CompletableFuture<byte[]> call(String name, byte[] request) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                Iterator<Result> it = client.doAction(new Action(name, request));
                byte[] body = it.hasNext() ? it.next().getBody() : new byte[0];
                while (it.hasNext()) {
                    it.next();
                }
                return body;
            } catch (RuntimeException e) {
                throw RpcErrors.fromFlight(e, peer, name);
            }
        }, calls);
    }

    /** Reads a stream: the blocks the peer sends for {@code ticket}, concatenated. */
    public CompletableFuture<byte[]> fetch(byte[] ticket) {
        return CompletableFuture.supplyAsync(() -> {
            try (FlightStream stream = client.getStream(new Ticket(ticket))) {
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                while (stream.next()) {
                    VarBinaryVector v = (VarBinaryVector) stream.getRoot().getVector(0);
                    for (int i = 0; i < stream.getRoot().getRowCount(); i++) {
                        out.write(v.get(i));
                    }
                }
                return out.toByteArray();
            } catch (RuntimeException e) {
                throw RpcErrors.fromFlight(e, peer, "fetch");
            } catch (Exception e) {
                throw RpcErrors.fromFlight(e, peer, "fetch");
            }
        }, calls);
    }

    @Override
    public void close() {
        try {
            client.close();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        calls.shutdownNow();
        allocator.close();
    }
}
