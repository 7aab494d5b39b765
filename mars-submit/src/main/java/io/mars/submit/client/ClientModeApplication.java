package io.mars.submit.client;

import io.mars.common.memory.ArrowAllocators;
import io.mars.Session;
import io.mars.am.yarn.AppSpec;
import io.mars.am.yarn.ClientMode;
import io.mars.am.yarn.ContainerFiles;
import io.mars.common.concurrent.DaemonThreads;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.rpc.flight.RpcSecret;
import io.mars.submit.yarn.YarnApplication;
import io.mars.submit.yarn.YarnOutcome;
import io.mars.submit.yarn.YarnSubmitter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.RootAllocator;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.exceptions.YarnException;

/**
 * A YARN application in client mode, owned by this JVM: the AM runs the supervisor and the worker containers, and
 * this process submits graphs to it over RPC with the application secret it generated. While open it sends the AM
 * keep-alives (so the application ends if this process dies); {@link #finish} ends it with an outcome and waits for
 * YARN to see the end. Owns its YARN client, its connection, its allocator and its keep-alive thread.
 */
public final class ClientModeApplication implements AutoCloseable {
    /** Settings a programmatic client-mode session reads (mars-submit has options for them). */
    public static final String AM_MEMORY = "mars.yarn.am.memory";
    public static final String QUEUE = "mars.yarn.queue";
    public static final String APP_NAME = "mars.app.name";
    /**
     * Local jars (comma-separated) holding the classes of the program's user functions (mapChunk, mapPartitions,
     * Series.map): staged with the application and loaded by every worker, as a cluster-mode job's jars are.
     * mars-submit's client mode sets it to the application jar and {@code --jars}.
     */
    public static final String JARS = "mars.yarn.jars";
    private static final Duration START_TIMEOUT = Duration.ofMinutes(5);
    private static final Duration END_TIMEOUT = Duration.ofSeconds(60);
    private static final EnumSet<YarnApplicationState> ENDED =
            EnumSet.of(YarnApplicationState.FINISHED, YarnApplicationState.FAILED, YarnApplicationState.KILLED);

    private final YarnConfiguration hadoop;
    private final YarnClient yarn;
    private final ApplicationId appId;
    private final RpcSecret secret;
    private final String host;
    private final int port;
    private final RootAllocator allocator = ArrowAllocators.root();
    private final FailoverSupervisor supervisor;
    /** The client-mode applications this JVM started and has not ended, by {@link #master()}. */
    private static final Map<String, ClientModeApplication> RUNNING = new java.util.concurrent.ConcurrentHashMap<>();
    private final ScheduledExecutorService keepAlive =
            Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("mars-client-keepalive"));
    private final PrintStream err;
    private boolean finished;

    private ClientModeApplication(YarnConfiguration hadoop, YarnClient yarn, ApplicationId appId, RpcSecret secret,
                                  ApplicationReport report, Duration keepAliveTimeout, Duration failoverWait,
                                  PrintStream err) {
        this.hadoop = hadoop;
        this.yarn = yarn;
        this.appId = appId;
        this.secret = secret;
        this.host = report.getHost();
        this.port = report.getRpcPort();
        this.err = err;
        // a new AM attempt (with mars.yarn.am.max-attempts > 1 and a quorum) takes the session over
        this.supervisor = new FailoverSupervisor(this::locate, new FailoverSupervisor.Location(host, port,
                String.valueOf(report.getCurrentApplicationAttemptId())), secret, allocator, failoverWait, err);
        RUNNING.put(master(), this);
        long every = Math.max(250, keepAliveTimeout.toMillis() / 4);
        keepAlive.scheduleWithFixedDelay(() -> supervisor.keepAlive().exceptionally(e -> null), 0, every,
                TimeUnit.MILLISECONDS);
    }

    /** The jars of {@value #JARS}; INVALID_CONFIG naming one that is not a readable file. */
    static List<Path> jars(Map<String, String> properties) {
        String value = properties.getOrDefault(JARS, "").trim();
        List<Path> jars = new java.util.ArrayList<>();
        for (String name : value.isEmpty() ? new String[0] : value.split(",")) {
            Path jar = Path.of(name.trim());
            if (!java.nio.file.Files.isRegularFile(jar) || !java.nio.file.Files.isReadable(jar)) {
                throw new MarsException(ErrorCode.INVALID_CONFIG, JARS + ": '" + name.trim() + "' is not a readable"
                        + " file");
            }
            jars.add(jar);
        }
        return jars;
    }

    /**
     * Submits a client-mode application sized by {@code properties} ({@code mars.yarn.*}), waits until its AM serves
     * RPC, and connects. {@code confFiles} (the Hadoop site files) and {@code tokenFile} travel as in cluster mode.
     */
    public static ClientModeApplication start(YarnConfiguration hadoop, Map<String, String> properties,
                                              List<Path> confFiles, Optional<Path> tokenFile, PrintStream err) {
        ClientMode.keepAliveTimeout(properties); // a bad setting fails here, before anything is submitted
        RpcSecret secret = RpcSecret.generate();
        YarnApplication app = new YarnApplication(properties.getOrDefault(APP_NAME, "mars-session"),
                properties.getOrDefault(QUEUE, "default"), positive(properties, AM_MEMORY, 1024), 1, "", null,
                jars(properties), properties, List.of(), Optional.ofNullable(properties.get(AppSpec.JAVA_HOME_PROPERTY)),
                Optional.ofNullable(properties.get(ContainerFiles.NODE_CLASSPATH_PROPERTY)), List.of(),
                Optional.empty(), List.of(), confFiles, tokenFile, false);
        YarnOutcome outcome;
        try {
            // the caller says which application it started (mars-submit prints the id on stdout, once)
            outcome = new YarnSubmitter(hadoop, new PrintStream(OutputStream.nullOutputStream()), err, secret).run(app);
        } catch (IOException | YarnException e) {
            throw new MarsException(ErrorCode.RPC_FAILED, "cannot submit the client-mode application to YARN: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new MarsException(ErrorCode.RPC_FAILED, "interrupted while submitting to YARN", e);
        }
        if (outcome.status() != YarnOutcome.Status.DETACHED && outcome.applicationId().isPresent()) {
            // YARN accepted it and it ended while the submitter waited for acceptance (an AM that cannot start dies
            // in well under a second): submitted, then failed, not a refusal; the submitter deleted its staging
            throw new MarsException(ErrorCode.RPC_FAILED, "client-mode application " + outcome.applicationId().get()
                    + " ended " + outcome.status() + " before it served: " + outcome.diagnostics());
        }
        if (outcome.status() != YarnOutcome.Status.DETACHED || outcome.applicationId().isEmpty()) {
            throw new MarsException(ErrorCode.INVALID_CONFIG, "YARN did not start the client-mode application ("
                    + outcome.status() + "): " + outcome.diagnostics());
        }
        ApplicationId appId = ApplicationId.fromString(outcome.applicationId().get());
        YarnClient yarn = YarnClient.createYarnClient();
        yarn.init(hadoop);
        yarn.start();
        try {
            ApplicationReport report = awaitRpc(yarn, appId);
            return new ClientModeApplication(hadoop, yarn, appId, secret, report,
                    ClientMode.keepAliveTimeout(properties),
                    Duration.ofMillis(io.mars.am.yarn.AmAttempts.failoverWaitMs(properties)), err);
        } catch (RuntimeException e) {
            try {
                yarn.killApplication(appId);
            } catch (IOException | YarnException suppressed) {
                e.addSuppressed(suppressed);
            }
            yarn.stop();
            deleteStaging(hadoop, appId, err); // an AM that died before serving may not have
            throw e;
        }
    }

    /** Waits until the AM has registered its RPC address; fails with the diagnostics if the application ended. */
    private static ApplicationReport awaitRpc(YarnClient yarn, ApplicationId appId) {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        try {
            while (true) {
                ApplicationReport report = yarn.getApplicationReport(appId);
                if (ENDED.contains(report.getYarnApplicationState())) {
                    throw new MarsException(ErrorCode.RPC_FAILED, "client-mode application " + appId + " ended "
                            + report.getFinalApplicationStatus() + " before it served: " + report.getDiagnostics());
                }
                if (report.getYarnApplicationState() == YarnApplicationState.RUNNING && report.getRpcPort() > 0) {
                    return report;
                }
                if (System.nanoTime() > deadline) {
                    throw new MarsException(ErrorCode.RPC_FAILED, "client-mode application " + appId + " did not start"
                            + " within " + START_TIMEOUT.toMinutes() + " minutes (state "
                            + report.getYarnApplicationState() + "); check the queue's free resources");
                }
                Thread.sleep(200);
            }
        } catch (IOException | YarnException e) {
            throw new MarsException(ErrorCode.RPC_FAILED, "cannot follow application " + appId + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new MarsException(ErrorCode.RPC_FAILED, "interrupted while waiting for " + appId, e);
        }
    }

    private static int positive(Map<String, String> properties, String key, int otherwise) {
        String v = properties.get(key);
        if (v == null) {
            return otherwise;
        }
        try {
            int n = Integer.parseInt(v.trim());
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new MarsException(ErrorCode.INVALID_CONFIG, key + " must be a positive whole number of MB, got '" + v
                + "'");
    }

    public String applicationId() {
        return appId.toString();
    }

    /** The supervisor's RPC address, {@code mars://host:port}. */
    public String master() {
        return "mars://" + host + ":" + port;
    }

    public RpcSecret secret() {
        return secret;
    }

    private Optional<FailoverSupervisor.Location> locate() {
        return locate(yarn, appId);
    }

    /** Where the application's current AM attempt serves; a MarsException once the application ended. */
    static Optional<FailoverSupervisor.Location> locate(YarnClient yarn, ApplicationId appId) {
        ApplicationReport report;
        try {
            report = yarn.getApplicationReport(appId);
        } catch (IOException | YarnException e) {
            throw new MarsException(ErrorCode.RPC_FAILED, "cannot ask YARN about " + appId + ": " + e, e);
        }
        if (ENDED.contains(report.getYarnApplicationState())) {
            throw new MarsException(ErrorCode.RPC_FAILED, "application " + appId + " ended "
                    + report.getFinalApplicationStatus() + ": " + report.getDiagnostics());
        }
        if (report.getYarnApplicationState() != YarnApplicationState.RUNNING || report.getRpcPort() <= 0) {
            return Optional.empty();
        }
        return Optional.of(new FailoverSupervisor.Location(report.getHost(), report.getRpcPort(),
                String.valueOf(report.getCurrentApplicationAttemptId())));
    }

    /**
     * The connection of the client-mode application this JVM started whose supervisor was first at {@code master}
     * ({@code mars://host:port}), which follows it across AM attempts; empty for any other master. A session the job
     * opens on that master (mars-submit's client mode hands it to the job's main) goes through it.
     */
    static Optional<io.mars.common.rpc.SupervisorGateway> connection(String master) {
        ClientModeApplication app = RUNNING.get(master.trim());
        return app == null ? Optional.empty() : Optional.of(app.supervisor);
    }

    /** A session on this application; closing it ends the application (SUCCEEDED). */
    public Session session(Map<String, String> conf) {
        return ClientSession.open(supervisor, conf, () -> finish(true, ""));
    }

    /**
     * Ends the application with this outcome (the AM unregisters), waits for YARN to report the end, and releases
     * everything this object owns. Idempotent.
     */
    public synchronized void finish(boolean succeeded, String diagnostics) {
        if (finished) {
            return;
        }
        finished = true;
        RUNNING.remove(master(), this);
        keepAlive.shutdownNow();
        try {
            supervisor.finishApplication(succeeded, diagnostics).get(END_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            long deadline = System.nanoTime() + END_TIMEOUT.toNanos();
            while (!ENDED.contains(yarn.getApplicationReport(appId).getYarnApplicationState())
                    && System.nanoTime() < deadline) {
                Thread.sleep(200);
            }
        } catch (Exception e) {
            err.println("mars: cannot end application " + appId + " cleanly (" + e + "); killing it");
            try {
                yarn.killApplication(appId);
            } catch (IOException | YarnException | RuntimeException killFailed) {
                err.println("mars: cannot kill " + appId + ": " + killFailed);
            }
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
        } finally {
            deleteStaging();
            supervisor.close();
            allocator.close();
            yarn.stop();
        }
    }

    /** The AM deletes its staging directory as it ends; this covers an AM that could not (killed, crashed). */
    private void deleteStaging() {
        deleteStaging(hadoop, appId, err);
    }

    private static void deleteStaging(YarnConfiguration hadoop, ApplicationId appId, PrintStream err) {
        try {
            FileSystem fs = FileSystem.get(hadoop);
            fs.delete(YarnSubmitter.stagingDir(fs, appId.toString()), true);
        } catch (IOException | RuntimeException e) {
            err.println("mars: cannot delete the staging directory of " + appId + ": " + e);
        }
    }

    @Override
    public void close() {
        finish(true, "");
    }
}
