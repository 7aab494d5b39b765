package io.mars.submit.cli;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.ErrorKind;
import io.mars.common.error.MarsException;
import io.mars.common.rpc.flight.RpcSecret;
import io.mars.submit.client.ClientModeApplication;
import io.mars.submit.progress.ProgressOutput;
import io.mars.submit.progress.ProgressReporter;
import io.mars.submit.progress.SessionTasksProgress;
import io.mars.submit.progress.TaskActivity;
import io.mars.submit.yarn.HadoopSettings;
import io.mars.submit.yarn.YarnApplication;
import io.mars.submit.yarn.YarnOutcome;
import io.mars.submit.yarn.YarnSubmitter;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.security.Credentials;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.exceptions.YarnException;

/**
 * {@code mars-submit --master yarn}: turns a {@link SubmitRequest} into a {@link YarnApplication}, runs it with the
 * Hadoop configuration of {@code HADOOP_CONF_DIR}/{@code YARN_CONF_DIR}, and maps the outcome to an exit code.
 */
final class YarnRun {
    static final String JAVA_HOME_PROPERTY = io.mars.am.yarn.AppSpec.JAVA_HOME_PROPERTY;
    /**
     * A class path present on every node, used for the AM as is; default: mars-submit's own class path jars are
     * uploaded with the job.
     */
    static final String CLASSPATH_PROPERTY = io.mars.am.yarn.ContainerFiles.NODE_CLASSPATH_PROPERTY;

    private final SubmitRequest request;
    private final Map<String, String> environment;
    private final PrintStream out;
    private final PrintStream err;
    private final ProgressOutput progress;

    YarnRun(SubmitRequest request, Map<String, String> environment, PrintStream out, PrintStream err,
            ProgressOutput progress) {
        this.request = request;
        this.environment = environment;
        this.out = out;
        this.err = err;
        this.progress = progress;
    }

    int run() {
        UserGroupInformation user;
        try {
            user = io.mars.submit.yarn.KerberosLogin.user(HadoopSettings.configuration(environment),
                    request.properties(), HadoopSettings.tokenFile(environment), err);
        } catch (MarsException e) {
            err.println("mars-submit: " + e.getMessage());
            return ExitCodes.REJECTED;
        }
        try {
            return user.doAs((java.security.PrivilegedExceptionAction<Integer>) () -> switch (request.deployMode()) {
                case CLUSTER -> runInCluster();
                case CLIENT -> runInClient();
            });
        } catch (IOException e) {
            err.println("mars-submit: YARN or HDFS failed: " + e);
            return ExitCodes.JOB_FAILED;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("mars-submit: interrupted");
            return ExitCodes.JOB_FAILED;
        }
    }

    /**
     * {@code --deploy-mode client}: the supervisor and workers on YARN, the job's main in this JVM. The application's
     * id goes to stdout as in cluster mode; the job's {@code Session.getOrCreate()} reaches the AM with the secret this
     * process holds in its credentials; the job's outcome ends the application (SUCCEEDED, or FAILED with the
     * exception) and gives the exit code.
     */
    private int runInClient() {
        SubmitRequest.YarnResources resources = request.yarn();
        JobRunner job;
        try {
            job = JobRunner.load(request, MarsSubmit.class.getClassLoader());
        } catch (MarsException e) {
            err.println("mars-submit: " + e.getMessage());
            return ExitCodes.USAGE;
        }
        Map<String, String> properties = new java.util.HashMap<>(request.properties());
        properties.put(ClientModeApplication.AM_MEMORY, String.valueOf(resources.amMemoryMb()));
        properties.put(ClientModeApplication.QUEUE, resources.queue());
        properties.put(ClientModeApplication.APP_NAME, request.appName());
        // the workers load the job's user functions from its jars, as in cluster mode
        List<String> jars = new java.util.ArrayList<>();
        jars.add(request.appJar().toString());
        request.jars().forEach(jar -> jars.add(jar.toString()));
        properties.put(ClientModeApplication.JARS, String.join(",", jars));
        try (job) {
            ClientModeApplication app;
            try {
                app = ClientModeApplication.start(HadoopSettings.configuration(environment), properties,
                        HadoopSettings.confFiles(environment), HadoopSettings.tokenFile(environment), err);
            } catch (MarsException e) {
                err.println("mars-submit: " + e.getMessage());
                // refused before it ran (bad settings, no such queue, too large): 4; submitted and then failed: 1
                return e.kind() == ErrorKind.USER ? ExitCodes.REJECTED : ExitCodes.JOB_FAILED;
            }
            out.println(app.applicationId());
            out.flush();
            try {
                Credentials secret = new Credentials();
                secret.addSecretKey(new Text(RpcSecret.CREDENTIALS_ALIAS), app.secret().bytes());
                UserGroupInformation.getCurrentUser().addCredentials(secret);
                // the job's session reaches the AM through its RPC gateway, which also answers the running task's info
                try (ProgressReporter reporter = progress.start(new SessionTasksProgress(TaskActivity.jvm()), err)) {
                    job.run(Map.of(io.mars.Session.MASTER_PROPERTY, app.master()));
                }
            } catch (MarsException e) {
                Throwable cause = e.code() == ErrorCode.USER_CODE_FAILED && e.getCause() != null ? e.getCause() : e;
                err.println("mars-submit: job " + request.mainClass() + " failed: " + cause);
                app.finish(false, "job " + request.mainClass() + " failed (client mode): " + cause);
                err.println("mars-submit: application " + app.applicationId() + " finished: FAILED");
                return ExitCodes.JOB_FAILED;
            } catch (IOException e) {
                app.finish(false, "cannot hand the application secret to the job: " + e);
                err.println("mars-submit: cannot hand the application secret to the job: " + e);
                return ExitCodes.JOB_FAILED;
            }
            app.finish(true, "");
            err.println("mars-submit: application " + app.applicationId() + " finished: SUCCEEDED");
            return ExitCodes.SUCCESS;
        }
    }

    private int runInCluster() {
        SubmitRequest.YarnResources resources = request.yarn();
        Optional<Path> tokenFile = HadoopSettings.tokenFile(environment);
        YarnApplication app = new YarnApplication(request.appName(), resources.queue(), resources.amMemoryMb(),
                resources.amVcores(), request.mainClass(), request.appJar(), request.jars(), request.properties(),
                request.appArgs(), Optional.ofNullable(request.properties().get(JAVA_HOME_PROPERTY)),
                Optional.ofNullable(request.properties().get(CLASSPATH_PROPERTY)), resources.tags(),
                resources.priority(), request.files(), HadoopSettings.confFiles(environment), tokenFile,
                request.waitForCompletion());
        YarnOutcome outcome;
        try {
            outcome = new YarnSubmitter(HadoopSettings.configuration(environment), out, err, progress).run(app);
        } catch (IOException | YarnException e) {
            err.println("mars-submit: YARN or HDFS failed: " + e);
            return ExitCodes.JOB_FAILED;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("mars-submit: interrupted while waiting for the application");
            return ExitCodes.JOB_FAILED;
        }
        if (outcome.status() == YarnOutcome.Status.DETACHED) {
            String id = outcome.applicationId().orElseThrow();
            err.println("mars-submit: application " + id + " was accepted; not waiting for it (--no-wait). Follow it"
                    + " with: mars-submit status " + id);
        }
        return exitCode(outcome.status());
    }

    static int exitCode(YarnOutcome.Status status) {
        return switch (status) {
            case SUCCEEDED -> ExitCodes.SUCCESS;
            case FAILED -> ExitCodes.JOB_FAILED;
            case KILLED -> ExitCodes.KILLED;
            case REJECTED -> ExitCodes.REJECTED;
            case DETACHED -> ExitCodes.SUCCESS;
        };
    }
}
