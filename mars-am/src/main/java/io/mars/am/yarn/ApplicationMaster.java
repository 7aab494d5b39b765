package io.mars.am.yarn;

import io.mars.am.LocalSupervisors;
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
import java.util.Optional;
import org.apache.hadoop.yarn.api.records.ContainerStatus;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.apache.hadoop.yarn.api.records.NodeReport;
import org.apache.hadoop.yarn.api.records.UpdatedContainer;
import org.apache.hadoop.yarn.client.api.AMRMClient.ContainerRequest;
import org.apache.hadoop.yarn.client.api.async.AMRMClientAsync;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Mars ApplicationMaster in its first form: registers with the ResourceManager, runs the job's main class inside
 * its own JVM (cluster mode, as Spark's), and unregisters with SUCCEEDED, or FAILED with the job's exception in the
 * diagnostics.
 *
 * <p>For now the job's {@code Session.getOrCreate()} gets an embedded {@code local[N]} cluster inside the AM:
 * {@code mars.master} is set to {@value #LOCAL_WORKERS_PROPERTY}-many local workers. Workers as YARN containers, the
 * supervisor RPC endpoint and the ZooKeeper-backed state come later; this class then becomes their composition root.
 */
public final class ApplicationMaster {
    /** How many embedded workers the AM's local cluster has (until workers run in containers). */
    public static final String LOCAL_WORKERS_PROPERTY = "mars.yarn.am.local-workers";

    private static final Logger LOG = LoggerFactory.getLogger(ApplicationMaster.class);
    private static final int HEARTBEAT_MS = 1000;
    /** YARN truncates diagnostics; keep them readable rather than cut mid-trace. */
    private static final int MAX_DIAGNOSTICS = 4000;

    private ApplicationMaster() {}

    /** Reads {@value AppSpec#FILE_NAME} from the working directory (or the path given as the only argument). */
    public static void main(String[] args) {
        Path specFile = Path.of(args.length > 0 ? args[0] : AppSpec.FILE_NAME);
        int code;
        try {
            code = run(AppSpec.read(specFile)) ? 0 : 1;
        } catch (Exception | Error e) {
            LOG.error("ApplicationMaster failed outside the job", e);
            code = 2;
        }
        // The job may leave non-daemon threads behind; the AM has unregistered, so end the process.
        System.exit(code);
    }

    /** Registers, runs the job, unregisters; returns whether the job succeeded. */
    static boolean run(AppSpec spec) throws Exception {
        YarnConfiguration conf = new YarnConfiguration();
        AMRMClientAsync<ContainerRequest> rm = AMRMClientAsync.createAMRMClientAsync(HEARTBEAT_MS, new Callbacks());
        rm.init(conf);
        rm.start();
        String host = InetAddress.getLocalHost().getCanonicalHostName();
        try (AmWebServer web = new AmWebServer(host, WebConfig.from(spec.properties()), LocalSupervisors::running,
                Optional.of(YarnProxyFilter.forThisContainer(conf)))) {
            // the tracking URL: the ResourceManager's proxy forwards /proxy/<app id>/... to it
            rm.registerApplicationMaster(host, -1, web.start().toString());
            LOG.info("registered with the ResourceManager; running {} {}", spec.mainClass(), spec.appArgs());
            Throwable failure = runJob(spec);
            if (failure == null) {
                LOG.info("job {} succeeded", spec.mainClass());
                rm.unregisterApplicationMaster(FinalApplicationStatus.SUCCEEDED, "", null);
                return true;
            }
            LOG.error("job {} failed", spec.mainClass(), failure);
            rm.unregisterApplicationMaster(FinalApplicationStatus.FAILED, diagnostics(spec, failure), null);
            return false;
        } finally {
            rm.stop();
        }
    }

    /** Runs the job's main in a class loader over its jars; returns what it threw, or null. */
    private static Throwable runJob(AppSpec spec) throws IOException {
        List<URL> urls = new ArrayList<>();
        for (String jar : spec.jars()) {
            urls.add(Path.of(jar).toAbsolutePath().toUri().toURL());
        }
        Map<String, String> properties = new HashMap<>(spec.properties());
        String workers = properties.getOrDefault(LOCAL_WORKERS_PROPERTY, "2");
        properties.put("mars.master", "local[" + workers + "]");
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
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
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

    /** No containers are requested yet, so only errors and shutdown requests matter. */
    private static final class Callbacks extends AMRMClientAsync.AbstractCallbackHandler {
        @Override
        public void onContainersCompleted(List<ContainerStatus> statuses) {}

        @Override
        public void onContainersAllocated(List<org.apache.hadoop.yarn.api.records.Container> containers) {}

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
}
