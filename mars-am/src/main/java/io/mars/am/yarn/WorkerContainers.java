package io.mars.am.yarn;

import io.mars.am.services.cluster.internal.RemoteWorkers;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.io.DataOutputBuffer;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.security.Credentials;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.token.Token;
import org.apache.hadoop.yarn.api.ApplicationConstants;
import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.api.records.ContainerExitStatus;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.api.records.ContainerLaunchContext;
import org.apache.hadoop.yarn.api.records.ContainerStatus;
import org.apache.hadoop.yarn.api.records.LocalResource;
import org.apache.hadoop.yarn.api.records.Priority;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.client.api.AMRMClient.ContainerRequest;
import org.apache.hadoop.yarn.client.api.async.AMRMClientAsync;
import org.apache.hadoop.yarn.client.api.async.NMClientAsync;
import org.apache.hadoop.yarn.security.AMRMTokenIdentifier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The AM's worker containers: asks the RM for them, launches {@code WorkerContainer} in each (class path, JVM flags,
 * log config, and credentials holding the application secret but not the AMRMToken), and judges each exit: preempted,
 * disk-failed, node-lost and RM/AM-killed containers are replaced without counting as failures; others count, up to
 * {@link WorkerSpec#maxFailures()}, after which {@link #failed()} completes with the reason. Memory-exceeded exits name
 * the setting to raise. Not thread-safe by itself: the RM and NM callbacks call it from their own threads, so its
 * state is synchronized.
 */
final class WorkerContainers {
    private static final Logger LOG = LoggerFactory.getLogger(WorkerContainers.class);
    private static final Priority PRIORITY = Priority.newInstance(1);
    private static final Set<Integer> NOT_FAILURES = Set.of(ContainerExitStatus.PREEMPTED,
            ContainerExitStatus.DISKS_FAILED, ContainerExitStatus.KILLED_BY_RESOURCEMANAGER,
            ContainerExitStatus.KILLED_BY_APPMASTER, ContainerExitStatus.ABORTED,
            ContainerExitStatus.KILLED_AFTER_APP_COMPLETION, ContainerExitStatus.KILLED_BY_CONTAINER_SCHEDULER);

    private final WorkerSpec spec;
    private final AppSpec app;
    private final String amHost;
    private final int amPort;
    private final byte[] secret;
    private final RemoteWorkers workers;
    private AMRMClientAsync<ContainerRequest> rm;
    private NMClientAsync nm;
    private final Map<ContainerId, Container> running = new ConcurrentHashMap<>();
    private final CompletableFuture<String> failed = new CompletableFuture<>();
    private int requested;
    private int failures;
    /** Counted failures per node, and the nodes no longer asked for. */
    private final Map<String, Integer> nodeFailures = new java.util.HashMap<>();
    private final Set<String> excludedNodes = new java.util.HashSet<>();
    /**
     * The hosts seen running this application's containers (the AM's and every worker's): exclusion is by host, and
     * several NodeManagers may share one, so "never the last node" is counted in hosts.
     */
    private final Set<String> knownHosts = new java.util.HashSet<>();
    private int replaced;
    private volatile boolean stopping;

    /** How often workers ask for renewed delegation tokens; empty when the AM renews none. */
    private final Optional<java.time.Duration> credentialsPoll;

    WorkerContainers(WorkerSpec spec, AppSpec app, String amHost, int amPort, byte[] secret, RemoteWorkers workers,
                     Optional<java.time.Duration> credentialsPoll) {
        this.credentialsPoll = credentialsPoll;
        this.knownHosts.add(amHost);
        this.spec = spec;
        this.app = app;
        this.amHost = amHost;
        this.amPort = amPort;
        this.secret = secret.clone();
        this.workers = workers;
    }

    void start(AMRMClientAsync<ContainerRequest> rm, NMClientAsync nm) {
        start(rm, nm, List.of());
    }

    /**
     * Starts with {@code adopted}: containers of an earlier AM attempt whose workers reattached to this one. They count
     * as running workers; only the rest of {@link WorkerSpec#count()} is asked for.
     */
    void start(AMRMClientAsync<ContainerRequest> rm, NMClientAsync nm, List<Container> adopted) {
        this.rm = rm;
        this.nm = nm;
        synchronized (this) {
            for (Container c : adopted) {
                running.put(c.getId(), c);
                knownHosts.add(c.getNodeId().getHost());
            }
        }
        int asked = Math.max(0, spec.count() - adopted.size());
        for (int i = 0; i < asked; i++) {
            request();
        }
        LOG.info("asked for {} worker containers of {} MB and {} vcores{}", asked, spec.memoryMb(), spec.vcores(),
                adopted.isEmpty() ? "" : "; " + adopted.size() + " taken over from the earlier AM attempt");
    }

    private synchronized void request() {
        requested++;
        rm.addContainerRequest(new ContainerRequest(Resource.newInstance(spec.memoryMb(), spec.vcores()), null, null,
                PRIORITY));
    }

    /** Completes with the reason when workers failed more often than allowed. */
    CompletableFuture<String> failed() {
        return failed;
    }

    synchronized int replacedCount() {
        return replaced;
    }

    void stopping() {
        stopping = true;
    }

    synchronized void allocated(List<Container> containers) {
        for (Container c : containers) {
            if (requested == 0 || stopping) {
                rm.releaseAssignedContainer(c.getId());
                continue;
            }
            requested--;
            knownHosts.add(c.getNodeId().getHost());
            rm.removeContainerRequest(new ContainerRequest(c.getResource(), null, null, PRIORITY));
            try {
                nm.startContainerAsync(c, launch().newContext());
                running.put(c.getId(), c);
                LOG.info("launching worker container {} on {}", c.getId(), c.getNodeId());
            } catch (IOException | RuntimeException e) {
                LOG.error("cannot launch worker container {}", c.getId(), e);
                rm.releaseAssignedContainer(c.getId());
                request();
            }
        }
    }

    synchronized void completed(List<ContainerStatus> statuses) {
        for (ContainerStatus s : statuses) {
            Container container = running.remove(s.getContainerId());
            if (container == null) {
                continue;
            }
            String id = s.getContainerId().toString();
            int exit = s.getExitStatus();
            String why = "container exited with status " + exit + describe(exit) + ": " + s.getDiagnostics();
            workers.lose(id, why);
            if (stopping) {
                continue;
            }
            boolean counts = !NOT_FAILURES.contains(exit);
            if (counts) {
                failures++;
                countAgainstNode(container.getNodeId().getHost(), why);
            }
            LOG.warn("worker container {} ended{}: {}", id, counts ? " (failure " + failures + " of at most "
                    + spec.maxFailures() + ")" : " (not counted as a failure)", why);
            if (failures > spec.maxFailures()) {
                failed.complete(failures + " worker containers failed, more than " + WorkerSpec.MAX_FAILURES + "="
                        + spec.maxFailures() + "; the last: " + why);
                return;
            }
            replaced++;
            request();
        }
    }

    /**
     * After {@link WorkerSpec#nodeMaxFailures()} counted failures on a host, asks the RM for no more containers there,
     * unless that would leave no host at all: another host must have run one of the application's containers and not
     * be excluded, and the cluster must have another NodeManager.
     */
    private void countAgainstNode(String host, String why) {
        int n = nodeFailures.merge(host, 1, Integer::sum);
        if (n < spec.nodeMaxFailures() || excludedNodes.contains(host)) {
            return;
        }
        boolean otherHost = knownHosts.stream().anyMatch(h -> !h.equals(host) && !excludedNodes.contains(h));
        if (!otherHost || excludedNodes.size() + 1 >= rm.getClusterNodeCount()) {
            LOG.warn("node {} had {} worker failures but it is the last host this application runs on, so it stays in"
                    + " use; the last failure: {}", host, n, why);
            return;
        }
        excludedNodes.add(host);
        // mutable lists: the client removes one from the other (List.of made its callback thread die, the field
        // test found)
        rm.updateBlacklist(new java.util.ArrayList<>(List.of(host)), new java.util.ArrayList<>());
        LOG.warn("node {} had {} worker failures; no more worker containers there ({}={}); the last failure: {}", host,
                n, WorkerSpec.NODE_MAX_FAILURES, spec.nodeMaxFailures(), why);
    }

    synchronized Set<String> excludedNodes() {
        return Set.copyOf(excludedNodes);
    }

    private static String describe(int exit) {
        return switch (exit) {
            case ContainerExitStatus.KILLED_EXCEEDED_PMEM, ContainerExitStatus.KILLED_EXCEEDED_VMEM ->
                    " (the worker used more memory than its container: raise --worker-memory / " + WorkerSpec.MEMORY
                            + ")";
            case ContainerExitStatus.PREEMPTED -> " (preempted)";
            case ContainerExitStatus.DISKS_FAILED -> " (disks failed)";
            case ContainerExitStatus.KILLED_BY_APPMASTER -> " (killed by the AM)";
            case ContainerExitStatus.KILLED_BY_RESOURCEMANAGER -> " (killed by the RM)";
            case ContainerExitStatus.ABORTED -> " (aborted: released or its node was lost)";
            default -> "";
        };
    }

    synchronized void startFailed(ContainerId id, Throwable t) {
        if (running.remove(id) != null && !stopping) {
            LOG.error("worker container {} failed to start", id, t);
            failures++;
            if (failures > spec.maxFailures()) {
                failed.complete("worker containers cannot start: " + t);
            } else {
                request();
            }
        }
    }

    /** What every worker container is launched with; the same for all of them, so built once. */
    private record Launch(Map<String, LocalResource> resources, Map<String, String> env, String command,
                          ByteBuffer tokens) {
        ContainerLaunchContext newContext() {
            return ContainerLaunchContext.newInstance(resources, env, List.of(command), null, tokens.duplicate(),
                    null);
        }
    }

    private Launch launch;

    /** The AM's tokens were renewed: containers launched from now on get the new ones. */
    synchronized void credentialsChanged() {
        launch = null;
    }

    private Launch launch() throws IOException {
        if (launch == null) {
            launch = buildLaunch();
        }
        return launch;
    }

    private Launch buildLaunch() throws IOException {
        // Mars's jars (uploaded or the archive), the submitter's configuration and the --files, as the AM got them
        Map<String, LocalResource> resources = ContainerFiles.workerResources(app.properties(),
                new org.apache.hadoop.conf.Configuration());
        String java = app.properties().getOrDefault(AppSpec.JAVA_HOME_PROPERTY,
                ApplicationConstants.Environment.JAVA_HOME.$$()) + "/bin/java";
        List<String> command = new ArrayList<>(List.of(java));
        // sized so the process stays inside its container (WorkerMemory); the worker reads the size back from the
        // mars.yarn.worker.memory property to cap its Arrow allocator and size its storage quota the same way
        command.addAll(spec.memory().jvmOptions());
        command.addAll(List.of("-D" + WorkerSpec.MEMORY + "=" + spec.memoryMb(),
                "--add-opens=java.base/java.nio=ALL-UNNAMED", ContainerFiles.TMP_DIR_OPTION));
        String options = app.properties().getOrDefault(WorkerSpec.JAVA_OPTIONS, "");
        if (!options.isBlank()) {
            command.add(ContainerFiles.quotedJavaOptions(options));
        }
        command.addAll(ContainerLogging.jvmOptions("mars-worker"));
        command.add("-Dmars.worker.slots=" + spec.vcores());
        for (Map.Entry<String, String> e : app.properties().entrySet()) {
            if (e.getKey().startsWith("mars.worker.") && !e.getKey().equals("mars.worker.slots")
                    && e.getValue().matches("[A-Za-z0-9._,:/%-]*")) {
                command.add("-D" + e.getKey() + "=" + e.getValue());
            }
        }
        credentialsPoll.ifPresent(every -> command.add("-D" + KerberosConfig.POLL_INTERVAL + "=" + every.toMillis()));
        if (AmAttempts.keepsContainers(app.properties())) {
            // the worker outlives this AM and waits for the next attempt to reattach it
            command.add("-D" + io.mars.common.rpc.flight.HeartbeatConfig.FAILOVER_WAIT + "="
                    + AmAttempts.failoverWaitMs(app.properties()));
        }
        command.addAll(List.of("io.mars.container.yarn.WorkerContainer", amHost, String.valueOf(amPort),
                "1>" + ApplicationConstants.LOG_DIR_EXPANSION_VAR + "/stdout",
                "2>" + ApplicationConstants.LOG_DIR_EXPANSION_VAR + "/stderr"));
        Map<String, String> env = new HashMap<>();
        env.put("CLASSPATH", ContainerFiles.classpath(ContainerFiles.frameworkJars(resources),
                Optional.ofNullable(app.properties().get(ContainerFiles.NODE_CLASSPATH_PROPERTY)),
                resources.containsKey(ContainerFiles.ARCHIVE_LINK)));
        env.put("OPENBLAS_NUM_THREADS", "1");
        // glibc's per-thread malloc arenas (up to 8 per core, 64 MB each) would otherwise be resident memory that no
        // JVM flag bounds
        env.put("MALLOC_ARENA_MAX", "2");
        return new Launch(Map.copyOf(resources), Map.copyOf(env), OpenBlasCore.prefixed(command),
                workerTokens(UserGroupInformation.getCurrentUser().getCredentials(), secret));
    }

    /** The AM's credentials without the AMRMToken (a worker must not talk to the RM as the AM), plus the secret. */
    static ByteBuffer workerTokens(Credentials mine, byte[] secret) throws IOException {
        Credentials theirs = new Credentials();
        for (Token<?> t : mine.getAllTokens()) {
            if (!AMRMTokenIdentifier.KIND_NAME.equals(t.getKind())) {
                theirs.addToken(t.getService(), t);
            }
        }
        theirs.addSecretKey(new Text(io.mars.common.rpc.flight.RpcSecret.CREDENTIALS_ALIAS), secret);
        DataOutputBuffer out = new DataOutputBuffer();
        theirs.writeTokenStorageToStream(out);
        return ByteBuffer.wrap(out.getData(), 0, out.getLength());
    }
}
