package io.mars.submit.cli;

import io.mars.am.yarn.AppSpec;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.submit.yarn.StateCleanup;
import io.mars.submit.yarn.YarnSubmitter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.exceptions.ApplicationNotFoundException;
import org.apache.hadoop.yarn.exceptions.YarnException;

/**
 * {@code mars-submit status <appId>} and {@code mars-submit kill <appId>}. Status prints the application's state and
 * exits with the code its outcome maps to (0 while it runs); kill stops it, waits until YARN reports it ended, and
 * removes its staging directory and its ZooKeeper state (a killed AM cannot, and a detached submitter is not there to).
 */
final class YarnCommands {
    private static final EnumSet<YarnApplicationState> DONE =
            EnumSet.of(YarnApplicationState.FINISHED, YarnApplicationState.FAILED, YarnApplicationState.KILLED);
    private static final long KILL_WAIT_MS = 60_000;
    static final long RM_WAIT_MS = 15_000;
    private static final String ZOOKEEPER_PREFIX = "mars.zookeeper.";

    private final YarnConfiguration conf;
    private final Map<String, String> settings;
    private final PrintStream out;
    private final PrintStream err;

    /** {@code settings}: the {@code mars.*} settings (defaults file, {@code --conf}); kill reads the ZooKeeper keys. */
    YarnCommands(YarnConfiguration conf, Map<String, String> settings, PrintStream out, PrintStream err) {
        this.conf = conf;
        this.settings = Map.copyOf(settings);
        this.out = out;
        this.err = err;
    }

    static ApplicationId parseId(String command, String value) {
        try {
            return ApplicationId.fromString(value.trim());
        } catch (IllegalArgumentException e) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, command + ": '" + value
                    + "' is not an application id (application_<cluster timestamp>_<number>)");
        }
    }

    int status(ApplicationId id) throws IOException, YarnException {
        try (YarnClient yarn = client()) {
            ApplicationReport r = report(yarn, id);
            if (r == null) {
                return ExitCodes.USAGE;
            }
            out.println(id);
            out.println("state: " + r.getYarnApplicationState());
            out.println("final-status: " + r.getFinalApplicationStatus());
            out.println("progress: " + r.getProgress());
            out.println("tracking-url: " + r.getTrackingUrl());
            if (r.getDiagnostics() != null && !r.getDiagnostics().isEmpty()) {
                out.println("diagnostics: " + r.getDiagnostics());
            }
            return codeOf(r);
        }
    }

    int kill(ApplicationId id) throws IOException, YarnException, InterruptedException {
        try (YarnClient yarn = client()) {
            ApplicationReport r = report(yarn, id);
            if (r == null) {
                return ExitCodes.USAGE;
            }
            // where the application keeps its state, as it was submitted: read before the staging directory goes
            Map<String, String> stateSettings = withStagedZooKeeperSettings(id);
            if (!DONE.contains(r.getYarnApplicationState())) {
                yarn.killApplication(id);
                long deadline = System.currentTimeMillis() + KILL_WAIT_MS;
                while (!DONE.contains(r.getYarnApplicationState()) && System.currentTimeMillis() < deadline) {
                    Thread.sleep(200);
                    r = yarn.getApplicationReport(id);
                }
            }
            removeStaging(id);
            if (DONE.contains(r.getYarnApplicationState())) {
                new StateCleanup(err).deleteEnded(id.toString(), stateSettings);
            }
            out.println(id + " " + r.getYarnApplicationState());
            return DONE.contains(r.getYarnApplicationState()) ? ExitCodes.SUCCESS : ExitCodes.JOB_FAILED;
        }
    }

    /**
     * These settings with the application's own {@code mars.zookeeper.*} settings from its staged spec, when the
     * staging directory still holds it (the application runs, or was killed before it could delete it), so that
     * {@code kill <id>} finds the state without {@code --conf mars.zookeeper.quorum} repeated.
     */
    private Map<String, String> withStagedZooKeeperSettings(ApplicationId id) {
        Map<String, String> merged = new HashMap<>(settings);
        try {
            FileSystem fs = FileSystem.get(conf);
            org.apache.hadoop.fs.Path spec = new org.apache.hadoop.fs.Path(
                    YarnSubmitter.stagingDir(fs, id.toString()), AppSpec.FILE_NAME);
            if (!fs.exists(spec)) {
                return merged;
            }
            try (Reader reader = new InputStreamReader(fs.open(spec), StandardCharsets.UTF_8)) {
                AppSpec.read(reader, spec.toString()).properties().forEach((k, v) -> {
                    if (k.startsWith(ZOOKEEPER_PREFIX)) {
                        merged.put(k, v);
                    }
                });
            }
        } catch (IOException e) {
            err.println("mars-submit: cannot read the staged settings of " + id + " (" + e.getMessage()
                    + "); using the given ZooKeeper settings");
        }
        return merged;
    }

    private void removeStaging(ApplicationId id) {
        try {
            FileSystem fs = FileSystem.get(conf);
            fs.delete(YarnSubmitter.stagingDir(fs, id.toString()), true);
        } catch (IOException e) {
            err.println("mars-submit: cannot remove the staging directory of " + id + ": " + e.getMessage());
        }
    }

    private ApplicationReport report(YarnClient yarn, ApplicationId id) throws IOException, YarnException {
        try {
            return yarn.getApplicationReport(id);
        } catch (ApplicationNotFoundException e) {
            err.println("mars-submit: YARN knows no application " + id);
            return null;
        }
    }

    /**
     * A client that gives up on an unreachable ResourceManager after {@value #RM_WAIT_MS} ms instead of YARN's default
     * 15 minutes of retries: a scheduler polling {@code status} gets an answer, and a person a clear error.
     */
    private YarnClient client() {
        YarnConfiguration bounded = new YarnConfiguration(conf);
        bounded.setLong(YarnConfiguration.RESOURCEMANAGER_CONNECT_MAX_WAIT_MS, RM_WAIT_MS);
        bounded.setLong(YarnConfiguration.RESOURCEMANAGER_CONNECT_RETRY_INTERVAL_MS, 1000);
        bounded.setInt("ipc.client.connect.max.retries", 1);
        YarnClient yarn = YarnClient.createYarnClient();
        yarn.init(bounded);
        yarn.start();
        return yarn;
    }

    /** Why the ResourceManager gave no answer after {@code seconds} of retries, naming where it was looked for. */
    String unreachable(Exception e, long seconds) {
        return "cannot reach the ResourceManager at " + conf.get(YarnConfiguration.RM_ADDRESS,
                YarnConfiguration.DEFAULT_RM_ADDRESS) + " (" + YarnConfiguration.RM_ADDRESS + "); gave up after "
                + seconds + " s: " + e + "; check HADOOP_CONF_DIR and that the ResourceManager runs";
    }

    /** 0 while the application runs; once it ended, the code a waiting submitter would have exited with. */
    static int codeOf(ApplicationReport r) {
        return DONE.contains(r.getYarnApplicationState()) ? YarnRun.exitCode(YarnSubmitter.status(r)) : ExitCodes.SUCCESS;
    }
}
