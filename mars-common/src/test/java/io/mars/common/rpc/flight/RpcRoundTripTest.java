package io.mars.common.rpc.flight;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class RpcRoundTripTest {
    private BufferAllocator root;
    private RpcServer server;
    private final RpcSecret secret = RpcSecret.generate();
    private final byte[] big = new byte[3 * RpcServer.BLOCK + 12345];

    @BeforeEach
    void start() {
        new Random(7).nextBytes(big);
        root = new RootAllocator();
        server = new RpcServer("test", "127.0.0.1", 0, secret, root, Map.of(
                "echo", req -> CompletableFuture.completedFuture(("echo:" + new String(req, StandardCharsets.UTF_8))
                        .getBytes(StandardCharsets.UTF_8)),
                "fail", req -> CompletableFuture.failedFuture(
                        new MarsException(ErrorCode.CHUNK_NOT_FOUND, "chunk k1 is not here"))),
                ticket -> new String(ticket, StandardCharsets.UTF_8).equals("big")
                        ? CompletableFuture.completedFuture(big)
                        : CompletableFuture.failedFuture(new MarsException(ErrorCode.CHUNK_NOT_FOUND, "no such stream")));
    }

    @AfterEach
    void stop() {
        server.close();
        assertThat(root.getAllocatedMemory()).isZero();
        root.close();
    }

    private RpcClient client(RpcSecret s) {
        return new RpcClient("test", "127.0.0.1", server.port(), s, root);
    }

    @Test
    void callsAndStreamsRoundTrip() {
        try (RpcClient c = client(secret)) {
            assertThat(new String(c.call("echo", "hi".getBytes(StandardCharsets.UTF_8)).join(), StandardCharsets.UTF_8))
                    .isEqualTo("echo:hi");
            assertThat(c.fetch("big".getBytes(StandardCharsets.UTF_8)).join()).isEqualTo(big);
        }
    }

    @Test
    void errorsKeepTheirCodeAndMessage() {
        try (RpcClient c = client(secret)) {
            assertThatThrownBy(() -> c.call("fail", new byte[0]).join()).isInstanceOf(CompletionException.class)
                    .cause().isInstanceOf(MarsException.class).hasMessageContaining("chunk k1 is not here")
                    .extracting(e -> ((MarsException) e).code()).isEqualTo(ErrorCode.CHUNK_NOT_FOUND);
            assertThatThrownBy(() -> c.fetch("nope".getBytes(StandardCharsets.UTF_8)).join())
                    .cause().extracting(e -> ((MarsException) e).code()).isEqualTo(ErrorCode.CHUNK_NOT_FOUND);
            assertThatThrownBy(() -> c.call("nosuch", new byte[0]).join()).cause()
                    .hasMessageContaining("has no call 'nosuch'");
        }
    }

    @Test
    void aClientWithoutTheSecretIsRefused() {
        for (RpcSecret wrong : new RpcSecret[] {null, RpcSecret.generate()}) {
            try (RpcClient c = client(wrong)) {
                assertThatThrownBy(() -> c.call("echo", new byte[0]).join()).cause()
                        .isInstanceOf(MarsException.class)
                        .extracting(e -> ((MarsException) e).code()).isEqualTo(ErrorCode.UNAUTHENTICATED);
                assertThatThrownBy(() -> c.fetch("big".getBytes(StandardCharsets.UTF_8)).join()).cause()
                        .extracting(e -> ((MarsException) e).code()).isEqualTo(ErrorCode.UNAUTHENTICATED);
            }
        }
    }

    @Test
    void anUnreachablePeerIsAnRpcFailureNamingIt() {
        int port = server.port();
        server.close();
        server = new RpcServer("other", "127.0.0.1", 0, secret, root, Map.of(), t -> null);
        try (RpcClient c = new RpcClient("gone", "127.0.0.1", port, secret, root)) {
            assertThatThrownBy(() -> c.call("echo", new byte[0]).join()).cause()
                    .hasMessageContaining("gone (127.0.0.1:" + port + ")")
                    .extracting(e -> ((MarsException) e).code()).isEqualTo(ErrorCode.RPC_FAILED);
        }
    }
}
