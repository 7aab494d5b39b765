package io.mars.common.rpc.flight;

import io.mars.common.concurrent.DaemonThreads;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.apache.arrow.flight.Action;
import org.apache.arrow.flight.BackpressureStrategy;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.FlightServer;
import org.apache.arrow.flight.Location;
import org.apache.arrow.flight.NoOpFlightProducer;
import org.apache.arrow.flight.Result;
import org.apache.arrow.flight.Ticket;
import org.apache.arrow.flight.auth2.CallHeaderAuthenticator;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A process's one network endpoint (Arrow Flight over gRPC): named calls as Flight actions carrying Avro messages, and
 * bulk data as Flight streams. Every call must carry the token of the application's {@link RpcSecret}; others are
 * refused with UNAUTHENTICATED before any handler runs. Owns its allocator, its call threads and the socket.
 */
public final class RpcServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RpcServer.class);
    /** Bytes per streamed block. */
    static final int BLOCK = 1 << 20;
    static final Schema BLOCK_SCHEMA = new Schema(List.of(
            new Field("block", FieldType.notNullable(ArrowType.Binary.INSTANCE), null)));
    private static final long STREAM_WAIT_MS = 60_000;

    private final String name;
    private final BufferAllocator allocator;
    private final ExecutorService calls;
    private final FlightServer server;

    /**
     * Starts serving on {@code host:port} (port 0 picks a free one).
     *
     * @param actions the calls, by name
     * @param streams serves a stream request (its ticket bytes) with the bytes to stream back
     */
    public RpcServer(String name, String host, int port, RpcSecret secret, BufferAllocator parent,
                     Map<String, RpcHandler> actions, Function<byte[], CompletableFuture<byte[]>> streams) {
        this.name = name;
        this.allocator = parent.newChildAllocator("rpc-server-" + name, 0, Long.MAX_VALUE);
        this.calls = Executors.newCachedThreadPool(DaemonThreads.numbered("mars-rpc-" + name + "-"));
        CallHeaderAuthenticator auth = headers -> {
            if (!secret.accepts(headers.get(RpcSecret.HEADER))) {
                throw CallStatus.UNAUTHENTICATED.withDescription(name + " requires the application secret")
                        .toRuntimeException();
            }
            return () -> "mars-peer";
        };
        FlightServer s = FlightServer.builder(allocator, Location.forGrpcInsecure(host, port),
                        new Producer(Map.copyOf(actions), streams))
                .headerAuthenticator(auth)
                .executor(calls)
                .build();
        try {
            s.start();
        } catch (IOException e) {
            calls.shutdownNow();
            allocator.close();
            throw new MarsException(ErrorCode.RPC_FAILED, "cannot start the RPC endpoint of " + name + " on " + host
                    + ":" + port + ": " + e.getMessage(), e);
        }
        this.server = s;
        LOG.info("{} serves RPC on {}:{}", name, host, s.getPort());
    }

    public int port() {
        return server.getPort();
    }

    private final class Producer extends NoOpFlightProducer {
        private final Map<String, RpcHandler> actions;
        private final Function<byte[], CompletableFuture<byte[]>> streams;

        Producer(Map<String, RpcHandler> actions, Function<byte[], CompletableFuture<byte[]>> streams) {
            this.actions = actions;
            this.streams = streams;
        }

        @Override
        public void doAction(CallContext context, Action action, StreamListener<Result> listener) {
            RpcHandler h = actions.get(action.getType());
            if (h == null) {
                listener.onError(CallStatus.UNIMPLEMENTED.withDescription(name + " has no call '" + action.getType()
                        + "'; it serves " + actions.keySet()).toRuntimeException());
                return;
            }
            CompletableFuture<byte[]> f;
            try {
                f = h.handle(action.getBody());
            } catch (RuntimeException e) {
                f = CompletableFuture.failedFuture(e);
            }
            f.whenComplete((reply, err) -> {
                if (err != null) {
                    listener.onError(RpcErrors.toFlight(err));
                } else {
                    listener.onNext(new Result(reply));
                    listener.onCompleted();
                }
            });
        }

        @Override
        public void getStream(CallContext context, Ticket ticket, ServerStreamListener listener) {
            byte[] payload;
            try {
                payload = streams.apply(ticket.getBytes()).join();
            } catch (RuntimeException e) {
                listener.error(RpcErrors.toFlight(e));
                return;
            }
            BackpressureStrategy backpressure = new BackpressureStrategy.CallbackBackpressureStrategy();
            backpressure.register(listener);
            try (VectorSchemaRoot root = VectorSchemaRoot.create(BLOCK_SCHEMA, allocator)) {
                VarBinaryVector block = (VarBinaryVector) root.getVector(0);
                listener.start(root);
                int off = 0;
                do {
                    int len = Math.min(BLOCK, payload.length - off);
                    BackpressureStrategy.WaitResult w = backpressure.waitForListener(STREAM_WAIT_MS);
                    if (w != BackpressureStrategy.WaitResult.READY) {
                        listener.error(CallStatus.CANCELLED.withDescription("stream to client " + w).toRuntimeException());
                        return;
                    }
                    block.reset();
                    block.setSafe(0, payload, off, len);
                    root.setRowCount(1);
                    listener.putNext();
                    off += len;
                } while (off < payload.length);
                listener.completed();
            } catch (RuntimeException e) {
                listener.error(RpcErrors.toFlight(e));
            }
        }
    }

    @Override
    public void close() {
        try {
            server.shutdown();
            if (!server.awaitTermination(5, TimeUnit.SECONDS)) {
                LOG.warn("RPC endpoint of {} did not stop within 5 s; closing it", name);
            }
            server.close();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            LOG.warn("closing the RPC endpoint of {}: {}", name, e.toString());
        }
        calls.shutdownNow();
        allocator.close();
    }
}
