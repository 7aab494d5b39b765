package io.mars.it.rpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mars.am.Supervisor;
import io.mars.am.rpc.SupervisorEndpoint;
import io.mars.am.services.cluster.internal.StaticCluster;
import io.mars.common.rpc.flight.RpcClient;
import io.mars.common.rpc.flight.RpcMessages;
import io.mars.common.rpc.flight.RpcSecret;
import io.mars.common.wire.MessageCodec;
import io.mars.container.WorkerConfig;
import io.mars.container.kernels.KernelRegistry;
import io.mars.container.rpc.NetworkedWorker;
import io.mars.container.services.storage.internal.MemoryStorage;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;

/**
 * A worker container whose AM is gone when it registers (killed while it took the worker in, as a crash between the
 * AM recording the worker for its next attempt and answering it): with AM recovery on it waits to be reattached by
 * the next attempt, as a registered worker would, instead of exiting; without it, it fails at once as before.
 */
class WorkerRegistrationTest {
    private final RpcSecret secret = RpcSecret.generate();

    @Test
    void aWorkerWhoseSupervisorIsGoneWaitsForTheNextAttemptToReattachIt() throws Exception {
        int gone = freePort();
        try (RootAllocator allocator = new RootAllocator()) {
            StaticCluster cluster = new StaticCluster();
            try (Supervisor supervisor = new Supervisor(cluster, Map.of());
                 SupervisorEndpoint next = new SupervisorEndpoint(supervisor, cluster, secret, "127.0.0.1", 0,
                         allocator, Duration.ofSeconds(30));
                 NetworkedWorker worker = worker("late", gone, allocator, Duration.ofSeconds(2), Duration.ofSeconds(30));
                 RpcClient call = new RpcClient("late", "127.0.0.1", worker.port(), secret, allocator)) {
                assertThat(worker.terminated()).as("waiting, not stopped").isNotDone();
                // the next AM attempt tells it where it is, as WorkerReattach does
                call.call(RpcMessages.REATTACH_WORKER, MessageCodec.encode(
                        new RpcMessages.SupervisorAddress("127.0.0.1", next.port()))).get(30, TimeUnit.SECONDS);
                assertThat(cluster.worker("late")).as("registered with the new supervisor").isNotNull();
                Thread.sleep(600); // heartbeats to the new supervisor, past the first one's would-be timeout
                assertThat(worker.terminated()).isNotDone();
            }
            assertThat(allocator.getAllocatedMemory()).isZero();
        }
    }

    @Test
    void withoutRecoveryOrWhenNoAttemptComesItStops() throws Exception {
        int gone = freePort();
        try (RootAllocator allocator = new RootAllocator()) {
            assertThatThrownBy(() -> worker("alone", gone, allocator, Duration.ofSeconds(2), Duration.ZERO))
                    .hasMessageContaining("worker alone cannot register with the supervisor at 127.0.0.1:" + gone);
            try (NetworkedWorker worker = worker("forgotten", gone, allocator, Duration.ofMillis(300),
                    Duration.ofMillis(500))) {
                assertThat(worker.terminated().get(30, TimeUnit.SECONDS)).contains("unreachable");
            }
            assertThat(allocator.getAllocatedMemory()).isZero();
        }
    }

    private NetworkedWorker worker(String id, int supervisorPort, RootAllocator allocator, Duration timeout,
                                   Duration failover) {
        return new NetworkedWorker(id, "127.0.0.1", new WorkerConfig(1), new MemoryStorage(),
                KernelRegistry.standard(), secret, "127.0.0.1", supervisorPort, allocator, 1L << 30,
                Duration.ofMillis(100), timeout, failover, (h, p) -> { });
    }

    private static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
