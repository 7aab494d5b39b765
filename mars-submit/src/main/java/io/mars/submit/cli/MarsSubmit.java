package io.mars.submit.cli;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.ErrorKind;
import io.mars.common.error.MarsException;
import io.mars.common.memory.WorkerMemory;
import io.mars.submit.progress.ProgressConfig;
import io.mars.submit.progress.ProgressOutput;
import io.mars.submit.progress.ProgressReporter;
import io.mars.submit.progress.SessionTasksProgress;
import io.mars.submit.progress.StderrTerminal;
import io.mars.submit.progress.TaskActivity;
import io.mars.submit.yarn.HadoopSettings;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * The {@code mars-submit} command: runs the main class of a Mars job jar with {@code mars.master} set, the way
 * {@code spark-submit} does, on the embedded local cluster or on YARN, and turns the outcome into an
 * {@link ExitCodes exit code}. {@link #run(String[], PrintStream, PrintStream, Map)} is the library entry point (an
 * Oozie java action): it returns the code instead of exiting.
 */
public final class MarsSubmit {
    /** The environment variable naming the directory that holds {@value SubmitRequest#DEFAULTS_FILE}. */
    public static final String CONF_DIR_ENV = "MARS_CONF_DIR";

    static final String HELP = """
            Usage: mars-submit [options] <app jar> [app arguments...]
                   mars-submit --help | --version

            Runs the main class of a Mars job jar. The job reaches its cluster through
            Session.getOrCreate(), which reads the system property mars.master set here.

            Options (before <app jar>; everything after <app jar> goes to the job):
              --master <master>         Where the job runs: local (one worker), local[N]
                                        (N workers, N >= 1), local[*] (one worker per
                                        core), yarn, or mars://<host>:<port> (a
                                        standalone supervisor started by
                                        bin/mars-supervisor; the main runs here, the
                                        secret comes from mars.rpc.secret-file, default
                                        ~/.mars/secret). Default: mars.master from the
                                        configuration, else local[*].
              --deploy-mode <mode>      cluster (default): with yarn, the job's main runs
                                        in the ApplicationMaster. client: the main runs in
                                        this JVM; the AM and workers run on YARN and the
                                        application ends with the main. With local[N]
                                        both run the main here.
              --class <main class>      The class whose public static void main(String[])
                                        runs. Default: Main-Class of the app jar's manifest.
              --name <name>             The job's name (system property mars.app.name and
                                        the YARN application name). Default: the main class.
              --conf <key>=<value>      A mars.* setting for the job, set as a system
                                        property. Repeatable. Only mars.* keys are accepted.
              --properties-file <file>  A java.util.Properties file of mars.* settings.
              --jars <jar>[,<jar>...]   More jars for the job's class path, comma-separated.
              --files <file>[,<file>...]
                                        Files copied into the working directory of the AM
                                        and of every worker (yarn), under their own names.
              --queue <queue>           YARN queue; must exist. Default: default.
              --tags <tag>[,<tag>...]   YARN application tags (YARN lowercases them).
              --priority <n>            YARN application priority, an integer >= 0; higher
                                        runs first. Default: the queue's default.
              --am-memory <size>        YARN AM container memory: MB, or with m/g suffix;
                                        the AM heap is 3/4 of it. Default: 1024.
              --am-vcores <n>           YARN AM container virtual cores. Default: 1.
              --workers <n>             YARN worker containers (mars.yarn.workers). Default: 2.
              --worker-memory <size>    Memory of each worker container: MB, or with m/g
                                        suffix; at least 328 MB, of which 200 MB is JVM
                                        overhead, the rest 55% heap, 40% direct memory.
                                        Default: 1024.
              --worker-vcores <n>       Vcores of each worker container = its subtask
                                        slots (mars.yarn.worker.vcores). Default: 1.
              spark-submit's names, accepted as aliases:
              --num-executors <n>       --workers.
              --executor-memory <size>  --worker-memory.
              --executor-cores <n>      --worker-vcores.
              --driver-memory <size>    Where the job's main runs: with yarn in cluster
                                        mode --am-memory (the main runs in the AM);
                                        with local[N] or client mode the heap of this
                                        JVM, which bin/mars-submit sets (-Xmx; MB, or
                                        with m/g suffix; after MARS_SUBMIT_OPTS).
              --driver-java-options <opts>
                                        JVM options (whitespace-separated) of the JVM the
                                        main runs in: the AM's with yarn in cluster mode
                                        (mars.yarn.am.java-options), else this JVM's,
                                        which bin/mars-submit starts with them.
              --principal <principal>   yarn on a Kerberos cluster: log in as this principal
                                        from --keytab instead of the kinit ticket; the AM
                                        gets the keytab (never the workers) and obtains new
                                        HDFS delegation tokens before the old ones expire,
                                        so a job may outlive their maximum lifetime.
              --keytab <file>           The keytab holding --principal's keys.
              --no-wait                 yarn: print the application id and tracking URL and
                                        exit 0 once YARN accepted the application, instead
                                        of waiting for its end (the AM then removes its
                                        staging directory itself).
              --verbose                 Print the resolved settings and timing, and the
                                        stack trace when the job fails.
              --quiet                   Print no progress while the job runs. Otherwise
                                        stderr shows the tasks done, the running task's
                                        subtasks and the time: one line redrawn in place
                                        on a terminal, else a line when the counts
                                        changed, at most every
                                        mars.submit.progress-interval-ms (10000).
              --version                 Print the version of mars-submit and exit.
              -h, --help                Print this help and exit.
            Options with a value also accept the form --option=value.

            mars-submit status <application id>   Print a YARN application's state, final
                                                  status, progress and tracking URL; exit
                                                  with the code of its outcome (0 if running).
            mars-submit kill [--conf <key>=<value>]... <application id>
                                                  Kill it, wait until it ended, remove its
                                                  staging directory and, when
                                                  mars.zookeeper.quorum is set (defaults
                                                  file or --conf), its ZooKeeper state.

            Settings, later ones winning: $MARS_CONF_DIR/mars-defaults.properties,
            --properties-file, --conf, then --master and --name.

            Exit codes:
              0  the job finished (with --no-wait: YARN accepted it)
              1  the job failed: its main method threw (message and causes are printed;
                 a Mars error shows its code, e.g. [SHAPE_MISMATCH]), or it called
                 System.exit(n) with n != 0 (n is printed; System.exit(0) is success)
              2  usage error: unknown option, missing or malformed value, missing jar,
                 class not found, no main method; nothing ran
              3  the YARN application was killed
              4  the YARN application was rejected: before anything was uploaded (a
                 container above the cluster's maximum allocation, an unknown queue, a
                 missing mars.yarn.archive) or by the ResourceManager at submission

            Environment:
              MARS_CONF_DIR     directory with mars-defaults.properties and log4j2.xml
                                (bin/mars-submit defaults it to $MARS_HOME/conf)
              MARS_SUBMIT_OPTS  JVM options for bin/mars-submit
                                (default: -Xms768m -Xmx768m -XX:+UseParallelGC; G1 instead
                                from --driver-memory 4g)
              MARS_SUBMIT_TERMINAL_COLUMNS
                                set by bin/mars-submit: stderr's terminal width, or 0
                                when stderr is not a terminal (plain progress lines)
              JAVA_HOME         the Java 17+ installation bin/mars-submit uses
              MARS_CDS          off: bin/mars-submit starts Java without its class-data
                                archive (written by the first submission, then mapped)
              MARS_CDS_DIR      where that archive is kept
                                (default: ${XDG_CACHE_HOME:-~/.cache}/mars/cds)
              HADOOP_CONF_DIR, YARN_CONF_DIR
                                directories whose *-site.xml reach the cluster (yarn);
                                their *.xml files are shipped to the AM and workers
              HADOOP_TOKEN_FILE_LOCATION
                                a Hadoop token file whose tokens the application gets
                                (yarn); missing HDFS delegation tokens are fetched
                                on a secure cluster
            """;

    private static final String PREFIX = "mars-submit: ";

    private final Optional<Path> confDir;
    private final Map<String, String> environment;
    private final PrintStream out;
    private final PrintStream err;

    MarsSubmit(Optional<Path> confDir, PrintStream out, PrintStream err) {
        this(confDir, Map.of(), out, err);
    }

    MarsSubmit(Optional<Path> confDir, Map<String, String> environment, PrintStream out, PrintStream err) {
        this.confDir = Objects.requireNonNull(confDir, "confDir");
        this.environment = Map.copyOf(environment);
        this.out = Objects.requireNonNull(out, "out");
        this.err = Objects.requireNonNull(err, "err");
    }

    /** The command line: runs {@link #run(String[], PrintStream, PrintStream)} and exits with its code. */
    public static void main(String[] args) {
        WorkerMemory.choosePoolChunks(); // before Netty loads: this JVM may run a local cluster
        int code = run(args, System.out, System.err);
        System.out.flush();
        System.err.flush();
        System.exit(code);
    }

    /**
     * Runs a job as the command line would and returns its {@link ExitCodes exit code}; never exits the JVM, so a
     * host process (an Oozie java action) can call it. Reads {@value #CONF_DIR_ENV} from the environment. Jobs in one
     * JVM run one at a time, as they share the system properties.
     */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        return run(args, out, err, System.getenv());
    }

    /**
     * As {@link #run(String[], PrintStream, PrintStream)}, reading {@value #CONF_DIR_ENV} and, for
     * {@code --master yarn}, {@code HADOOP_CONF_DIR} and {@code YARN_CONF_DIR} from {@code environment}.
     */
    public static int run(String[] args, PrintStream out, PrintStream err, Map<String, String> environment) {
        return new MarsSubmit(confDirFrom(environment), environment, out, err).run(args);
    }

    int run(String[] args) {
        if (args.length > 0 && (args[0].equals("status") || args[0].equals("kill"))) {
            return yarnCommand(args);
        }
        SubmitRequest request;
        try {
            SubmitArguments parsed = SubmitArguments.parse(args);
            switch (parsed.action()) {
                case HELP -> {
                    out.print(HELP);
                    return ExitCodes.SUCCESS;
                }
                case VERSION -> {
                    out.println("mars-submit " + version());
                    return ExitCodes.SUCCESS;
                }
                case RUN -> {
                    // below
                }
            }
            request = SubmitRequest.resolve(parsed, confDir);
        } catch (MarsException e) {
            return usageError(e);
        }
        for (String key : new TreeMap<>(request.properties()).keySet()) {
            KnownSettings.unknown(key).ifPresent(w -> err.println(PREFIX + "warning: " + w));
        }
        if (request.verbose()) {
            printSettings(request);
        }
        if (request.master().isYarn()) {
            return new YarnRun(request, environment, out, err, progressOutput(request)).run();
        }
        JobRunner job;
        try {
            job = JobRunner.load(request, MarsSubmit.class.getClassLoader());
        } catch (MarsException e) {
            return usageError(e);
        }
        try (job) {
            long start = System.nanoTime();
            // the embedded supervisor runs in this JVM: its sessions' tasks are read in-process
            try (ProgressReporter progress = progress(request)) {
                job.run();
            }
            if (request.verbose()) {
                err.println(PREFIX + "job " + request.appName() + " finished in "
                        + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) + " ms");
            }
            return ExitCodes.SUCCESS;
        } catch (MarsException e) {
            if (e.code() != ErrorCode.USER_CODE_FAILED || e.getCause() == null) {
                throw e;
            }
            printFailure(request, e.getCause());
            return ExitCodes.JOB_FAILED;
        }
    }

    /**
     * Progress of a job whose main runs in this JVM (local, and YARN client mode), on stderr unless {@code --quiet};
     * closed before the job's outcome is printed.
     */
    private ProgressReporter progress(SubmitRequest request) {
        return progressOutput(request).start(new SessionTasksProgress(TaskActivity.jvm()), err);
    }

    /** How to show progress: {@code --quiet}, stderr's terminal width (see {@link StderrTerminal}), the settings. */
    private ProgressOutput progressOutput(SubmitRequest request) {
        return new ProgressOutput(request.quiet(), StderrTerminal.columns(environment, err),
                ProgressConfig.from(request.properties()));
    }

    /** {@code status <appId>} or {@code kill [--conf key=value]... <appId>}. */
    private int yarnCommand(String[] args) {
        org.apache.hadoop.yarn.api.records.ApplicationId id;
        Map<String, String> settings;
        try {
            List<String> conf = new ArrayList<>();
            List<String> rest = new ArrayList<>();
            for (int i = 1; i < args.length; i++) {
                if (args[i].equals("--conf") && i + 1 < args.length) {
                    conf.add(args[++i]);
                } else if (args[i].startsWith("--conf=")) {
                    conf.add(args[i].substring("--conf=".length()));
                } else {
                    rest.add(args[i]);
                }
            }
            if (rest.size() != 1) {
                throw new MarsException(ErrorCode.INVALID_ARGUMENT, args[0] + " takes exactly one application id, got "
                        + rest.size() + " arguments");
            }
            id = YarnCommands.parseId(args[0], rest.get(0));
            settings = SubmitRequest.commandSettings(confDir, conf);
        } catch (MarsException e) {
            return usageError(e);
        }
        YarnCommands commands = new YarnCommands(HadoopSettings.configuration(environment), settings, out, err);
        long start = System.nanoTime();
        try {
            return args[0].equals("status") ? commands.status(id) : commands.kill(id);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println(PREFIX + "interrupted");
            return ExitCodes.JOB_FAILED;
        } catch (java.net.ConnectException e) {
            err.println(PREFIX + commands.unreachable(e, TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start)));
            return ExitCodes.JOB_FAILED;
        } catch (java.io.IOException | org.apache.hadoop.yarn.exceptions.YarnException e) {
            err.println(PREFIX + "YARN failed: " + e);
            return ExitCodes.JOB_FAILED;
        }
    }

    private int usageError(MarsException e) {
        if (e.kind() != ErrorKind.USER) {
            throw e;
        }
        err.println(PREFIX + e.getMessage());
        err.println("Run 'mars-submit --help' for usage.");
        return ExitCodes.USAGE;
    }

    private void printSettings(SubmitRequest request) {
        err.println(PREFIX + "master      " + request.master().spec());
        err.println(PREFIX + "main class  " + request.mainClass());
        err.println(PREFIX + "app jar     " + request.appJar());
        request.jars().forEach(jar -> err.println(PREFIX + "jar         " + jar));
        err.println(PREFIX + "conf dir    " + confDir.map(Path::toString).orElse("none (" + CONF_DIR_ENV + " unset)"));
        new TreeMap<>(request.properties()).forEach((k, v) -> err.println(PREFIX + "property    " + k + "=" + v));
        err.println(PREFIX + "arguments   " + request.appArgs());
    }

    private void printFailure(SubmitRequest request, Throwable failure) {
        err.println(PREFIX + "job " + request.appName() + " failed: " + describe(failure));
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        seen.add(failure);
        for (Throwable cause = failure.getCause(); cause != null && seen.add(cause); cause = cause.getCause()) {
            err.println("  caused by: " + describe(cause));
        }
        if (request.verbose()) {
            failure.printStackTrace(err);
        } else {
            err.println("Run with --verbose for the stack trace.");
        }
    }

    /** One line for a throwable: a Mars error as {@code [CODE] message}, anything else as its class and message. */
    static String describe(Throwable t) {
        if (t instanceof io.mars.am.yarn.JobExitTrap.JobExitStatus) {
            return t.getMessage();
        }
        if (t instanceof MarsException m) {
            return "[" + m.code() + "] " + m.getMessage();
        }
        String message = t.getMessage();
        return message == null ? t.getClass().getName() : t.getClass().getName() + ": " + message;
    }

    /** The version in mars-submit's jar (manifest, else Maven's pom.properties), or {@code dev} outside a jar. */
    static String version() {
        String version = MarsSubmit.class.getPackage().getImplementationVersion();
        if (version != null) {
            return version;
        }
        try (InputStream in = MarsSubmit.class.getResourceAsStream("/META-INF/maven/io.mars/mars-submit/pom.properties")) {
            if (in != null) {
                Properties pom = new Properties();
                pom.load(in);
                return pom.getProperty("version", "dev");
            }
        } catch (IOException e) {
            // an unreadable jar entry is no reason to fail --version
        }
        return "dev";
    }

    private static Optional<Path> confDirFromEnvironment() {
        return confDirFrom(System.getenv());
    }

    static Optional<Path> confDirFrom(Map<String, String> environment) {
        String dir = environment.get(CONF_DIR_ENV);
        if (dir == null || dir.isBlank()) {
            return Optional.empty();
        }
        try {
            return Optional.of(Path.of(dir));
        } catch (InvalidPathException e) {
            return Optional.empty();
        }
    }
}
