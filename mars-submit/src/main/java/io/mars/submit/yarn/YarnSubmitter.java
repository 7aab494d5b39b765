package io.mars.submit.yarn;

import io.mars.am.state.StateStoreConfig;
import io.mars.am.yarn.AmAttempts;
import io.mars.am.yarn.WorkerSpec;
import io.mars.common.rpc.flight.RpcSecret;
import io.mars.submit.progress.ProgressOutput;
import io.mars.submit.progress.ProgressReporter;
import io.mars.submit.progress.TrackingUrlProgress;
import org.apache.hadoop.io.DataOutputBuffer;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.security.Credentials;
import org.apache.hadoop.security.UserGroupInformation;
import io.mars.am.yarn.AppSpec;
import io.mars.am.yarn.ApplicationMaster;
import java.io.File;
import java.nio.ByteBuffer;
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
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeysPublic;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.yarn.api.ApplicationConstants;
import org.apache.hadoop.yarn.api.ApplicationConstants.Environment;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.ApplicationSubmissionContext;
import org.apache.hadoop.yarn.api.records.Priority;
import org.apache.hadoop.yarn.api.records.QueueInfo;
import org.apache.hadoop.yarn.client.util.YarnClientUtils;
import io.mars.am.yarn.ContainerFiles;
import io.mars.am.yarn.ContainerLogging;
import org.apache.hadoop.yarn.api.records.ContainerLaunchContext;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.apache.hadoop.yarn.api.records.LocalResource;
import org.apache.hadoop.yarn.api.records.LocalResourceType;
import org.apache.hadoop.yarn.api.records.LocalResourceVisibility;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.client.api.YarnClientApplication;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.exceptions.YarnException;

/**
 * Submits a Mars job to YARN in cluster mode and follows it to the end: checks the containers' sizes against the
 * cluster's maximum allocation, the queue and {@value ContainerFiles#ARCHIVE_PROPERTY} before anything is uploaded,
 * gathers the credentials, uploads the jars, files, configuration and {@link AppSpec} to a private staging directory
 * ({@code <home>/.mars-staging/<appId>}, mode 700, laid out as {@link ContainerFiles} says), launches
 * {@link ApplicationMaster}, prints the application id as soon as YARN knows it, waits (or, with
 * {@link YarnApplication#waitForCompletion()} false, returns once YARN accepted it and leaves the staging directory to
 * the AM), and deletes the staging directory however the application ended.
 */
public final class YarnSubmitter {
    /** Where per-application staging directories live, under the user's home directory on the default file system. */
    public static final String STAGING_DIR = ".mars-staging";

    /** The application's private staging directory: {@code <home>/}{@value #STAGING_DIR}{@code /<application id>}. */
    public static org.apache.hadoop.fs.Path stagingDir(FileSystem fs, String applicationId) {
        return new org.apache.hadoop.fs.Path(fs.getHomeDirectory(), STAGING_DIR + "/" + applicationId);
    }

    private static final FsPermission PRIVATE = new FsPermission((short) 0700);
    private static final long POLL_MS = 500;
    /** How long the kill hook waits for the killed application to end before it deletes the ZooKeeper state. */
    private static final long KILL_WAIT_NANOS = 20_000_000_000L;
    /** How long one of the two cleaners waits for the other to finish deleting the ZooKeeper state. */
    private static final long STATE_CLEANUP_WAIT_SECONDS = 30;
    private static final EnumSet<YarnApplicationState> DONE =
            EnumSet.of(YarnApplicationState.FINISHED, YarnApplicationState.FAILED, YarnApplicationState.KILLED);

    private final Configuration conf;
    private final PrintStream out;
    private final PrintStream err;
    /** Claimed by whichever deletes the application's ZooKeeper state: the waiting thread or the kill hook. */
    private final AtomicBoolean stateCleanupClaimed = new AtomicBoolean();
    private final CountDownLatch stateCleanupDone = new CountDownLatch(1);
    private final RpcSecret secret;
    private final ProgressOutput progress;

    /** {@code out} gets the application id on a line of its own; {@code err} gets the tracking URL and the outcome. */
    public YarnSubmitter(Configuration conf, PrintStream out, PrintStream err) {
        this(conf, out, err, RpcSecret.generate(), ProgressOutput.NONE);
    }

    /** As {@link #YarnSubmitter(Configuration, PrintStream, PrintStream)}, showing the job's progress on {@code err}. */
    public YarnSubmitter(Configuration conf, PrintStream out, PrintStream err, ProgressOutput progress) {
        this(conf, out, err, RpcSecret.generate(), progress);
    }

    /** A submitter whose application gets {@code secret} (client mode: the client proves it to the AM). */
    public YarnSubmitter(Configuration conf, PrintStream out, PrintStream err, RpcSecret secret) {
        this(conf, out, err, secret, ProgressOutput.NONE);
    }

    private YarnSubmitter(Configuration conf, PrintStream out, PrintStream err, RpcSecret secret,
                          ProgressOutput progress) {
        this.conf = Objects.requireNonNull(conf, "conf");
        this.out = Objects.requireNonNull(out, "out");
        this.err = Objects.requireNonNull(err, "err");
        this.secret = Objects.requireNonNull(secret, "secret");
        this.progress = Objects.requireNonNull(progress, "progress");
    }

    /** Runs {@code app} to completion. */
    public YarnOutcome run(YarnApplication app) throws IOException, YarnException, InterruptedException {
        YarnClient yarn = YarnClient.createYarnClient();
        yarn.init(conf);
        yarn.start();
        try {
            return run(app, yarn);
        } finally {
            yarn.stop();
        }
    }

    /** Runs {@code app} through {@code yarn}, a started client its caller owns. */
    public YarnOutcome run(YarnApplication app, YarnClient yarn)
            throws IOException, YarnException, InterruptedException {
        try (FileSystem fs = ownFileSystem(conf)) {
            return run(yarn, app, fs);
        }
    }

    /**
     * A file system instance of this submission's own, which Hadoop's shutdown hook does not close: after Ctrl-C or
     * SIGTERM the waiting thread and the kill hook still delete the staging directory with it.
     */
    private static FileSystem ownFileSystem(Configuration conf) throws IOException {
        Configuration own = new Configuration(conf);
        own.setBoolean(CommonConfigurationKeysPublic.FS_AUTOMATIC_CLOSE_KEY, false);
        return FileSystem.newInstance(own);
    }

    private YarnOutcome run(YarnClient yarn, YarnApplication submitted, FileSystem fs)
            throws IOException, YarnException, InterruptedException {
        YarnApplication app = submitted;
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
        long validityMs;
        try {
            workers = WorkerSpec.from(app.properties());
            maxAttempts = amAttempts(app);
            validityMs = AmAttempts.validityIntervalMs(app.properties());
            AmAttempts.failoverWaitMs(app.properties());
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
        Optional<String> unknownQueue = unknownQueue(yarn, app.queue());
        if (unknownQueue.isPresent()) {
            return rejected(unknownQueue.get());
        }
        Optional<LocalResource> archive;
        Credentials credentials;
        try {
            app = withCachedJars(app, fs);
            archive = archive(app);
            credentials = credentials(app, fs, archive);
        } catch (io.mars.common.error.MarsException e) {
            return rejected(e.getMessage());
        }
        ApplicationSubmissionContext context = created.getApplicationSubmissionContext();
        ApplicationId appId = context.getApplicationId();
        org.apache.hadoop.fs.Path staging = stagingDir(fs, appId.toString());
        boolean detached = false;
        try {
            fs.mkdirs(staging, PRIVATE);
            fs.setPermission(staging, PRIVATE); // mkdirs applies the umask
            context.setApplicationName(app.name());
            context.setQueue(app.queue());
            context.setApplicationType("MARS");
            if (!app.tags().isEmpty()) {
                context.setApplicationTags(new java.util.LinkedHashSet<>(app.tags()));
            }
            app.priority().ifPresent(p -> context.setPriority(Priority.newInstance(p)));
            // A second attempt runs the job's main again: only as many as mars.yarn.am.max-attempts asks (default 1).
            context.setMaxAppAttempts(maxAttempts);
            // workers outlive a dead AM and a new attempt takes them over, with what they hold
            context.setKeepContainersAcrossApplicationAttempts(maxAttempts > 1
                    && AmAttempts.keepsContainers(app.properties()));
            if (validityMs > 0) {
                context.setAttemptFailuresValidityInterval(validityMs);
            }
            context.setResource(Resource.newInstance(app.amMemoryMb(), app.amVcores()));
            context.setAMContainerSpec(launchContext(app, fs, staging, archive, credentials));
            SecretFile.write(fs, staging, secret);
            Optional<ApplicationReport> endedOnSubmission = Optional.empty();
            try {
                yarn.submitApplication(context);
            } catch (YarnException e) {
                // YarnClient also throws when the application it just submitted is already FAILED or KILLED at its
                // first report (an AM that cannot start can end within the client's 200 ms poll): submitted, then
                // failed, not refused
                endedOnSubmission = endedReport(yarn, appId);
                if (endedOnSubmission.isEmpty()) {
                    return rejected("YARN rejected the application: " + e.getMessage());
                }
            }
            out.println(appId);
            out.flush();
            // SIGINT/SIGTERM while waiting (Ctrl-C, Airflow's on_kill) kills the application and cleans up after it
            YarnApplication submittedApp = app;
            Thread killOnExit = new Thread(() -> killOnSignal(yarn, submittedApp, appId, staging),
                    "mars-submit-kill-on-exit");
            Runtime.getRuntime().addShutdownHook(killOnExit);
            ApplicationReport report;
            try {
                report = endedOnSubmission.isPresent() ? endedOnSubmission.get()
                        : app.waitForCompletion() ? waitForCompletion(yarn, appId) : waitForAcceptance(yarn, appId);
            } finally {
                try {
                    Runtime.getRuntime().removeShutdownHook(killOnExit);
                } catch (IllegalStateException shuttingDown) {
                    // the hook is running or ran: the JVM is exiting
                }
            }
            if (!DONE.contains(report.getYarnApplicationState())) {
                // --no-wait (or client mode, which follows it itself): the AM removes the staging directory at its end
                detached = true;
                return new YarnOutcome(YarnOutcome.Status.DETACHED, Optional.of(appId.toString()), "");
            }
            YarnOutcome.Status status = status(report);
            err.println("mars-submit: application " + appId + " finished: " + status
                    + (report.getDiagnostics() == null || report.getDiagnostics().isEmpty()
                            ? "" : "\n" + report.getDiagnostics()));
            if (status != YarnOutcome.Status.SUCCEEDED) {
                // a killed or crashed AM could not delete its state; a successful one did
                deleteStateOnce(appId, app);
            }
            return new YarnOutcome(status, Optional.of(appId.toString()), report.getDiagnostics());
        } finally {
            if (!detached) {
                try {
                    fs.delete(staging, true);
                } catch (IOException e) {
                    err.println("mars-submit: cannot delete the staging directory " + staging + ": " + e.getMessage());
                }
            }
        }
    }

    /**
     * The shutdown hook's work: kills the application, deletes its staging directory and, once YARN reports it ended
     * (a live AM could still write), its ZooKeeper state. It runs beside Hadoop's own shutdown hook, which closes
     * every cached {@link FileSystem}: it uses an instance of its own that no hook closes.
     */
    private void killOnSignal(YarnClient yarn, YarnApplication app, ApplicationId appId,
                              org.apache.hadoop.fs.Path staging) {
        err.println("mars-submit: stopping: killing " + appId);
        try {
            yarn.killApplication(appId);
        } catch (IOException | YarnException | RuntimeException e) {
            err.println("mars-submit: cannot kill " + appId + ": " + e);
        }
        try (FileSystem fs = ownFileSystem(conf)) {
            fs.delete(staging, true);
        } catch (IOException | RuntimeException e) {
            err.println("mars-submit: cannot delete the staging directory " + staging + ": " + e);
        }
        try {
            long deadline = System.nanoTime() + KILL_WAIT_NANOS;
            while (!DONE.contains(yarn.getApplicationReport(appId).getYarnApplicationState())) {
                if (System.nanoTime() > deadline) {
                    err.println("mars-submit: " + appId + " has not ended yet; its ZooKeeper state is deleted by "
                            + "mars-submit kill " + appId);
                    return;
                }
                Thread.sleep(POLL_MS / 5);
            }
        } catch (IOException | YarnException | RuntimeException e) {
            err.println("mars-submit: cannot see whether " + appId + " ended: " + e);
            return;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        deleteStateOnce(appId, app);
        err.flush();
    }

    /**
     * Deletes the application's ZooKeeper state once; a caller that finds the other one doing it waits until it is
     * done, so that the kill hook never lets the JVM halt in the middle of the waiting thread's deletion.
     */
    private void deleteStateOnce(ApplicationId appId, YarnApplication app) {
        if (stateCleanupClaimed.compareAndSet(false, true)) {
            try {
                new StateCleanup(err).deleteEnded(appId.toString(), app.properties());
            } finally {
                stateCleanupDone.countDown();
            }
            return;
        }
        try {
            if (!stateCleanupDone.await(STATE_CLEANUP_WAIT_SECONDS, TimeUnit.SECONDS)) {
                err.println("mars-submit: the ZooKeeper state of " + appId + " is still being deleted; if it stays, "
                        + "run mars-submit kill " + appId);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
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

    /** The report of {@code appId} if YARN knows it and it has ended; empty if it never got that far. */
    private static Optional<ApplicationReport> endedReport(YarnClient yarn, ApplicationId appId) {
        try {
            ApplicationReport report = yarn.getApplicationReport(appId);
            return DONE.contains(report.getYarnApplicationState()) ? Optional.of(report) : Optional.empty();
        } catch (IOException | YarnException notKnown) {
            return Optional.empty();
        }
    }

    private YarnOutcome rejected(String message) {
        err.println("mars-submit: " + message);
        return new YarnOutcome(YarnOutcome.Status.REJECTED, Optional.empty(), message);
    }

    /**
     * Why {@code queue} cannot take the application, naming the queues the scheduler knows; empty if it exists (by
     * leaf name or full path, as YARN accepts both).
     */
    private static Optional<String> unknownQueue(YarnClient yarn, String queue) throws IOException, YarnException {
        try {
            if (yarn.getQueueInfo(queue) != null) {
                return Optional.empty();
            }
        } catch (YarnException | IOException e) {
            // the scheduler's answer to an unknown queue; checked against the list of queues below
        }
        List<String> known = new ArrayList<>();
        for (QueueInfo q : yarn.getAllQueues()) {
            if (queue.equals(q.getQueueName()) || queue.equals(q.getQueuePath())) {
                return Optional.empty();
            }
            known.add(q.getQueuePath() == null ? q.getQueueName() : q.getQueuePath());
        }
        java.util.Collections.sort(known);
        return Optional.of("--queue " + queue + ": no such queue; the scheduler knows " + String.join(", ", known));
    }

    /**
     * Without {@value ContainerFiles#ARCHIVE_PROPERTY} or a node-local class path, Mars's jars come from the per-user
     * cache ({@link JarCache}: uploaded once per version) as if it were the archive; if the cache cannot be written,
     * they are uploaded with this application as before.
     */
    private YarnApplication withCachedJars(YarnApplication app, FileSystem fs) {
        String configured = app.properties().get(ContainerFiles.ARCHIVE_PROPERTY);
        if ((configured != null && !configured.isBlank()) || app.amClasspath().isPresent()) {
            return app;
        }
        try {
            String version = Objects.requireNonNullElse(YarnSubmitter.class.getPackage().getImplementationVersion(),
                    "dev");
            return app.withProperty(ContainerFiles.ARCHIVE_PROPERTY,
                    JarCache.ensure(fs, ownClasspathJars(), version, err).toString());
        } catch (IOException | RuntimeException e) {
            err.println("mars-submit: cannot use the jar cache under " + JarCache.ROOT + " in the home directory ("
                    + e.getMessage() + "); uploading Mars's jars with this application");
            return app;
        }
    }

    /** {@value ContainerFiles#ARCHIVE_PROPERTY}, checked before anything is uploaded. */
    private Optional<LocalResource> archive(YarnApplication app) throws IOException {
        String location = app.properties().get(ContainerFiles.ARCHIVE_PROPERTY);
        if (location == null || location.isBlank()) {
            return Optional.empty();
        }
        LocalResource archive = ContainerFiles.archive(location.trim(), conf);
        if (archive.getVisibility() != LocalResourceVisibility.PUBLIC && !location.contains("/" + JarCache.ROOT + "/")) {
            err.println("mars-submit: " + ContainerFiles.ARCHIVE_PROPERTY + "=" + location + " is not readable by"
                    + " every user, so each node keeps a copy per user instead of one for all; make it and its parents"
                    + " world-readable (chmod o+rx) to share one copy per node");
        }
        return Optional.of(archive);
    }

    /**
     * The AM's credentials: the submitter's tokens, those of the token file ({@code HADOOP_TOKEN_FILE_LOCATION}, e.g.
     * from Oozie), HDFS delegation tokens for the file systems the containers read from, fetched only where the
     * credentials hold none yet (only on a secure cluster: an insecure one issues none), and a new per-application RPC
     * secret, which thereby never appears on a command line or in an environment variable.
     */
    private Credentials credentials(YarnApplication app, FileSystem fs, Optional<LocalResource> archive)
            throws IOException {
        Credentials credentials = new Credentials(UserGroupInformation.getCurrentUser().getCredentials());
        if (app.tokenFile().isPresent()) {
            Path file = app.tokenFile().get();
            if (!Files.isReadable(file)) {
                throw new io.mars.common.error.MarsException(io.mars.common.error.ErrorCode.INVALID_ARGUMENT,
                        "HADOOP_TOKEN_FILE_LOCATION=" + file + ": no readable token file there");
            }
            credentials.addAll(Credentials.readTokenStorageFile(file.toFile(), conf));
        }
        if (UserGroupInformation.isSecurityEnabled()) {
            String renewer = YarnClientUtils.getRmPrincipal(conf);
            fs.addDelegationTokens(renewer, credentials);
            if (archive.isPresent()) {
                org.apache.hadoop.fs.Path path =
                        new org.apache.hadoop.fs.Path(app.properties().get(ContainerFiles.ARCHIVE_PROPERTY).trim());
                path.getFileSystem(conf).addDelegationTokens(renewer, credentials);
            }
        }
        credentials.addSecretKey(new Text(RpcSecret.CREDENTIALS_ALIAS), secret.bytes());
        return credentials;
    }

    private ContainerLaunchContext launchContext(YarnApplication app, FileSystem fs, org.apache.hadoop.fs.Path staging,
            Optional<LocalResource> archive, Credentials credentials) throws IOException {
        Map<String, LocalResource> resources = new LinkedHashMap<>();
        List<String> jobJars = new ArrayList<>();
        List<Path> jars = new ArrayList<>();
        if (!app.mainClass().isEmpty()) {
            jars.add(app.appJar());
        }
        // client mode runs the job in the client: its jars (mars.yarn.jars) are staged for the workers' user functions
        jars.addAll(app.jars());
        for (int i = 0; i < jars.size(); i++) {
            String link = ContainerFiles.JOB_JAR_PREFIX + i + "-" + jars.get(i).getFileName();
            resources.put(link, upload(fs, jars.get(i), staging, link, LocalResourceType.FILE));
            jobJars.add(link);
        }
        for (Path file : app.files()) {
            String name = file.getFileName().toString();
            resources.put(name, upload(fs, file, staging, ContainerFiles.FILES_DIR + "/" + name, LocalResourceType.FILE));
        }
        String keytab = app.properties().get(io.mars.am.yarn.KerberosConfig.KEYTAB);
        if (keytab != null && !keytab.isBlank() && UserGroupInformation.isSecurityEnabled()) {
            // the AM's alone (a private file of the private staging directory): it obtains new tokens from it
            resources.put(io.mars.am.yarn.KerberosConfig.KEYTAB_LINK_NAME, upload(fs, Path.of(keytab.trim()), staging,
                    io.mars.am.yarn.KerberosConfig.KEYTAB_LINK_NAME, LocalResourceType.FILE));
            fs.setPermission(new org.apache.hadoop.fs.Path(staging, io.mars.am.yarn.KerberosConfig.KEYTAB_LINK_NAME),
                    new org.apache.hadoop.fs.permission.FsPermission((short) 0600));
        }
        if (!app.confFiles().isEmpty()) {
            Path zip = confArchive(app.confFiles());
            try {
                resources.put(ContainerFiles.CONF_LINK,
                        upload(fs, zip, staging, ContainerFiles.CONF_ARCHIVE, LocalResourceType.ARCHIVE));
            } finally {
                Files.deleteIfExists(zip);
            }
        }
        Path spec = Files.createTempFile("mars-app", ".properties");
        try {
            Map<String, String> properties = new LinkedHashMap<>(app.properties());
            properties.put(AppSpec.STAGING_DIR_PROPERTY, fs.makeQualified(staging).toString());
            new AppSpec(app.mainClass(), app.appArgs(), jobJars, properties).write(spec);
            resources.put(AppSpec.FILE_NAME, upload(fs, spec, staging, AppSpec.FILE_NAME, LocalResourceType.FILE));
        } finally {
            Files.deleteIfExists(spec);
        }

        List<String> frameworkJars = new ArrayList<>();
        if (archive.isPresent()) {
            resources.put(ContainerFiles.ARCHIVE_LINK, archive.get());
        } else if (app.amClasspath().isEmpty()) {
            List<Path> framework = ownClasspathJars();
            for (int i = 0; i < framework.size(); i++) {
                String link = ContainerFiles.FRAMEWORK_JAR_PREFIX + i + "-" + framework.get(i).getFileName();
                resources.put(link, upload(fs, framework.get(i), staging, link, LocalResourceType.FILE));
                frameworkJars.add(link);
            }
        }
        String classpath = ContainerFiles.classpath(frameworkJars, app.amClasspath(), archive.isPresent());

        String java = app.javaHome().orElse(Environment.JAVA_HOME.$$()) + "/bin/java";
        List<String> words = new ArrayList<>(List.of(java,
                "-Xmx" + Math.max(64, app.amMemoryMb() * 3 / 4) + "m", ContainerFiles.TMP_DIR_OPTION,
                amJavaOptions(app.properties().getOrDefault(AppSpec.AM_JAVA_OPTIONS, "")),
                "--add-opens=java.base/java.nio=ALL-UNNAMED"));
        words.addAll(ContainerLogging.jvmOptions("mars-am"));
        words.addAll(List.of(ApplicationMaster.class.getName(),
                AppSpec.FILE_NAME,
                "1>" + ApplicationConstants.LOG_DIR_EXPANSION_VAR + "/stdout",
                "2>" + ApplicationConstants.LOG_DIR_EXPANSION_VAR + "/stderr"));
        String command = String.join(" ", words);
        DataOutputBuffer tokens = new DataOutputBuffer();
        credentials.writeTokenStorageToStream(tokens);
        return ContainerLaunchContext.newInstance(resources, Map.of("CLASSPATH", classpath),
                List.of(command), null, ByteBuffer.wrap(tokens.getData(), 0, tokens.getLength()), null);
    }

    /**
     * {@value AppSpec#AM_JAVA_OPTIONS} for the AM's launch command, which the NodeManager runs through a shell: each
     * option single-quoted, so quotes, {@code ;} or parentheses reach the JVM as written. The NodeManager wraps the
     * command in {@code bash -c "..."}, so a {@code $VAR} is still expanded on the node (as for Spark's options).
     */
    public static String amJavaOptions(String options) {
        return ContainerFiles.quotedJavaOptions(options);
    }

    /** The Hadoop configuration files, flat in one zip that the NodeManager unpacks as {@value ContainerFiles#CONF_LINK}. */
    private static Path confArchive(List<Path> files) throws IOException {
        Path zip = Files.createTempFile("mars-conf", ".zip");
        try (java.util.zip.ZipOutputStream out = new java.util.zip.ZipOutputStream(Files.newOutputStream(zip))) {
            for (Path file : files) {
                out.putNextEntry(new java.util.zip.ZipEntry(file.getFileName().toString()));
                Files.copy(file, out);
                out.closeEntry();
            }
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(zip);
            throw e;
        }
        return zip;
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

    private static LocalResource upload(FileSystem fs, Path local, org.apache.hadoop.fs.Path staging, String name,
            LocalResourceType type) throws IOException {
        org.apache.hadoop.fs.Path target = new org.apache.hadoop.fs.Path(staging, name);
        fs.copyFromLocalFile(false, true, new org.apache.hadoop.fs.Path(local.toUri()), target);
        return ContainerFiles.stagedFile(fs.getFileStatus(target), type);
    }

    /**
     * {@code --no-wait}: waits until the ResourceManager accepted the application (or it ended already), and prints
     * the tracking URL the report has by then.
     */
    private ApplicationReport waitForAcceptance(YarnClient yarn, ApplicationId appId)
            throws IOException, YarnException, InterruptedException {
        while (true) {
            ApplicationReport report = yarn.getApplicationReport(appId);
            YarnApplicationState state = report.getYarnApplicationState();
            if (DONE.contains(state)) {
                return report;
            }
            if (state == YarnApplicationState.ACCEPTED || state == YarnApplicationState.RUNNING) {
                if (isUrl(report.getTrackingUrl())) {
                    String url = report.getTrackingUrl();
                    err.println("mars-submit: tracking URL: " + (url.contains("://") ? url : "http://" + url));
                    err.flush();
                }
                return report;
            }
            Thread.sleep(POLL_MS / 5);
        }
    }

    /**
     * Waits for the end, printing the tracking URL (the ResourceManager's proxy to the AM's web UI) once known, and
     * the job's progress read through it (see {@link TrackingUrlProgress}) until the application ends.
     */
    private ApplicationReport waitForCompletion(YarnClient yarn, ApplicationId appId)
            throws IOException, YarnException, InterruptedException {
        boolean urlPrinted = false;
        TrackingUrlProgress source = new TrackingUrlProgress();
        try (ProgressReporter reporter = progress.start(source, err)) {
            while (true) {
                ApplicationReport report = yarn.getApplicationReport(appId);
                if (DONE.contains(report.getYarnApplicationState())) {
                    return report;
                }
                Optional<String> url = Optional.empty();
                if (report.getYarnApplicationState() == YarnApplicationState.RUNNING) {
                    url = trackingUrl(report);
                    if (!urlPrinted && url.isPresent()) {
                        err.println("mars-submit: tracking URL: " + url.get());
                        err.flush();
                        urlPrinted = true;
                    }
                }
                // only after the URL's line: a progress line never comes before it
                source.update(url, report.getProgress());
                Thread.sleep(POLL_MS);
            }
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
