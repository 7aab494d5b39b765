package io.mars.am.yarn;

import io.mars.am.web.AmWebServer;
import io.mars.am.web.WebConfig;
import io.mars.am.web.YarnProxyFilter;
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
import io.mars.am.Supervisor;
import io.mars.am.rpc.SupervisorEndpoint;
import io.mars.am.services.cluster.internal.StaticCluster;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.rpc.flight.RpcSecret;
import io.mars.common.rpc.flight.HeartbeatConfig;
import java.util.concurrent.CompletableFuture;
import org.apache.arrow.memory.RootAllocator;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.yarn.api.records.ContainerId;
import java.util.Optional;
import org.apache.hadoop.yarn.api.records.ContainerStatus;
import org.apache.hadoop.yarn.client.api.async.NMClientAsync;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.apache.hadoop.yarn.api.records.NodeReport;
import org.apache.hadoop.yarn.api.records.UpdatedContainer;
import org.apache.hadoop.yarn.client.api.AMRMClient.ContainerRequest;
import org.apache.hadoop.yarn.client.api.async.AMRMClientAsync;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Mars ApplicationMaster: the composition root of the AM process. Registers with the ResourceManager, runs the
 * supervisor services behind their authenticated RPC endpoint (whose host and port it registers as the AM's RPC
 * address), launches the worker containers ({@link WorkerContainers}), runs the job's main class inside its own JVM
 * (cluster mode, as Spark's) with {@code mars.master=mars://host:port}, and unregisters with SUCCEEDED, or FAILED with
 * the job's exception (or the worker failures) in the diagnostics.
 */
public final class ApplicationMaster {
    private static final Logger LOG = LoggerFactory.getLogger(ApplicationMaster.class);
    private static final int HEARTBEAT_MS = 1000;
    /** YARN truncates diagnostics; keep them readable rather than cut mid-trace. */
    private static final int MAX_DIAGNOSTICS = 4000;

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
        } finally {
            removeStaging(spec);
        }
        // The job may leave non-daemon threads behind; the AM has unregistered, so end the process.
        System.exit(code);
    }

    /**
     * The AM's last act, so that nothing is left when the submitter did not wait ({@code --no-wait}) or died; a
     * waiting submitter deletes it too, and {@code mars-submit kill} for an AM that was killed.
     */
    private static void removeStaging(AppSpec spec) {
        if (spec == null) {
            return;
        }
        try {
            ContainerFiles.deleteStaging(spec.properties(), new YarnConfiguration());
        } catch (IOException | RuntimeException e) {
            LOG.warn("cannot delete the staging directory {}", spec.properties().get(AppSpec.STAGING_DIR_PROPERTY), e);
        }
    }

    /** Registers, starts the supervisor and the workers, runs the job, unregisters; returns whether it succeeded. */
    static boolean run(AppSpec spec) throws Exception {
        YarnConfiguration conf = new YarnConfiguration();
        WorkerSpec workerSpec = WorkerSpec.from(spec.properties());
        byte[] secret = UserGroupInformation.getCurrentUser().getCredentials()
                .getSecretKey(new Text(RpcSecret.CREDENTIALS_ALIAS));
        if (secret == null) {
            throw new MarsException(ErrorCode.UNAUTHENTICATED, "the AM's credentials hold no "
                    + RpcSecret.CREDENTIALS_ALIAS + "; submit the application with mars-submit");
        }
        String host = System.getenv().getOrDefault("NM_HOST", InetAddress.getLocalHost().getCanonicalHostName());
        StaticCluster cluster = new StaticCluster();
        try (RootAllocator allocator = new RootAllocator();
             Supervisor supervisor = new Supervisor(cluster, spec.properties());
             SupervisorEndpoint endpoint = new SupervisorEndpoint(supervisor, cluster, RpcSecret.of(secret), host, 0,
                     allocator, HeartbeatConfig.from(spec.properties()).timeout());
             AmWebServer web = new AmWebServer(host, WebConfig.from(spec.properties()), () -> List.of(supervisor),
                     Optional.of(YarnProxyFilter.forThisContainer(conf)))) {
            WorkerContainers workers = new WorkerContainers(workerSpec, spec, host, endpoint.port(), secret,
                    endpoint.workers());
            Callbacks callbacks = new Callbacks(workers);
            AMRMClientAsync<ContainerRequest> rm = AMRMClientAsync.createAMRMClientAsync(HEARTBEAT_MS, callbacks);
            NMClientAsync nm = NMClientAsync.createNMClientAsync(new NmCallbacks(workers));
            rm.init(conf);
            nm.init(conf);
            rm.start();
            nm.start();
            try {
                // the tracking URL: the ResourceManager's proxy forwards /proxy/<app id>/... to it
                rm.registerApplicationMaster(host, endpoint.port(), web.start().toString());
                LOG.info("registered with the ResourceManager; supervisor RPC on {}:{}; running {} {}", host,
                        endpoint.port(), spec.mainClass(), spec.appArgs());
                workers.start(rm, nm);
                String master = "mars://" + host + ":" + endpoint.port();
                CompletableFuture<Throwable> job = CompletableFuture.supplyAsync(() -> runJob(spec, master),
                        r -> {
                            Thread t = new Thread(r, "mars-job-main");
                            t.start();
                        });
                Object first = CompletableFuture.anyOf(job, workers.failed()).join();
                workers.stopping();
                if (first instanceof String workerFailure) {
                    LOG.error("the application fails: {}", workerFailure);
                    rm.unregisterApplicationMaster(FinalApplicationStatus.FAILED, workerFailure, null);
                    return false;
                }
                Throwable failure = (Throwable) first;
                if (failure == null) {
                    LOG.info("job {} succeeded", spec.mainClass());
                    rm.unregisterApplicationMaster(FinalApplicationStatus.SUCCEEDED, "", null);
                    return true;
                }
                LOG.error("job {} failed", spec.mainClass(), failure);
                rm.unregisterApplicationMaster(FinalApplicationStatus.FAILED, diagnostics(spec, failure), null);
                return false;
            } finally {
                nm.stop();
                rm.stop();
            }
        }
    }

    /** Runs the job's main in a class loader over its jars; returns what it threw, or null. */
    private static Throwable runJob(AppSpec spec, String master) {
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
        try (URLClassLoader loader = new URLClassLoader("mars-job", urls.toArray(new URL[0]),
                ApplicationMaster.class.getClassLoader())) {
            thread.setContextClassLoader(loader);
            Method main = Class.forName(spec.mainClass(), false, loader).getMethod("main", String[].class);
            main.invoke(null, (Object) spec.appArgs().toArray(new String[0]));
            return null;
        } catch (InvocationTargetException e) {
            return e.getCause() == null ? e : e.getCause();
        } catch (ReflectiveOperationException | RuntimeException | LinkageError | IOException e) {
            return e;
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    /** The exception and its causes, one per line: what a user reads first in the RM's application report. */
    static String diagnostics(AppSpec spec, Throwable failure) {
        StringBuilder text = new StringBuilder("job " + spec.mainClass() + " failed: " + failure);
        for (Throwable cause = failure.getCause(); cause != null && cause != failure; cause = cause.getCause()) {
            text.append("\nCaused by: ").append(cause);
        }
        text.append("\n(see the AM's container log for the stack trace)");
        return text.length() <= MAX_DIAGNOSTICS ? text.toString() : text.substring(0, MAX_DIAGNOSTICS) + "...";
    }

    /** The RM's calls: containers allocated and completed go to the worker containers. */
    private static final class Callbacks extends AMRMClientAsync.AbstractCallbackHandler {
        private final WorkerContainers workers;

        Callbacks(WorkerContainers workers) {
            this.workers = workers;
        }

        @Override
        public void onContainersCompleted(List<ContainerStatus> statuses) {
            workers.completed(statuses);
        }

        @Override
        public void onContainersAllocated(List<org.apache.hadoop.yarn.api.records.Container> containers) {
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
            return 0;
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
