package io.mars.submit.cli;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The {@code mars-submit} command line as typed, before any file is read: spark-submit conventions, options first,
 * then {@code <app jar>}, then the job's own arguments (never interpreted). Only syntax is checked here;
 * {@link SubmitRequest} checks values against files and classes.
 */
final class SubmitArguments {
    /** What the command line asks for. */
    enum Action {
        RUN,
        HELP,
        VERSION
    }

    static final Set<String> VALUE_OPTIONS =
            Set.of("--master", "--class", "--name", "--properties-file", "--jars", "--conf", "--queue",
                    "--am-memory", "--am-vcores", "--workers", "--worker-memory", "--worker-vcores", "--deploy-mode",
                    "--tags", "--priority", "--files", "--num-executors", "--executor-memory", "--executor-cores",
                    "--driver-memory", "--driver-java-options", "--principal", "--keytab");

    /** spark-submit's names, taken as the Mars option each stands for (--driver-memory is resolved by mode). */
    static final Map<String, String> SPARK_ALIASES = Map.of("--num-executors", "--workers",
            "--executor-memory", "--worker-memory", "--executor-cores", "--worker-vcores");

    private Action action = Action.RUN;
    private String master;
    private String mainClass;
    private String name;
    private String propertiesFile;
    private String jars;
    private String queue;
    private String amMemory;
    private String amVcores;
    private String workers;
    private String workerMemory;
    private String workerVcores;
    private String deployMode;
    private String tags;
    private String priority;
    private String files;
    private String driverMemory;
    private String driverJavaOptions;
    private String principal;
    private String keytab;
    /** The name each Mars option was given under, when it was a spark-submit alias, for messages. */
    private final Map<String, String> typedAs = new HashMap<>();
    private boolean verbose;
    private boolean noWait;
    private boolean quiet;
    private final List<String> conf = new ArrayList<>();
    private String appJar;
    private final List<String> appArgs = new ArrayList<>();

    private SubmitArguments() {}

    /** Parses {@code args}; a syntax error is a {@link MarsException} naming the option. */
    static SubmitArguments parse(String[] args) {
        Objects.requireNonNull(args, "args");
        SubmitArguments parsed = new SubmitArguments();
        int i = 0;
        while (i < args.length) {
            String arg = Objects.requireNonNull(args[i], "argument");
            if (arg.equals("--")) {
                i++;
                break;
            }
            if (!arg.startsWith("-") || arg.equals("-")) {
                break;
            }
            int eq = arg.indexOf('=');
            String option = eq < 0 ? arg : arg.substring(0, eq);
            String inlineValue = eq < 0 ? null : arg.substring(eq + 1);
            switch (option) {
                case "-h", "--help" -> {
                    noValue(option, inlineValue);
                    parsed.action = Action.HELP;
                    return parsed;
                }
                case "--version" -> {
                    noValue(option, inlineValue);
                    parsed.action = Action.VERSION;
                    return parsed;
                }
                case "--verbose" -> {
                    noValue(option, inlineValue);
                    parsed.verbose = true;
                    i++;
                    continue;
                }
                case "--no-wait" -> {
                    noValue(option, inlineValue);
                    parsed.noWait = true;
                    i++;
                    continue;
                }
                case "--quiet" -> {
                    noValue(option, inlineValue);
                    parsed.quiet = true;
                    i++;
                    continue;
                }
                default -> {
                    if (!VALUE_OPTIONS.contains(option)) {
                        throw usage("unknown option " + option);
                    }
                }
            }
            String value;
            if (inlineValue != null) {
                value = inlineValue;
                i++;
            } else {
                if (i + 1 >= args.length || args[i + 1].startsWith("--")) {
                    throw usage("option " + option + " needs a value");
                }
                value = args[i + 1];
                i += 2;
            }
            if (SPARK_ALIASES.containsKey(option)) {
                parsed.typedAs.put(SPARK_ALIASES.get(option), option);
                option = SPARK_ALIASES.get(option);
            } else {
                parsed.typedAs.remove(option);
            }
            switch (option) {
                case "--master" -> parsed.master = value;
                case "--class" -> parsed.mainClass = value;
                case "--name" -> parsed.name = value;
                case "--properties-file" -> parsed.propertiesFile = value;
                case "--jars" -> parsed.jars = value;
                case "--conf" -> parsed.conf.add(value);
                case "--queue" -> parsed.queue = value;
                case "--am-memory" -> parsed.amMemory = value;
                case "--am-vcores" -> parsed.amVcores = value;
                case "--workers" -> parsed.workers = value;
                case "--worker-memory" -> parsed.workerMemory = value;
                case "--worker-vcores" -> parsed.workerVcores = value;
                case "--deploy-mode" -> parsed.deployMode = value;
                case "--tags" -> parsed.tags = value;
                case "--priority" -> parsed.priority = value;
                case "--files" -> parsed.files = value;
                case "--driver-memory" -> parsed.driverMemory = value;
                case "--driver-java-options" -> parsed.driverJavaOptions = value;
                case "--principal" -> parsed.principal = value;
                case "--keytab" -> parsed.keytab = value;
                default -> throw new IllegalStateException("option without a handler: " + option);
            }
        }
        if (i >= args.length) {
            throw usage("missing <app jar>: give the job's jar after the options");
        }
        parsed.appJar = args[i];
        parsed.appArgs.addAll(List.of(args).subList(i + 1, args.length));
        return parsed;
    }

    private static void noValue(String option, String inlineValue) {
        if (inlineValue != null) {
            throw usage("option " + option + " takes no value, got '" + inlineValue + "'");
        }
    }

    private static MarsException usage(String message) {
        return new MarsException(ErrorCode.INVALID_ARGUMENT, message);
    }

    Action action() {
        return action;
    }

    Optional<String> master() {
        return Optional.ofNullable(master);
    }

    Optional<String> mainClass() {
        return Optional.ofNullable(mainClass);
    }

    Optional<String> name() {
        return Optional.ofNullable(name);
    }

    Optional<String> propertiesFile() {
        return Optional.ofNullable(propertiesFile);
    }

    Optional<String> jars() {
        return Optional.ofNullable(jars);
    }

    Optional<String> queue() {
        return Optional.ofNullable(queue);
    }

    Optional<String> workers() {
        return Optional.ofNullable(workers);
    }

    Optional<String> workerMemory() {
        return Optional.ofNullable(workerMemory);
    }

    Optional<String> workerVcores() {
        return Optional.ofNullable(workerVcores);
    }

    Optional<String> amMemory() {
        return Optional.ofNullable(amMemory);
    }

    Optional<String> amVcores() {
        return Optional.ofNullable(amVcores);
    }

    Optional<String> deployMode() {
        return Optional.ofNullable(deployMode);
    }

    Optional<String> tags() {
        return Optional.ofNullable(tags);
    }

    Optional<String> priority() {
        return Optional.ofNullable(priority);
    }

    Optional<String> files() {
        return Optional.ofNullable(files);
    }

    /**
     * spark-submit's {@code --driver-java-options}: JVM options of the AM in cluster mode; otherwise of this JVM, which
     * {@code bin/mars-submit} starts with them.
     */
    Optional<String> driverJavaOptions() {
        return Optional.ofNullable(driverJavaOptions);
    }

    /** spark-submit's {@code --principal}: the Kerberos principal to log in as from {@link #keytab()}. */
    Optional<String> principal() {
        return Optional.ofNullable(principal);
    }

    /** spark-submit's {@code --keytab}: the keytab holding {@link #principal()}'s keys. */
    Optional<String> keytab() {
        return Optional.ofNullable(keytab);
    }

    /** spark-submit's {@code --driver-memory}: the AM's memory in cluster mode, this JVM's heap otherwise. */
    Optional<String> driverMemory() {
        return Optional.ofNullable(driverMemory);
    }

    /** The name {@code option} was last given under on the command line: itself, or the spark-submit alias used. */
    String typedAs(String option) {
        return typedAs.getOrDefault(option, option);
    }

    boolean verbose() {
        return verbose;
    }

    /** {@code --no-wait}: return once YARN accepted the application instead of waiting for its end. */
    boolean noWait() {
        return noWait;
    }

    /** {@code --quiet}: no progress output while the job runs. */
    boolean quiet() {
        return quiet;
    }

    /** The {@code --conf} values in the order given, still as {@code key=value} text. */
    List<String> conf() {
        return List.copyOf(conf);
    }

    /** The app jar as typed; absent only for {@link Action#HELP} and {@link Action#VERSION}. */
    Optional<String> appJar() {
        return Optional.ofNullable(appJar);
    }

    List<String> appArgs() {
        return List.copyOf(appArgs);
    }
}
