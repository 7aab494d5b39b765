package io.mars.submit.cli;

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
    static final String CLASSPATH_PROPERTY = "mars.yarn.am.classpath";

    private static final List<String> CONF_DIR_VARIABLES = List.of("HADOOP_CONF_DIR", "YARN_CONF_DIR");
    private static final List<String> SITE_FILES = List.of("core-site.xml", "hdfs-site.xml", "yarn-site.xml");

    private final SubmitRequest request;
    private final Map<String, String> environment;
    private final PrintStream out;
    private final PrintStream err;

    YarnRun(SubmitRequest request, Map<String, String> environment, PrintStream out, PrintStream err) {
        this.request = request;
        this.environment = environment;
        this.out = out;
        this.err = err;
    }

    int run() {
        SubmitRequest.YarnResources resources = request.yarn();
        YarnApplication app = new YarnApplication(request.appName(), resources.queue(), resources.amMemoryMb(),
                resources.amVcores(), request.mainClass(), request.appJar(), request.jars(), request.properties(),
                request.appArgs(), Optional.ofNullable(request.properties().get(JAVA_HOME_PROPERTY)),
                Optional.ofNullable(request.properties().get(CLASSPATH_PROPERTY)));
        YarnOutcome outcome;
        try {
            outcome = new YarnSubmitter(configuration(environment), out, err).run(app);
        } catch (IOException | YarnException e) {
            err.println("mars-submit: YARN or HDFS failed: " + e);
            return ExitCodes.JOB_FAILED;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("mars-submit: interrupted while waiting for the application");
            return ExitCodes.JOB_FAILED;
        }
        return exitCode(outcome.status());
    }

    static int exitCode(YarnOutcome.Status status) {
        return switch (status) {
            case SUCCEEDED -> ExitCodes.SUCCESS;
            case FAILED -> ExitCodes.JOB_FAILED;
            case KILLED -> ExitCodes.KILLED;
            case REJECTED -> ExitCodes.REJECTED;
        };
    }

    static YarnConfiguration configuration(Map<String, String> environment) {
        YarnConfiguration conf = new YarnConfiguration();
        for (String variable : CONF_DIR_VARIABLES) {
            String dir = environment.get(variable);
            if (dir == null || dir.isBlank()) {
                continue;
            }
            for (String name : SITE_FILES) {
                Path file = Path.of(dir, name);
                if (Files.isRegularFile(file)) {
                    conf.addResource(new org.apache.hadoop.fs.Path(file.toUri()));
                }
            }
        }
        return conf;
    }
}
