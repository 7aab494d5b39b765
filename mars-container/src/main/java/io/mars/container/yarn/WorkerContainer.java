package io.mars.container.yarn;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.rpc.flight.HeartbeatConfig;
import io.mars.common.rpc.flight.RpcSecret;
import io.mars.container.WorkerConfig;
import io.mars.container.kernels.DataFrameKernels;
import io.mars.container.kernels.KernelRegistry;
import io.mars.container.rpc.NetworkedWorker;
import io.mars.container.services.storage.internal.MemoryStorage;
import java.util.HashMap;
import java.util.Map;
import org.apache.arrow.memory.RootAllocator;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.security.UserGroupInformation;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The main class of a worker container: reads the application secret from its YARN credentials, starts a
 * {@link NetworkedWorker} registered with the AM named on the command line ({@code <am host> <am rpc port>}), and
 * exits when the AM drops it or is gone. Its id is its YARN container id, so the AM can match exits to workers.
 */
public final class WorkerContainer {
    private static final Logger LOG = LoggerFactory.getLogger(WorkerContainer.class);

    private WorkerContainer() {
    }

    public static void main(String[] args) {
        int code;
        try {
            code = run(args);
        } catch (Exception | Error e) {
            LOG.error("worker container failed", e);
            code = 1;
        }
        System.exit(code);
    }

    static int run(String[] args) throws Exception {
        if (args.length != 2) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "usage: WorkerContainer <am host> <am rpc port>");
        }
        String id = System.getenv().getOrDefault("CONTAINER_ID", "worker-" + ProcessHandle.current().pid());
        String host = System.getenv().getOrDefault("NM_HOST", "127.0.0.1");
        byte[] secret = UserGroupInformation.getCurrentUser().getCredentials()
                .getSecretKey(new Text(RpcSecret.CREDENTIALS_ALIAS));
        if (secret == null) {
            throw new MarsException(ErrorCode.UNAUTHENTICATED, "the container's credentials hold no "
                    + RpcSecret.CREDENTIALS_ALIAS + "; a worker must be launched by the Mars AM");
        }
        Map<String, String> conf = new HashMap<>();
        System.getProperties().forEach((k, v) -> {
            if (k.toString().startsWith("mars.")) {
                conf.put(k.toString(), v.toString());
            }
        });
        HeartbeatConfig heartbeats = HeartbeatConfig.from(conf);
        try (RootAllocator allocator = new RootAllocator();
             NetworkedWorker worker = new NetworkedWorker(id, host, WorkerConfig.from(conf), new MemoryStorage(),
                     DataFrameKernels.register(KernelRegistry.standard(), allocator), RpcSecret.of(secret), args[0], Integer.parseInt(args[1]), allocator,
                     Runtime.getRuntime().maxMemory(), heartbeats.interval(), heartbeats.timeout())) {
            String reason = worker.terminated().join();
            LOG.info("worker {} stops: {}", id, reason);
        }
        return 0;
    }
}
