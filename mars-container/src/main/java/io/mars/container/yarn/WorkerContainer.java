package io.mars.container.yarn;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.rpc.flight.RpcSecret;
import io.mars.container.rpc.WorkerProcess;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
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

    /** The staged job jars as the AM names them in every container: {@code job-<i>-<name>}. */
    private static final Pattern JOB_JAR = Pattern.compile("job-(\\d+)-.*");

    /**
     * The class loader of user functions (mapChunk, mapPartitions, Series.map): the job's jars (its application jar
     * and {@code --jars}, localized into the working directory as {@code job-<i>-<name>}, in their order), over the
     * worker's own class path. Empty when the job sent none (the functions are then only Mars's own classes').
     */
    static URLClassLoader jobClassLoader(Path workingDir) throws IOException {
        List<Path> jars = new ArrayList<>();
        try (Stream<Path> files = Files.list(workingDir)) {
            files.filter(f -> JOB_JAR.matcher(f.getFileName().toString()).matches()).forEach(jars::add);
        }
        jars.sort(Comparator.comparingInt(f -> jobJarIndex(f.getFileName().toString())));
        URL[] urls = new URL[jars.size()];
        for (int i = 0; i < urls.length; i++) {
            urls[i] = jars.get(i).toUri().toURL();
        }
        LOG.info("user functions load from the job's jars {}", jars.stream().map(p -> p.getFileName().toString())
                .toList());
        return new URLClassLoader("mars-job", urls, WorkerContainer.class.getClassLoader());
    }

    private static int jobJarIndex(String name) {
        Matcher m = JOB_JAR.matcher(name);
        return m.matches() ? Integer.parseInt(m.group(1)) : Integer.MAX_VALUE;
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
        // on a Kerberos cluster whose AM renews the delegation tokens (it then names the poll interval)
        String poll = System.getProperty(io.mars.common.rpc.flight.RpcMessages.CREDENTIALS_POLL_INTERVAL);
        try (URLClassLoader jobClasses = jobClassLoader(Path.of("").toAbsolutePath());
             CredentialUpdater tokens = poll == null ? null : new CredentialUpdater(args[0],
                     Integer.parseInt(args[1]), RpcSecret.of(secret), java.time.Duration.ofMillis(Long.parseLong(poll)))) {
            WorkerProcess.serve(id, host, conf, System.getenv(), RpcSecret.of(secret), args[0],
                    Integer.parseInt(args[1]), jobClasses, new CompletableFuture<>(), (amHost, amPort) -> {
                        if (tokens != null) {
                            tokens.supervisorMoved(amHost, amPort); // the new AM attempt renews the tokens now
                        }
                    });
        }
        return 0;
    }
}
