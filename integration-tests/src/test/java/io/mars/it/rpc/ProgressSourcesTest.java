package io.mars.it.rpc;

import static io.mars.tensor.Tensors.chunks;
import static io.mars.tensor.Tensors.shape;
import static org.assertj.core.api.Assertions.assertThat;

import io.mars.am.Supervisor;
import io.mars.am.rpc.SupervisorEndpoint;
import io.mars.am.services.cluster.internal.StaticCluster;
import io.mars.am.web.AmWebServer;
import io.mars.am.web.WebConfig;
import io.mars.common.rpc.flight.RemoteSupervisorGateway;
import io.mars.common.rpc.flight.RpcSecret;
import io.mars.container.WorkerConfig;
import io.mars.container.kernels.DataFrameKernels;
import io.mars.container.kernels.KernelRegistry;
import io.mars.container.rpc.NetworkedWorker;
import io.mars.container.services.storage.internal.MemoryStorage;
import io.mars.submit.client.ClientSession;
import io.mars.submit.progress.JobProgress;
import io.mars.submit.progress.SessionTasksProgress;
import io.mars.submit.progress.TaskActivity;
import io.mars.submit.progress.TrackingUrlProgress;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The two ways mars-submit reads a YARN job's progress, against one supervisor with two workers over their RPC
 * endpoints (as on YARN, in one JVM): client mode's, the session's tasks asked of the supervisor over its RPC gateway,
 * and cluster mode's, the AM's REST API {@code api/tasks} over HTTP. While two tasks run one after the other both see
 * the subtasks advance, and at the end both say the same: every task and every subtask done.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ProgressSourcesTest {
    private final RpcSecret secret = RpcSecret.generate();
    private RootAllocator allocator;
    private Supervisor supervisor;
    private SupervisorEndpoint endpoint;
    private final List<NetworkedWorker> workers = new ArrayList<>();
    private RemoteSupervisorGateway gateway;
    private AmWebServer web;
    private URI webUrl;

    @BeforeAll
    void start() {
        allocator = new RootAllocator();
        StaticCluster cluster = new StaticCluster();
        supervisor = new Supervisor(cluster, Map.of());
        endpoint = new SupervisorEndpoint(supervisor, cluster, secret, "127.0.0.1", 0, allocator,
                Duration.ofSeconds(30));
        for (int i = 0; i < 2; i++) {
            workers.add(new NetworkedWorker("w" + i, "127.0.0.1", new WorkerConfig(1), new MemoryStorage(),
                    DataFrameKernels.register(KernelRegistry.standard(), allocator), secret, "127.0.0.1",
                    endpoint.port(), allocator, 1L << 30, Duration.ofMillis(500), Duration.ofSeconds(30)));
        }
        gateway = new RemoteSupervisorGateway("127.0.0.1", endpoint.port(), secret, allocator);
        web = new AmWebServer("127.0.0.1", new WebConfig(0), () -> List.of(supervisor), Optional.empty());
        webUrl = web.start();
    }

    @AfterAll
    void stop() {
        web.close();
        gateway.close();
        workers.forEach(NetworkedWorker::close);
        endpoint.close();
        supervisor.close();
        allocator.close();
    }

    @Test
    void theSessionsGatewayAndTheRestApiShowTheSameAdvancingProgress() throws Exception {
        SessionTasksProgress overRpc = new SessionTasksProgress(TaskActivity.jvm());
        TrackingUrlProgress overRest = new TrackingUrlProgress();
        overRest.update(Optional.of(webUrl.toString()), 0f);
        List<JobProgress> rpcReadings = new ArrayList<>();
        List<JobProgress> restReadings = new ArrayList<>();

        CompletableFuture<Double> job = CompletableFuture.supplyAsync(() -> {
            try (ClientSession session = ClientSession.open(gateway, Map.of(), null)) {
                double first = session.execute(doubledSum(1)).getDouble();
                return first + session.execute(doubledSum(2)).getDouble();
            }
        });
        while (!job.isDone()) {
            overRpc.read().ifPresent(rpcReadings::add);
            overRest.read().ifPresent(restReadings::add);
            Thread.sleep(20);
        }
        assertThat(job.get()).isPositive();
        JobProgress rpcEnd = overRpc.read().orElseThrow();
        JobProgress restEnd = overRest.read().orElseThrow();

        assertThat(rpcEnd.tasksDone()).isEqualTo(rpcEnd.tasksTotal()).isEqualTo(2);
        assertThat(rpcEnd.subtasksDone()).isEqualTo(rpcEnd.subtasksTotal()).isGreaterThan(50);
        // spilled bytes are the embedded workers' alone (unknown over REST): compare the counts
        assertThat(List.of(restEnd.tasksDone(), restEnd.tasksTotal(), restEnd.subtasksDone(), restEnd.subtasksTotal()))
                .as("the REST API agrees with the gateway")
                .isEqualTo(List.of(rpcEnd.tasksDone(), rpcEnd.tasksTotal(), rpcEnd.subtasksDone(),
                        rpcEnd.subtasksTotal()));
        for (List<JobProgress> readings : List.of(rpcReadings, restReadings)) {
            assertThat(readings).as("a reading in the middle of a task")
                    .anyMatch(p -> p.subtasksTotal() > 0 && p.subtasksDone() > 0
                            && p.subtasksDone() < p.subtasksTotal());
            assertThat(readings).allMatch(JobProgress::counted);
            assertThat(readings.stream().mapToInt(JobProgress::tasksDone).toArray()).isSorted();
        }
    }

    /** Twice the sum of 40 million random numbers in 400 chunks: hundreds of subtasks, each one small. */
    private static Tensor doubledSum(long seed) {
        return Tensors.random(seed).rand(shape(40_000_000), chunks(100_000)).multiply(2.0).sum();
    }
}
