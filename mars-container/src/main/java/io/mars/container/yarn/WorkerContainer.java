package io.mars.container.yarn;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.rpc.flight.RpcSecret;
import io.mars.container.rpc.WorkerProcess;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.security.UserGroupInformation;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The main class of a worker container: reads the application secret from its YARN credentials, runs a worker
 * ({@link WorkerProcess}) registered with the AM named on the command line ({@code <am host> <am rpc port>}), and
 * exits when the AM drops it or is gone. Its id is its YARN container id, so the AM can match exits to workers. Its
 * memory follows {@code WorkerMemory} for the container size the AM passes ({@code mars.yarn.worker.memory}): Arrow's
 * root allocator is capped at the layout's Arrow share, results are kept under the memory quota
 * ({@code mars.worker.cache-mem} of the layout's data memory) and spilled to the container's local directories (or
 * {@code mars.worker.spill.hdfs-dir}); the quota's hard limit is the working memory the scheduler admits here.
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
        WorkerProcess.serve(id, host, conf, System.getenv(), RpcSecret.of(secret), args[0], Integer.parseInt(args[1]),
                new CompletableFuture<>());
        return 0;
    }
}
