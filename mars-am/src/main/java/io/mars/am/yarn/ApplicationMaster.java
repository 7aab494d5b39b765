package io.mars.am.yarn;

import io.mars.common.memory.ArrowAllocators;
import io.mars.am.GraphWarmup;
import io.mars.am.Supervisor;
import io.mars.am.history.EventLogConfig;
import io.mars.am.history.EventLogWriter;
import io.mars.am.services.task.TaskEvents;
import io.mars.am.web.StatusReport;
import io.mars.am.web.TimelineRecorder;
import io.mars.am.rpc.SupervisorEndpoint;
import io.mars.am.services.cluster.internal.StaticCluster;
import io.mars.am.services.session.SessionService;
import io.mars.am.state.StateStore;
import io.mars.am.state.StateStoreConfig;
import io.mars.am.state.internal.EmbeddedZooKeeper;
import io.mars.am.state.internal.ZooKeeperStateStore;
import io.mars.am.web.AmWebServer;
import io.mars.am.web.WebConfig;
import io.mars.am.web.YarnProxyFilter;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.model.Keys;
import io.mars.common.rpc.flight.HeartbeatConfig;
import io.mars.common.rpc.flight.RpcSecret;
import io.mars.common.tiling.TilerRegistry;
import io.mars.common.wire.Warmup;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.InetAddress;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.apache.arrow.memory.RootAllocator;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.yarn.api.protocolrecords.RegisterApplicationMasterResponse;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.api.records.ContainerStatus;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.apache.hadoop.yarn.api.records.NodeReport;
import org.apache.hadoop.yarn.api.records.UpdatedContainer;
import org.apache.hadoop.yarn.client.api.AMRMClient.ContainerRequest;
import org.apache.hadoop.yarn.client.api.async.AMRMClientAsync;
import org.apache.hadoop.yarn.client.api.async.NMClientAsync;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Mars ApplicationMaster: the composition root of the AM process. Registers with the ResourceManager, runs the
 * supervisor services behind their authenticated RPC endpoint (whose host and port it registers as the AM's RPC
 * address), launches the worker containers ({@link WorkerContainers}), runs the job's main class inside its own JVM
 * (cluster mode, as Spark's) with {@code mars.master=mars://host:port}, and unregisters with SUCCEEDED, or FAILED with
 * the job's exception (or the worker failures) in the diagnostics. The supervisor's state lives in ZooKeeper
 * ({@value StateStoreConfig#QUORUM}, else an embedded server with recovery off), fenced by the AM attempt; a failed
 * attempt with attempts left ({@value AmAttempts#MAX_ATTEMPTS}) exits without unregistering so YARN starts the next,
 * which recovers that state; the application's end deletes it.
 */
public final class ApplicationMaster {
    private static final Logger LOG = LoggerFactory.getLogger(ApplicationMaster.class);
    private static final int HEARTBEAT_MS = 1000;
    /** YARN truncates diagnostics; keep them readable rather than cut mid-trace. */
    private static final int MAX_DIAGNOSTICS = 4000;
    /** How long a worker of an earlier attempt has to answer this attempt's reattach call. */
    private static final java.time.Duration REATTACH_TIMEOUT = java.time.Duration.ofSeconds(30);

    private ApplicationMaster() {}

    /** Reads {@value AppSpec#FILE_NAME} from the working directory (or the path given as the only argument). */
    public static void main(String[] args) {
        Path specFile = Path.of(args.length > 0 ? args[0] : AppSpec.FILE_NAME);
        int code;
        AppSpec spec = null;
        try {
            spec = AppSpec.read(specFile);
            code = run(spec) ? 0 : 1;
        } catch (Exception | Error e) {
            LOG.error("ApplicationMaster failed outside the job", e);
            code = 2;
        }
        // The job may leave non-daemon threads behind; the AM has unregistered, so end the process.
        System.exit(code);
    }

    /**
     * Done as the application ends (not after a failed attempt that YARN retries: the next attempt localizes from it),
     * so that nothing is left when the submitter did not wait ({@code --no-wait}), died, or runs in client mode; a
     * waiting submitter deletes it too, and {@code mars-submit kill} for an AM that was killed.
     */
    private static void removeStaging(AppSpec spec) {
        try {
            ContainerFiles.deleteStaging(spec.properties(), new YarnConfiguration());
        } catch (IOException | RuntimeException e) {
            LOG.warn("cannot delete the staging directory {}", spec.properties().get(AppSpec.STAGING_DIR_PROPERTY), e);
        }
    }

    /**
     * Registers, starts the supervisor (recovering what earlier attempts stored) and the workers, runs the job, and
     * ends the attempt; returns whether the job succeeded.
     */
    static boolean run(AppSpec spec) throws Exception {
        YarnConfiguration conf = new YarnConfiguration();
        WorkerSpec workerSpec = WorkerSpec.from(spec.properties());
        AmAttempts attempts = AmAttempts.ofThisContainer(System.getenv(), spec.properties(), conf);
        StateStoreConfig stateConfig = StateStoreConfig.from(spec.properties());
        byte[] secret = UserGroupInformation.getCurrentUser().getCredentials()
                .getSecretKey(new Text(RpcSecret.CREDENTIALS_ALIAS));
        if (secret == null) {
            throw new MarsException(ErrorCode.UNAUTHENTICATED, "the AM's credentials hold no "
                    + RpcSecret.CREDENTIALS_ALIAS + "; submit the application with mars-submit");
        }
        String host = System.getenv().getOrDefault("NM_HOST", InetAddress.getLocalHost().getCanonicalHostName());
        StaticCluster cluster = new StaticCluster();
        ContainerLogLinks logLinks = new ContainerLogLinks(UserGroupInformation.getCurrentUser().getShortUserName(),
                System.getenv());
        TimelineRecorder timeline = new TimelineRecorder(TimelineRecorder.DEFAULT_CAPACITY);
        cluster.addListener(timeline);
        try (RootAllocator warm = ArrowAllocators.root()) {
            Warmup.codecs(warm); // the first job's graph decodes without loading the codecs' classes then
            GraphWarmup.tileableGraphs();
        }
        // client mode: no main class; the client that started the application drives and ends it
        boolean clientMode = spec.mainClass().isEmpty();
        // the embedded server (when there is one) closes after the supervisor, which owns and closes the store
        KerberosConfig kerberos = KerberosConfig.from(spec.properties());
        java.util.concurrent.atomic.AtomicReference<WorkerContainers> launched = new java.util.concurrent.atomic.AtomicReference<>();
        try (EmbeddedZooKeeper embedded = stateConfig.hasQuorum() ? null : startEmbeddedZooKeeper(attempts);
             ClientMode client = clientMode ? ClientMode.from(spec.properties()) : null;
             CredentialRenewer renewer = credentialRenewer(kerberos, spec, conf, secret, () -> {
                 WorkerContainers w = launched.get();
                 if (w != null) {
                     w.credentialsChanged();
                 }
             });
             RootAllocator allocator = ArrowAllocators.root();
             EventLogWriter events = EventLogWriter.open(spec.properties(), eventLogId(attempts),
                     spec.properties().getOrDefault("mars.app.name", spec.mainClass()), "yarn", conf).orElse(null);
             Supervisor supervisor = new Supervisor(cluster, spec.properties(), TilerRegistry.standard(),
                     openStateStore(stateConfig, embedded, attempts), TaskEvents.all(events, timeline));
             SupervisorEndpoint endpoint = new SupervisorEndpoint(supervisor, cluster, RpcSecret.of(secret), host, 0,
                     allocator, HeartbeatConfig.from(spec.properties()).timeout(),
                     extraHandlers(clientMode ? client.handlers() : Map.of(),
                             renewer == null ? Map.of() : renewer.handlers()));
             AmWebServer web = new AmWebServer(host, WebConfig.from(spec.properties()), new StatusReport(
                     () -> List.of(supervisor), Optional.of(timeline), Optional.of(spec.properties()),
                     Optional.of(logLinks)),
                     Optional.of(YarnProxyFilter.forThisContainer(conf)))) {
            if (events != null) {
                cluster.addListener(events);
            }
            recover(supervisor, attempts);
            WorkerContainers workers = new WorkerContainers(workerSpec, spec, host, endpoint.port(), secret,
                    endpoint.workers(), renewer == null ? Optional.empty() : Optional.of(kerberos.pollInterval()));
            launched.set(workers);
            if (renewer != null) {
                renewer.start();
            }
            Callbacks callbacks = new Callbacks(workers, logLinks, new ApplicationProgress(supervisor.tasks()));
            AMRMClientAsync<ContainerRequest> rm = AMRMClientAsync.createAMRMClientAsync(HEARTBEAT_MS, callbacks);
            NMClientAsync nm = NMClientAsync.createNMClientAsync(new NmCallbacks(workers));
            rm.init(conf);
            nm.init(conf);
            rm.start();
            nm.start();
            try {
                // the tracking URL: the ResourceManager's proxy forwards /proxy/<app id>/... to it
                RegisterApplicationMasterResponse registered = rm.registerApplicationMaster(host, endpoint.port(),
                        web.start().toString());
                LOG.info("registered with the ResourceManager (AM attempt {} of {}); supervisor RPC on {}:{}; running {} {}",
                        attempts.attempt(), attempts.maxAttempts(), host, endpoint.port(), spec.mainClass(),
                        spec.appArgs());
                List<org.apache.hadoop.yarn.api.records.Container> adopted = List.of();
                if (!supervisor.recoveredWorkers().isEmpty()
                        || !registered.getContainersFromPreviousAttempts().isEmpty()) {
                    // workers that outlived the last attempt join this one with what they hold (before the job runs)
                    WorkerReattach.Outcome takeover = WorkerReattach.run(supervisor,
                            registered.getContainersFromPreviousAttempts(), host, endpoint.port(),
                            RpcSecret.of(secret), allocator, REATTACH_TIMEOUT);
                    takeover.released().forEach(c -> rm.releaseAssignedContainer(c.getId()));
                    logLinks.allocated(takeover.adopted());
                    adopted = takeover.adopted();
                }
                workers.start(rm, nm, adopted);
                String master = "mars://" + host + ":" + endpoint.port();
                CompletableFuture<Throwable> job = clientMode ? client.finished()
                        : CompletableFuture.supplyAsync(() -> runJob(spec, master, attempts), r -> {
                            Thread t = new Thread(r, "mars-job-main");
                            t.start();
                        });
                Object first = CompletableFuture.anyOf(job, workers.failed()).join();
                workers.stopping();
                if (first instanceof String workerFailure) {
                    LOG.error("the application fails: {}", workerFailure);
                    return end(rm, spec, supervisor, events, attempts, FinalApplicationStatus.FAILED, workerFailure);
                }
                Throwable failure = (Throwable) first;
                if (failure == null) {
                    LOG.info("{} succeeded", clientMode ? "the client-mode application" : "job " + spec.mainClass());
                    return end(rm, spec, supervisor, events, attempts, FinalApplicationStatus.SUCCEEDED, "");
                }
                LOG.error("job {} failed", spec.mainClass(), failure);
                return end(rm, spec, supervisor, events, attempts, FinalApplicationStatus.FAILED,
                        diagnostics(spec, failure));
            } finally {
                nm.stop();
                rm.stop();
            }
        }
    }

    /**
     * The renewer of the application's delegation tokens, when the submitter shipped a keytab and the cluster uses
     * Kerberos; else null (the tokens obtained at submission are all the job has, and YARN renews them).
     */
    private static CredentialRenewer credentialRenewer(KerberosConfig kerberos, AppSpec spec, YarnConfiguration conf,
                                                       byte[] secret, Runnable renewed) throws IOException {
        if (!kerberos.hasKeytab() || !UserGroupInformation.isSecurityEnabled()) {
            return null;
        }
        Path keytab = Path.of(KerberosConfig.KEYTAB_LINK_NAME).toAbsolutePath();
        if (!java.nio.file.Files.isReadable(keytab)) {
            throw new MarsException(ErrorCode.UNAUTHENTICATED, KerberosConfig.PRINCIPAL + " is "
                    + kerberos.principal().orElseThrow() + " but the AM's container holds no keytab " + keytab
                    + "; submit the application with mars-submit --principal and --keytab");
        }
        List<org.apache.hadoop.fs.Path> fileSystems = new java.util.ArrayList<>();
        fileSystems.add(new org.apache.hadoop.fs.Path(org.apache.hadoop.fs.FileSystem.getDefaultUri(conf)));
        String staging = spec.properties().get(AppSpec.STAGING_DIR_PROPERTY);
        if (staging != null) {
            fileSystems.add(new org.apache.hadoop.fs.Path(staging));
        }
        return new CredentialRenewer(kerberos.principal().orElseThrow(), keytab.toString(), conf, fileSystems, secret,
                renewed);
    }

    private static Map<String, io.mars.common.rpc.flight.RpcHandler> extraHandlers(
            Map<String, io.mars.common.rpc.flight.RpcHandler> a, Map<String, io.mars.common.rpc.flight.RpcHandler> b) {
        Map<String, io.mars.common.rpc.flight.RpcHandler> all = new java.util.HashMap<>(a);
        all.putAll(b);
        return Map.copyOf(all);
    }

    /**
     * No external ensemble: a ZooKeeper server inside the AM, with its data in the container's working directory. Its
     * state ends with this process, so a later attempt starts from nothing.
     */
    private static EmbeddedZooKeeper startEmbeddedZooKeeper(AmAttempts attempts) {
        LOG.warn("{} is not set: the AM keeps its state in an embedded ZooKeeper server that ends with it, so AM recovery "
                + "is off{}; set {} to a ZooKeeper ensemble to let a new AM attempt recover", StateStoreConfig.QUORUM,
                attempts.maxAttempts() > 1 ? " (a new attempt starts from nothing)" : "", StateStoreConfig.QUORUM);
        return EmbeddedZooKeeper.start(Path.of("").toAbsolutePath().resolve("mars-zookeeper"));
    }

    /** The application's state store, fenced by this attempt's number. */
    private static StateStore openStateStore(StateStoreConfig config, EmbeddedZooKeeper embedded, AmAttempts attempts) {
        if (embedded != null) {
            return ZooKeeperStateStore.connect(config.withQuorum(embedded.connectString()), attempts.applicationId(),
                    attempts.attempt(), false);
        }
        ZooKeeperStateStore store = ZooKeeperStateStore.connect(config, attempts.applicationId(), attempts.attempt());
        LOG.info("the AM's state is in ZooKeeper {} at {} (attempt {} owns it)", config.quorum(), store.path(),
                attempts.attempt());
        return store;
    }

    /** The name of this attempt's event log: the application id, with {@code _<attempt>} after the first (as Spark). */
    private static String eventLogId(AmAttempts attempts) {
        return attempts.attempt() == 1 ? attempts.applicationId() : attempts.applicationId() + "_" + attempts.attempt();
    }

    /** Reads back the sessions, kept results and chunk meta that earlier attempts stored. */
    private static void recover(Supervisor supervisor, AmAttempts attempts) {
        int sessions = supervisor.recover().join();
        if (attempts.attempt() > 1 || sessions > 0) {
            List<String> ids = supervisor.sessions().snapshots().join().stream().map(SessionService.SessionSnapshot::id).sorted().toList();
            LOG.info("AM attempt {} of {}: recovered {} session(s) from earlier attempts: {}", attempts.attempt(),
                    attempts.maxAttempts(), sessions, ids);
        }
    }

    /**
     * Ends this attempt. Success, or a failure on the last attempt, ends the application: its state is deleted and the
     * AM unregisters with the outcome. A failure with attempts left neither unregisters nor deletes anything, so the
     * ResourceManager starts the next attempt and that attempt recovers the state.
     */
    private static boolean end(AMRMClientAsync<ContainerRequest> rm, AppSpec spec, Supervisor supervisor,
                               EventLogWriter events, AmAttempts attempts, FinalApplicationStatus status,
                               String diagnostics) throws Exception {
        StateStore store = supervisor.store();
        boolean succeeded = status == FinalApplicationStatus.SUCCEEDED;
        if (events != null) {
            events.end(succeeded || attempts.last() ? status.name() : "FAILED_ATTEMPT", diagnostics,
                    () -> new StatusReport(() -> List.of(supervisor)).cluster());
        }
        if (!succeeded && !attempts.last()) {
            LOG.error("AM attempt {} of {} failed; not unregistering, so YARN starts attempt {}, which recovers the "
                    + "state this one leaves{}", attempts.attempt(), attempts.maxAttempts(), attempts.attempt() + 1,
                    store.durable() ? "" : " (none: AM recovery is off)");
            return false;
        }
        try {
            store.deleteAll();
        } catch (MarsException e) {
            LOG.warn("cannot delete the application's ZooKeeper state ({}); mars-submit deletes it when the "
                    + "application failed, else delete it by hand", e.getMessage());
        }
        // before unregistering: once the RM sees the end, the NM may stop this container at any moment
        removeStaging(spec);
        // with a history server, the application's page stays reachable there once the AM is gone
        String finalUrl = events == null ? null
                : EventLogConfig.from(spec.properties()).historyUrl(eventLogId(attempts)).orElse(null);
        rm.unregisterApplicationMaster(status, diagnostics, finalUrl);
        return succeeded;
    }

    /** Runs the job's main in a class loader over its jars; returns what it threw, or null. */
    private static Throwable runJob(AppSpec spec, String master, AmAttempts attempts) {
        List<URL> urls = new ArrayList<>();
        try {
            for (String jar : spec.jars()) {
                urls.add(Path.of(jar).toAbsolutePath().toUri().toURL());
            }
        } catch (IOException e) {
            return e;
        }
        Map<String, String> properties = new HashMap<>(spec.properties());
        properties.put("mars.master", master);
        properties.forEach(System::setProperty);
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        try (URLClassLoader loader = new JobClassLoader(urls.toArray(new URL[0]),
                ApplicationMaster.class.getClassLoader())) {
            thread.setContextClassLoader(loader);
            Method main = Class.forName(spec.mainClass(), false, loader).getMethod("main", String[].class);
            // the job's own System.exit(n) must not end the AM before it unregisters: it becomes the job's outcome
            Optional<JobExitTrap> trap = JobExitTrap.install(loader);
            Throwable thrown = null;
            // every attempt's main makes the same keys for the same graphs, so a later attempt's main finds the results
            // and chunks this one leaves (io.mars.common.model.Keys)
            Keys.repeatable(attempts.applicationId());
            try {
                main.invoke(null, (Object) spec.appArgs().toArray(new String[0]));
            } catch (InvocationTargetException e) {
                thrown = e.getCause() == null ? e : e.getCause();
            } catch (RuntimeException | LinkageError e) {
                thrown = e;
            } finally {
                Keys.unique();
                trap.ifPresent(JobExitTrap::close);
            }
            return JobExitTrap.outcome(trap, thrown);
        } catch (ReflectiveOperationException | RuntimeException | LinkageError | IOException e) {
            return e;
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    /** The exception and its causes, one per line: what a user reads first in the RM's application report. */
    static String diagnostics(AppSpec spec, Throwable failure) {
        StringBuilder text = new StringBuilder(spec.mainClass().isEmpty() ? "client-mode application failed: " + failure
                : "job " + spec.mainClass() + " failed: " + failure);
        for (Throwable cause = failure.getCause(); cause != null && cause != failure; cause = cause.getCause()) {
            text.append("\nCaused by: ").append(cause);
        }
        text.append("\n(see the AM's container log for the stack trace)");
        return text.length() <= MAX_DIAGNOSTICS ? text.toString() : text.substring(0, MAX_DIAGNOSTICS) + "...";
    }

    /** The RM's calls: containers allocated and completed go to the worker containers. */
    private static final class Callbacks extends AMRMClientAsync.AbstractCallbackHandler {
        private final WorkerContainers workers;
        private final ContainerLogLinks logLinks;
        private final ApplicationProgress progress;

        Callbacks(WorkerContainers workers, ContainerLogLinks logLinks, ApplicationProgress progress) {
            this.workers = workers;
            this.logLinks = logLinks;
            this.progress = progress;
        }

        @Override
        public void onContainersCompleted(List<ContainerStatus> statuses) {
            workers.completed(statuses);
        }

        @Override
        public void onContainersAllocated(List<org.apache.hadoop.yarn.api.records.Container> containers) {
            logLinks.allocated(containers);
            workers.allocated(containers);
        }

        @Override
        public void onContainersUpdated(List<UpdatedContainer> containers) {}

        @Override
        public void onShutdownRequest() {
            LOG.warn("the ResourceManager asked the AM to shut down");
        }

        @Override
        public void onNodesUpdated(List<NodeReport> updatedNodes) {}

        @Override
        public float getProgress() {
            return progress.current();
        }

        @Override
        public void onError(Throwable e) {
            LOG.error("error talking to the ResourceManager", e);
        }
    }

    /** The NMs' answers to container launches: a failed start counts against the worker failures. */
    private static final class NmCallbacks extends NMClientAsync.AbstractCallbackHandler {
        private final WorkerContainers workers;

        NmCallbacks(WorkerContainers workers) {
            this.workers = workers;
        }

        @Override
        public void onStartContainerError(ContainerId id, Throwable t) {
            workers.startFailed(id, t);
        }

        @Override
        public void onContainerStarted(ContainerId id, Map<String, java.nio.ByteBuffer> serviceData) {}

        @Override
        public void onContainerStatusReceived(ContainerId id, ContainerStatus status) {}

        @Override
        public void onContainerStopped(ContainerId id) {}

        @Override
        public void onGetContainerStatusError(ContainerId id, Throwable t) {}

        @Override
        public void onContainerResourceIncreased(ContainerId id, org.apache.hadoop.yarn.api.records.Resource r) {}

        @Override
        public void onContainerResourceUpdated(ContainerId id, org.apache.hadoop.yarn.api.records.Resource r) {}

        @Override
        public void onIncreaseContainerResourceError(ContainerId id, Throwable t) {}

        @Override
        public void onUpdateContainerResourceError(ContainerId id, Throwable t) {}

        @Override
        public void onStopContainerError(ContainerId id, Throwable t) {}
    }
}
