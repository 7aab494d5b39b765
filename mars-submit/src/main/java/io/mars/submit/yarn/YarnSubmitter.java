package io.mars.submit.yarn;

import io.mars.am.state.StateStoreConfig;
import io.mars.am.yarn.AmAttempts;
import io.mars.am.yarn.WorkerSpec;
import io.mars.common.rpc.flight.RpcSecret;
import org.apache.hadoop.io.DataOutputBuffer;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.security.Credentials;
import org.apache.hadoop.security.UserGroupInformation;
import io.mars.am.yarn.AppSpec;
import io.mars.am.yarn.ApplicationMaster;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.yarn.api.ApplicationConstants;
import org.apache.hadoop.yarn.api.ApplicationConstants.Environment;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.ApplicationSubmissionContext;
import org.apache.hadoop.yarn.api.records.ContainerLaunchContext;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.apache.hadoop.yarn.api.records.LocalResource;
import org.apache.hadoop.yarn.api.records.LocalResourceType;
import org.apache.hadoop.yarn.api.records.LocalResourceVisibility;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.api.records.URL;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.client.api.YarnClientApplication;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.exceptions.YarnException;

/**
 * Submits a Mars job to YARN in cluster mode and follows it to the end: checks the AM's size against the cluster's
 * maximum allocation, uploads the jars and the {@link AppSpec} to a private staging directory
 * ({@code <home>/.mars-staging/<appId>}, mode 700), launches {@link ApplicationMaster}, prints the application id as
 * soon as YARN knows it, waits, and deletes the staging directory however the application ended.
 */
public final class YarnSubmitter {
    /** Where per-application staging directories live, under the user's home directory on the default file system. */
    public static final String STAGING_DIR = ".mars-staging";

    private static final FsPermission PRIVATE = new FsPermission((short) 0700);
    private static final long POLL_MS = 500;
    private static final EnumSet<YarnApplicationState> DONE =
            EnumSet.of(YarnApplicationState.FINISHED, YarnApplicationState.FAILED, YarnApplicationState.KILLED);

    private final Configuration conf;
    private final PrintStream out;
    private final PrintStream err;

    /** {@code out} gets the application id on a line of its own; {@code err} gets progress and the outcome. */
    public YarnSubmitter(Configuration conf, PrintStream out, PrintStream err) {
        this.conf = Objects.requireNonNull(conf, "conf");
        this.out = Objects.requireNonNull(out, "out");
        this.err = Objects.requireNonNull(err, "err");
    }

    /** Runs {@code app} to completion. */
    public YarnOutcome run(YarnApplication app) throws IOException, YarnException, InterruptedException {
        YarnClient yarn = YarnClient.createYarnClient();
        yarn.init(conf);
        yarn.start();
        try {
            return run(yarn, app);
        } finally {
            yarn.stop();
        }
    }

    private YarnOutcome run(YarnClient yarn, YarnApplication app)
            throws IOException, YarnException, InterruptedException {
        YarnClientApplication created = yarn.createApplication();
        Resource max = created.getNewApplicationResponse().getMaximumResourceCapability();
        if (app.amMemoryMb() > max.getMemorySize()) {
            return rejected("--am-memory " + app.amMemoryMb() + " MB exceeds the cluster's maximum allocation of "
                    + max.getMemorySize() + " MB");
        }
        if (app.amVcores() > max.getVirtualCores()) {
            return rejected("--am-vcores " + app.amVcores() + " exceeds the cluster's maximum allocation of "
                    + max.getVirtualCores() + " vcores");
        }
        WorkerSpec workers;
        int maxAttempts;
        try {
            workers = WorkerSpec.from(app.properties());
            maxAttempts = amAttempts(app);
            StateStoreConfig.from(app.properties()); // a bad ZooKeeper setting fails here, not in the AM
        } catch (io.mars.common.error.MarsException e) {
            return rejected(e.getMessage());
        }
        if (workers.memoryMb() > max.getMemorySize()) {
            return rejected("--worker-memory " + workers.memoryMb() + " MB exceeds the cluster's maximum allocation of "
                    + max.getMemorySize() + " MB");
        }
        if (workers.vcores() > max.getVirtualCores()) {
            return rejected("--worker-vcores " + workers.vcores() + " exceeds the cluster's maximum allocation of "
                    + max.getVirtualCores() + " vcores");
        }
        ApplicationSubmissionContext context = created.getApplicationSubmissionContext();
        ApplicationId appId = context.getApplicationId();
        FileSystem fs = FileSystem.get(conf);
        org.apache.hadoop.fs.Path staging =
                new org.apache.hadoop.fs.Path(fs.getHomeDirectory(), STAGING_DIR + "/" + appId);
        try {
            fs.mkdirs(staging, PRIVATE);
            fs.setPermission(staging, PRIVATE); // mkdirs applies the umask
            context.setApplicationName(app.name());
            context.setQueue(app.queue());
            context.setApplicationType("MARS");
            // A second attempt runs the job's main again: only as many as mars.yarn.am.max-attempts asks (default 1).
            context.setMaxAppAttempts(maxAttempts);
            context.setResource(Resource.newInstance(app.amMemoryMb(), app.amVcores()));
            context.setAMContainerSpec(launchContext(app, fs, staging));
            yarn.submitApplication(context);
            out.println(appId);
            out.flush();
            // SIGINT/SIGTERM while waiting (Ctrl-C, Airflow's on_kill) kills the application; staging goes below
            Thread killOnExit = new Thread(() -> {
                try {
                    err.println("mars-submit: stopping: killing " + appId);
                    yarn.killApplication(appId);
                    fs.delete(staging, true);
                } catch (IOException | YarnException | RuntimeException e) {
                    err.println("mars-submit: cannot kill " + appId + ": " + e);
                }
            }, "mars-submit-kill-on-exit");
            Runtime.getRuntime().addShutdownHook(killOnExit);
            ApplicationReport report;
            try {
                report = waitForCompletion(yarn, appId);
            } finally {
                try {
                    Runtime.getRuntime().removeShutdownHook(killOnExit);
                } catch (IllegalStateException shuttingDown) {
                    // the hook is running or ran: the JVM is exiting
                }
            }
            YarnOutcome.Status status = status(report);
            err.println("mars-submit: application " + appId + " finished: " + status
                    + (report.getDiagnostics() == null || report.getDiagnostics().isEmpty()
                            ? "" : "\n" + report.getDiagnostics()));
            if (status != YarnOutcome.Status.SUCCEEDED) {
                // a killed or crashed AM could not delete its state; a successful one did
                new StateCleanup(err).deleteEnded(appId.toString(), app.properties());
            }
            return new YarnOutcome(status, Optional.of(appId.toString()), report.getDiagnostics());
        } finally {
            try {
                fs.delete(staging, true);
            } catch (IOException e) {
                err.println("mars-submit: cannot delete the staging directory " + staging + ": " + e.getMessage());
            }
        }
    }

    /** {@link AmAttempts#MAX_ATTEMPTS}, capped (with a note) by the most the cluster grants. */
    private int amAttempts(YarnApplication app) {
        int requested = AmAttempts.requested(app.properties());
        int granted = AmAttempts.effective(app.properties(), conf);
        if (granted < requested) {
            err.println("mars-submit: " + AmAttempts.MAX_ATTEMPTS + "=" + requested + " exceeds the cluster's maximum of "
                    + granted + " AM attempts (" + YarnConfiguration.RM_AM_MAX_ATTEMPTS + "); the application gets "
                    + granted);
        }
        return granted;
    }

    private YarnOutcome rejected(String message) {
        err.println("mars-submit: " + message);
        return new YarnOutcome(YarnOutcome.Status.REJECTED, Optional.empty(), message);
    }

    private ContainerLaunchContext launchContext(YarnApplication app, FileSystem fs, org.apache.hadoop.fs.Path staging)
            throws IOException {
        Map<String, LocalResource> resources = new LinkedHashMap<>();
        List<String> jobJars = new ArrayList<>();
        List<Path> jars = new ArrayList<>();
        jars.add(app.appJar());
        jars.addAll(app.jars());
        for (int i = 0; i < jars.size(); i++) {
            String link = "job-" + i + "-" + jars.get(i).getFileName();
            resources.put(link, upload(fs, jars.get(i), staging, link));
            jobJars.add(link);
        }
        Path spec = Files.createTempFile("mars-app", ".properties");
        try {
            Map<String, String> properties = new LinkedHashMap<>(app.properties());
            properties.put(AppSpec.STAGING_DIR_PROPERTY, fs.makeQualified(staging).toString());
            new AppSpec(app.mainClass(), app.appArgs(), jobJars, properties).write(spec);
            resources.put(AppSpec.FILE_NAME, upload(fs, spec, staging, AppSpec.FILE_NAME));
        } finally {
            Files.deleteIfExists(spec);
        }

        StringBuilder classpath = new StringBuilder(Environment.PWD.$$());
        if (app.amClasspath().isPresent()) {
            classpath.append(ApplicationConstants.CLASS_PATH_SEPARATOR).append(app.amClasspath().get());
        } else {
            List<Path> framework = ownClasspathJars();
            for (int i = 0; i < framework.size(); i++) {
                String link = "lib-" + i + "-" + framework.get(i).getFileName();
                resources.put(link, upload(fs, framework.get(i), staging, link));
                classpath.append(ApplicationConstants.CLASS_PATH_SEPARATOR).append(Environment.PWD.$$())
                        .append('/').append(link);
            }
        }

        String java = app.javaHome().orElse(Environment.JAVA_HOME.$$()) + "/bin/java";
        String command = String.join(" ",
                java,
                "-Xmx" + Math.max(64, app.amMemoryMb() * 3 / 4) + "m",
                "--add-opens=java.base/java.nio=ALL-UNNAMED",
                "-Dmars.log.dir=" + ApplicationConstants.LOG_DIR_EXPANSION_VAR,
                "-Dlog4j2.configurationFile=mars-am-log4j2.xml",
                ApplicationMaster.class.getName(),
                AppSpec.FILE_NAME,
                "1>" + ApplicationConstants.LOG_DIR_EXPANSION_VAR + "/stdout",
                "2>" + ApplicationConstants.LOG_DIR_EXPANSION_VAR + "/stderr");
        return ContainerLaunchContext.newInstance(resources, Map.of("CLASSPATH", classpath.toString()),
                List.of(command), null, amTokens(), null);
    }

    /**
     * The AM's credentials: the submitter's tokens (from {@code HADOOP_TOKEN_FILE_LOCATION} on a secure cluster) and a
     * new per-application RPC secret, which thereby never appears on a command line or in an environment variable.
     */
    private static java.nio.ByteBuffer amTokens() throws IOException {
        Credentials credentials = new Credentials(UserGroupInformation.getCurrentUser().getCredentials());
        credentials.addSecretKey(new Text(RpcSecret.CREDENTIALS_ALIAS), RpcSecret.generate().bytes());
        DataOutputBuffer out = new DataOutputBuffer();
        credentials.writeTokenStorageToStream(out);
        return java.nio.ByteBuffer.wrap(out.getData(), 0, out.getLength());
    }

    /** The jars mars-submit runs from (bin/mars-submit: lib/*); directories such as the conf dir stay behind. */
    private static List<Path> ownClasspathJars() {
        List<Path> jars = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path path = Path.of(entry);
            if (entry.endsWith(".jar") && Files.isRegularFile(path)) {
                jars.add(path);
            }
        }
        return jars;
    }

    private static LocalResource upload(FileSystem fs, Path local, org.apache.hadoop.fs.Path staging, String name)
            throws IOException {
        org.apache.hadoop.fs.Path target = new org.apache.hadoop.fs.Path(staging, name);
        fs.copyFromLocalFile(false, true, new org.apache.hadoop.fs.Path(local.toUri()), target);
        FileStatus status = fs.getFileStatus(target);
        return LocalResource.newInstance(URL.fromPath(fs.makeQualified(target)), LocalResourceType.FILE,
                LocalResourceVisibility.APPLICATION, status.getLen(), status.getModificationTime());
    }

    /** Waits for the end, printing the tracking URL (the ResourceManager's proxy to the AM's web UI) once known. */
    private ApplicationReport waitForCompletion(YarnClient yarn, ApplicationId appId)
            throws IOException, YarnException, InterruptedException {
        boolean urlPrinted = false;
        while (true) {
            ApplicationReport report = yarn.getApplicationReport(appId);
            if (DONE.contains(report.getYarnApplicationState())) {
                return report;
            }
            if (!urlPrinted && report.getYarnApplicationState() == YarnApplicationState.RUNNING) {
                Optional<String> url = trackingUrl(report);
                if (url.isPresent()) {
                    err.println("mars-submit: tracking URL: " + url.get());
                    err.flush();
                    urlPrinted = true;
                }
            }
            Thread.sleep(POLL_MS);
        }
    }

    /**
     * The URL a user opens: the report's tracking URL, which the ResourceManager rewrites to its web proxy
     * ({@code http://<rm>/proxy/<app id>/}); empty until the AM has registered its own web UI (the original
     * tracking URL), since before that the proxy has nothing of Mars to show.
     */
    static Optional<String> trackingUrl(ApplicationReport report) {
        if (!isUrl(report.getOriginalTrackingUrl()) || !isUrl(report.getTrackingUrl())) {
            return Optional.empty();
        }
        String url = report.getTrackingUrl();
        return Optional.of(url.contains("://") ? url : "http://" + url);
    }

    private static boolean isUrl(String url) {
        return url != null && !url.isBlank() && !url.equals("N/A");
    }

    /** The outcome of an application that has ended. */
    public static YarnOutcome.Status status(ApplicationReport report) {
        if (report.getYarnApplicationState() == YarnApplicationState.KILLED
                || report.getFinalApplicationStatus() == FinalApplicationStatus.KILLED) {
            return YarnOutcome.Status.KILLED;
        }
        if (report.getYarnApplicationState() == YarnApplicationState.FINISHED
                && report.getFinalApplicationStatus() == FinalApplicationStatus.SUCCEEDED) {
            return YarnOutcome.Status.SUCCEEDED;
        }
        return YarnOutcome.Status.FAILED;
    }
}
