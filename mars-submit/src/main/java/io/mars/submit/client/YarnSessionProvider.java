package io.mars.submit.client;

import io.mars.Session;
import io.mars.SessionProvider;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.rpc.flight.RpcSecret;
import io.mars.submit.yarn.HadoopSettings;
import io.mars.submit.yarn.SecretFile;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.exceptions.YarnException;

/**
 * Sessions on YARN from any JVM program. Master {@code yarn} ({@code Session.yarn(conf)}): a new client-mode
 * application that the session owns and ends when it closes. Master {@code yarn://<application id>}
 * ({@code Session.connect(appId)}): a session on a running Mars application of this user, whose secret it reads from
 * the application's private staging directory; closing it leaves the application running. The Hadoop configuration
 * comes from {@value #HADOOP_CONF_DIR} when set, else {@code HADOOP_CONF_DIR}/{@code YARN_CONF_DIR}, else the class
 * path.
 */
public final class YarnSessionProvider implements SessionProvider {
    /** A directory of Hadoop site files for a program that has no {@code HADOOP_CONF_DIR} in its environment. */
    public static final String HADOOP_CONF_DIR = "mars.yarn.hadoop-conf-dir";
    private static final String ATTACH = "yarn://";

    @Override
    public boolean supports(String master) {
        return master != null && (master.trim().equals("yarn") || master.trim().startsWith(ATTACH));
    }

    @Override
    public Session create(String master, Map<String, String> conf) {
        Map<String, String> environment = new HashMap<>(System.getenv());
        if (conf.get(HADOOP_CONF_DIR) != null) {
            environment.put("HADOOP_CONF_DIR", conf.get(HADOOP_CONF_DIR));
            environment.remove("YARN_CONF_DIR");
        }
        YarnConfiguration hadoop = HadoopSettings.configuration(environment);
        String m = master.trim();
        if (m.equals("yarn")) {
            ClientModeApplication app = ClientModeApplication.start(hadoop, conf, HadoopSettings.confFiles(environment),
                    HadoopSettings.tokenFile(environment), System.err);
            try {
                return app.session(conf);
            } catch (RuntimeException e) {
                app.finish(false, "the client could not open its session: " + e.getMessage());
                throw e;
            }
        }
        return attach(hadoop, m.substring(ATTACH.length()), conf);
    }

    private static Session attach(YarnConfiguration hadoop, String applicationId, Map<String, String> conf) {
        ApplicationId appId;
        try {
            appId = ApplicationId.fromString(applicationId);
        } catch (IllegalArgumentException e) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "'" + applicationId + "' is not a YARN application id;"
                    + " expected application_<cluster timestamp>_<number>");
        }
        YarnClient yarn = YarnClient.createYarnClient();
        yarn.init(hadoop);
        yarn.start();
        ApplicationReport report;
        try {
            report = yarn.getApplicationReport(appId);
        } catch (IOException | YarnException e) {
            yarn.stop();
            throw new MarsException(ErrorCode.RPC_FAILED, "cannot ask YARN about " + appId + ": " + e, e);
        }
        try {
            return attach(hadoop, yarn, appId, report, conf);
        } catch (RuntimeException e) {
            yarn.stop();
            throw e;
        }
    }

    /**
     * A session on the running application of {@code report}, through a connection that follows it to a new AM
     * attempt; the session owns {@code yarn}, which that connection asks where the application serves.
     */
    private static Session attach(YarnConfiguration hadoop, YarnClient yarn, ApplicationId appId,
                                  ApplicationReport report, Map<String, String> conf) {
        if (!"MARS".equals(report.getApplicationType())) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, appId + " is a " + report.getApplicationType()
                    + " application, not a Mars one");
        }
        if (report.getYarnApplicationState() != YarnApplicationState.RUNNING || report.getRpcPort() <= 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, appId + " is " + report.getYarnApplicationState()
                    + ", not serving; connect to a running Mars application (mars-submit status " + appId + ")");
        }
        RpcSecret secret;
        try {
            secret = SecretFile.read(FileSystem.get(hadoop), appId.toString());
        } catch (IOException e) {
            throw new MarsException(ErrorCode.RPC_FAILED, "cannot reach the default file system: " + e, e);
        }
        org.apache.arrow.memory.RootAllocator allocator = io.mars.common.memory.ArrowAllocators.root();
        FailoverSupervisor supervisor = new FailoverSupervisor(() -> ClientModeApplication.locate(yarn, appId),
                new FailoverSupervisor.Location(report.getHost(), report.getRpcPort(),
                        String.valueOf(report.getCurrentApplicationAttemptId())),
                secret, allocator, java.time.Duration.ofMillis(io.mars.am.yarn.AmAttempts.DEFAULT_FAILOVER_WAIT_MS),
                System.err);
        AutoCloseable owned = () -> {
            supervisor.close();
            allocator.close();
            yarn.stop();
        };
        try {
            return ClientSession.open(supervisor, conf, owned);
        } catch (RuntimeException e) {
            supervisor.close();
            allocator.close();
            throw e;
        }
    }
}
