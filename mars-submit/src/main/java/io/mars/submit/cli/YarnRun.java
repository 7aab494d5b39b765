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
    static final String CLASSPATH_PROPERTY = io.mars.am.yarn.ContainerFiles.NODE_CLASSPATH_PROPERTY;
    /** Where a delegating process (Oozie, a scheduler with Kerberos) leaves the tokens the job should use. */
    static final String TOKEN_FILE_VARIABLE = "HADOOP_TOKEN_FILE_LOCATION";

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
        return switch (request.deployMode()) {
            case CLUSTER -> runInCluster();
            case CLIENT -> runInClient();
        };
    }

    /** {@code --deploy-mode client}: the job's main in this JVM, the supervisor and workers on YARN. */
    private int runInClient() {
        err.println("mars-submit: --deploy-mode client is not supported yet with --master yarn; use --deploy-mode"
                + " cluster (the default)");
        err.println("Run 'mars-submit --help' for usage.");
        return ExitCodes.USAGE;
    }

    private int runInCluster() {
        SubmitRequest.YarnResources resources = request.yarn();
        Optional<Path> tokenFile = Optional.ofNullable(environment.get(TOKEN_FILE_VARIABLE))
                .filter(v -> !v.isBlank()).map(Path::of);
        YarnApplication app = new YarnApplication(request.appName(), resources.queue(), resources.amMemoryMb(),
                resources.amVcores(), request.mainClass(), request.appJar(), request.jars(), request.properties(),
                request.appArgs(), Optional.ofNullable(request.properties().get(JAVA_HOME_PROPERTY)),
                Optional.ofNullable(request.properties().get(CLASSPATH_PROPERTY)), resources.tags(),
                resources.priority(), request.files(), confFiles(environment), tokenFile,
                request.waitForCompletion());
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
            case DETACHED -> ExitCodes.SUCCESS;
        };
    }

    /**
     * The Hadoop configuration files the containers get: every {@code *.xml} file of {@code HADOOP_CONF_DIR} and
     * {@code YARN_CONF_DIR} (the latter winning on a name both hold), by file name.
     */
    static List<Path> confFiles(Map<String, String> environment) {
        Map<String, Path> byName = new java.util.TreeMap<>();
        for (String variable : CONF_DIR_VARIABLES) {
            String dir = environment.get(variable);
            if (dir == null || dir.isBlank() || !Files.isDirectory(Path.of(dir))) {
                continue;
            }
            try (java.util.stream.Stream<Path> files = Files.list(Path.of(dir))) {
                files.filter(f -> f.getFileName().toString().endsWith(".xml") && Files.isRegularFile(f)
                        && Files.isReadable(f)).forEach(f -> byName.put(f.getFileName().toString(), f));
            } catch (IOException e) {
                throw new java.io.UncheckedIOException("cannot list " + variable + "=" + dir, e);
            }
        }
        return List.copyOf(byName.values());
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
