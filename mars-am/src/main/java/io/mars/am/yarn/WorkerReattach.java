package io.mars.am.yarn;

import io.mars.am.Supervisor;
import io.mars.common.rpc.flight.RpcClient;
import io.mars.common.rpc.flight.RpcMessages;
import io.mars.common.rpc.flight.RpcMessages.SupervisorAddress;
import io.mars.common.rpc.flight.RpcMessages.WorkerAddress;
import io.mars.common.rpc.flight.RpcSecret;
import io.mars.common.wire.MessageCodec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.hadoop.yarn.api.records.Container;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A new AM attempt taking over the workers of the last one: the ResourceManager hands it the containers still running
 * from earlier attempts, the recovered state names each worker's RPC address, and each is told this attempt's
 * supervisor address ({@value RpcMessages#REATTACH_WORKER}); it registers here with the chunks it still holds. Workers
 * that do not answer are given up: their containers released, their chunks' meta dropped so readers recompute them.
 */
final class WorkerReattach {
    private static final Logger LOG = LoggerFactory.getLogger(WorkerReattach.class);

    /** What the takeover gave: the containers whose workers joined this attempt, and those released. */
    record Outcome(List<Container> adopted, List<Container> released) {
    }

    private WorkerReattach() {
    }

    /**
     * Tells every worker of {@code previous} that {@code recovered} has an address for to register with the supervisor
     * at {@code host:port}, waiting up to {@code timeout} for each answer; forgets (in meta and the state) every
     * recovered worker that did not join.
     */
    static Outcome run(Supervisor supervisor, List<Container> previous, String host, int port, RpcSecret secret,
                       BufferAllocator allocator, Duration timeout) {
        Map<String, WorkerAddress> recovered = supervisor.recoveredWorkers();
        List<Container> adopted = new ArrayList<>();
        List<Container> released = new ArrayList<>();
        Map<Container, CompletableFuture<byte[]>> calls = new LinkedHashMap<>();
        List<RpcClient> clients = new ArrayList<>();
        byte[] request = MessageCodec.encode(new SupervisorAddress(host, port));
        try {
            for (Container c : previous) {
                WorkerAddress a = recovered.get(c.getId().toString());
                if (a == null) {
                    LOG.warn("container {} of an earlier attempt has no recorded worker address; releasing it",
                            c.getId());
                    released.add(c);
                    continue;
                }
                RpcClient client = new RpcClient(a.workerId(), a.host(), a.port(), secret, allocator);
                clients.add(client);
                calls.put(c, client.call(RpcMessages.REATTACH_WORKER, request));
            }
            long deadline = System.nanoTime() + timeout.toNanos();
            for (Map.Entry<Container, CompletableFuture<byte[]>> call : calls.entrySet()) {
                try {
                    call.getValue().get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                    adopted.add(call.getKey());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    released.add(call.getKey());
                } catch (Exception e) {
                    LOG.warn("worker {} of an earlier attempt did not reattach: {}", call.getKey().getId(),
                            e.toString());
                    released.add(call.getKey());
                }
            }
        } finally {
            clients.forEach(RpcClient::close);
        }
        Set<String> joined = new HashSet<>();
        adopted.forEach(c -> joined.add(c.getId().toString()));
        List<String> gone = recovered.keySet().stream().filter(id -> !joined.contains(id)).sorted().toList();
        int orphaned = supervisor.forgetWorkers(gone).join();
        LOG.info("took over {} worker(s) of earlier attempts {}; {} recorded worker(s) did not come back {} ({} chunks "
                + "had their only copy there)", adopted.size(), joined.stream().sorted().toList(), gone.size(), gone,
                orphaned);
        return new Outcome(List.copyOf(adopted), List.copyOf(released));
    }
}
