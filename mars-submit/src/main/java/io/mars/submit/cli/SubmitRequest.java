package io.mars.submit.cli;

import io.mars.Session;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * A job ready to run: the command line checked against the files it names and merged with the configuration files.
 *
 * @param master where the job runs
 * @param mainClass the class whose {@code main} runs
 * @param appJar the job's jar, absolute
 * @param jars further jars for the job's class path, absolute, in the order given
 * @param properties the system properties the job runs with: every {@code mars.*} setting, including
 *     {@value Session#MASTER_PROPERTY} and {@value #APP_NAME_PROPERTY}
 * @param appArgs the arguments for the job's {@code main}
 * @param verbose whether to print settings, timings and stack traces
 * @param yarn the YARN resources of the ApplicationMaster (used only with {@code --master yarn})
 * @param deployMode where the job's main runs ({@code --deploy-mode})
 * @param files local files localized into the working directory of the AM and of every worker (YARN), absolute,
 *     with distinct file names
 * @param waitForCompletion false with {@code --no-wait}: return once YARN accepted the application
 * @param quiet {@code --quiet}: no progress output while the job runs
 */
record SubmitRequest(
        Master master,
        String mainClass,
        Path appJar,
        List<Path> jars,
        Map<String, String> properties,
        List<String> appArgs,
        boolean verbose,
        YarnResources yarn,
        DeployMode deployMode,
        List<Path> files,
        boolean waitForCompletion,
        boolean quiet) {
    /** The system property carrying {@code --name}. */
    static final String APP_NAME_PROPERTY = "mars.app.name";
    /** The file in the configuration directory read before {@code --properties-file}. */
    static final String DEFAULTS_FILE = "mars-defaults.properties";
    static final String DEFAULT_MASTER = "local[*]";

    private static final String KEY_PREFIX = "mars.";

    SubmitRequest {
        Objects.requireNonNull(master, "master");
        Objects.requireNonNull(mainClass, "mainClass");
        Objects.requireNonNull(appJar, "appJar");
        jars = List.copyOf(jars);
        properties = Map.copyOf(properties);
        appArgs = List.copyOf(appArgs);
        Objects.requireNonNull(yarn, "yarn");
        Objects.requireNonNull(deployMode, "deployMode");
        files = List.copyOf(files);
    }

    /**
     * The ApplicationMaster's queue, container size, tags and priority.
     *
     * @param queue the YARN queue
     * @param amMemoryMb the AM container's memory in MB
     * @param amVcores the AM container's virtual cores
     * @param tags the application tags ({@code --tags}), in the order given, without duplicates
     * @param priority the application's priority ({@code --priority}); empty: the queue's default
     */
    record YarnResources(String queue, int amMemoryMb, int amVcores, List<String> tags, Optional<Integer> priority) {
        static final String DEFAULT_QUEUE = "default";
        static final int DEFAULT_AM_MEMORY_MB = 1024;
        static final int DEFAULT_AM_VCORES = 1;

        YarnResources {
            Objects.requireNonNull(queue, "queue");
            tags = List.copyOf(tags);
            Objects.requireNonNull(priority, "priority");
        }
    }

    /** The job's name, {@code --name} or else its main class. */
    String appName() {
        return properties.get(APP_NAME_PROPERTY);
    }

    /**
     * Checks {@code args} and merges the configuration, lowest precedence first: {@value #DEFAULTS_FILE} in
     * {@code confDir}, {@code --properties-file}, {@code --conf}, then {@code --master} and {@code --name}. A problem
     * is a user {@link MarsException} naming the option, file or key at fault.
     */
    static SubmitRequest resolve(SubmitArguments args, Optional<Path> confDir) {
        Settings settings = new Settings();
        if (confDir.isPresent()) {
            Path defaults = confDir.get().resolve(DEFAULTS_FILE);
            if (Files.isRegularFile(defaults)) {
                settings.load(defaults, "defaults file " + defaults);
            }
        }
        if (args.propertiesFile().isPresent()) {
            Path file = existingFile(args.propertiesFile().get(), "--properties-file");
            settings.load(file, "--properties-file " + file);
        }
        for (String pair : args.conf()) {
            settings.putConf(pair);
        }
        KnownSettings.checkValues(settings.values);

        Master master = args.master().isPresent()
                ? Master.parse(args.master().get(), "--master")
                : masterFromSettings(settings);
        settings.put(Session.MASTER_PROPERTY, master.spec(), "--master");
        if (!master.isYarn()) {
            for (Map.Entry<String, Optional<String>> option : Map.of("--workers", args.workers(),
                    "--worker-memory", args.workerMemory(), "--worker-vcores", args.workerVcores()).entrySet()) {
                if (option.getValue().isPresent()) {
                    throw usage(args.typedAs(option.getKey()) + " " + option.getValue().get() + ": only --master yarn"
                            + " starts worker containers; " + master.spec() + (master.isStandalone()
                            ? " runs on the workers started with bin/mars-worker"
                            : " runs its workers in this process (local[N] has N)"));
                }
            }
        }

        if (io.mars.submit.local.LocalCluster.isLocalMaster(master.spec())) {
            // the local cluster runs in this JVM: its workers' quotas must fit this heap
            try {
                io.mars.submit.local.LocalCluster.storageConfig(settings.values,
                        io.mars.submit.local.LocalCluster.workerCount(master.spec()), Runtime.getRuntime().maxMemory());
            } catch (MarsException e) {
                throw usage(e.getMessage());
            }
        }

        Path appJar = existingFile(args.appJar().orElseThrow(), "<app jar>");
        List<Path> jars = args.jars().map(SubmitRequest::jarList).orElse(List.of());
        Optional<String> manifestMainClass = manifestMainClass(appJar);
        String mainClass = args.mainClass().or(() -> manifestMainClass).orElseThrow(() -> usage(
                "--class: not given, and " + appJar + " has no Main-Class in its manifest; name the job's main class"
                        + " with --class"));
        if (mainClass.isBlank()) {
            throw usage("--class: the main class name is empty");
        }
        if (args.name().isPresent()) {
            settings.put(APP_NAME_PROPERTY, args.name().get(), "--name");
        } else if (!settings.values.containsKey(APP_NAME_PROPERTY)) {
            settings.put(APP_NAME_PROPERTY, mainClass, "--class");
        }
        String queue = args.queue().orElse(YarnResources.DEFAULT_QUEUE);
        if (queue.isBlank()) {
            throw usage("--queue: the queue name is empty");
        }
        DeployMode deployMode = args.deployMode().map(DeployMode::parse).orElse(DeployMode.CLUSTER);
        int amMemory = amMemoryMb(args, master.isYarn() && deployMode == DeployMode.CLUSTER);
        if (master.isYarn() && deployMode == DeployMode.CLUSTER) {
            // the job's main runs in the AM: its JVM takes them (otherwise bin/mars-submit gave them to this JVM)
            args.driverJavaOptions().filter(v -> !v.isBlank()).ifPresent(v -> settings.put(
                    io.mars.am.yarn.AppSpec.AM_JAVA_OPTIONS, v.trim(), "--driver-java-options"));
        }
        String workersAs = args.typedAs("--workers");
        String workerMemoryAs = args.typedAs("--worker-memory");
        String workerVcoresAs = args.typedAs("--worker-vcores");
        args.workers().ifPresent(v -> settings.put(io.mars.am.yarn.WorkerSpec.WORKERS, String.valueOf(positive(v,
                workersAs)), workersAs));
        args.workerMemory().ifPresent(v -> settings.put(io.mars.am.yarn.WorkerSpec.MEMORY,
                String.valueOf(memoryMb(v, workerMemoryAs)), workerMemoryAs));
        args.workerVcores().ifPresent(v -> settings.put(io.mars.am.yarn.WorkerSpec.VCORES,
                String.valueOf(positive(v, workerVcoresAs)), workerVcoresAs));
        int amVcores = args.amVcores().map(v -> positive(v, "--am-vcores")).orElse(YarnResources.DEFAULT_AM_VCORES);
        List<String> tags = args.tags().map(SubmitRequest::tagList).orElse(List.of());
        Optional<Integer> priority = args.priority().map(SubmitRequest::priority);
        List<Path> files = args.files().map(SubmitRequest::fileList).orElse(List.of());
        if (args.principal().isPresent() || args.keytab().isPresent()) {
            if (!master.isYarn()) {
                throw usage((args.principal().isPresent() ? "--principal" : "--keytab") + ": only --master yarn logs"
                        + " in to Kerberos; " + master.spec() + " reads no secured Hadoop service through mars-submit");
            }
            if (args.principal().isEmpty() || args.keytab().isEmpty()) {
                throw usage((args.principal().isPresent() ? "--principal " + args.principal().get() + " without"
                        + " --keytab" : "--keytab " + args.keytab().get() + " without --principal")
                        + ": give both, or neither to use the ticket of kinit");
            }
            if (args.principal().get().isBlank()) {
                throw usage("--principal: the principal is empty");
            }
            settings.put(io.mars.am.yarn.KerberosConfig.PRINCIPAL, args.principal().get().trim(), "--principal");
            settings.put(io.mars.am.yarn.KerberosConfig.KEYTAB,
                    existingFile(args.keytab().get(), "--keytab").toString(), "--keytab");
        }
        if (args.noWait() && !master.isYarn()) {
            throw usage("--no-wait: only --master yarn can detach; with " + master.spec()
                    + " the job runs in this process");
        }
        if (args.noWait() && deployMode == DeployMode.CLIENT) {
            throw usage("--no-wait: with --deploy-mode client the job runs in this process, so there is nothing to"
                    + " detach from; use --deploy-mode cluster");
        }
        return new SubmitRequest(master, mainClass, appJar, jars, settings.values, args.appArgs(), args.verbose(),
                new YarnResources(queue, amMemory, amVcores, tags, priority), deployMode, files, !args.noWait(),
                args.quiet());
    }

    /**
     * The AM container's memory: {@code --am-memory}, or in cluster mode (the job's main, spark-submit's driver, runs
     * in the AM) spark-submit's {@code --driver-memory}; both given with different sizes is a usage error. Elsewhere
     * {@code --driver-memory} sizes this JVM's heap, which bin/mars-submit sets (-Xmx) before Java starts: it is only
     * checked here.
     */
    private static int amMemoryMb(SubmitArguments args, boolean driverIsTheAm) {
        Optional<Integer> am = args.amMemory().map(v -> memoryMb(v, "--am-memory"));
        Optional<Integer> driver = args.driverMemory().map(v -> memoryMb(v, "--driver-memory"));
        if (!driverIsTheAm || driver.isEmpty()) {
            return am.orElse(YarnResources.DEFAULT_AM_MEMORY_MB);
        }
        if (am.isPresent() && !am.equals(driver)) {
            throw usage("--am-memory " + args.amMemory().get() + " and --driver-memory " + args.driverMemory().get()
                    + " both size the ApplicationMaster, where the job's main runs in cluster mode; give one");
        }
        return driver.get();
    }

    /** {@code a,b,c}: non-empty ASCII tags; YARN lowercases them and its ResourceManager limits count and length. */
    private static List<String> tagList(String list) {
        java.util.LinkedHashSet<String> tags = new java.util.LinkedHashSet<>();
        for (String entry : list.split(",", -1)) {
            String tag = entry.trim();
            if (tag.isEmpty()) {
                throw usage("--tags " + list + ": empty tag; give a comma-separated list such as nightly,team-a");
            }
            if (!tag.chars().allMatch(c -> c >= 0x20 && c < 0x7f)) {
                throw usage("--tags " + list + ": tag '" + tag + "' is not printable ASCII, which YARN requires");
            }
            tags.add(tag);
        }
        return List.copyOf(tags);
    }

    private static int priority(String value) {
        int n;
        try {
            n = Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw usage("--priority " + value + ": not a whole number; YARN priorities are integers >= 0, higher"
                    + " runs first");
        }
        if (n < 0) {
            throw usage("--priority " + value + ": must be 0 or more");
        }
        return n;
    }

    /** {@code --files a,b}: existing files with distinct names, none of the names Mars itself localizes. */
    private static List<Path> fileList(String list) {
        List<Path> files = new ArrayList<>();
        Map<String, Path> byName = new LinkedHashMap<>();
        for (String entry : list.split(",", -1)) {
            String trimmed = entry.trim();
            if (trimmed.isEmpty()) {
                continue;
            }
            Path file = existingFile(trimmed, "--files");
            String name = file.getFileName().toString();
            Path previous = byName.putIfAbsent(name, file);
            if (previous != null) {
                throw usage("--files: " + previous + " and " + file + " have the same name " + name
                        + "; files land in the containers' working directory by name, so rename one");
            }
            if (io.mars.am.yarn.ContainerFiles.isReservedName(name)) {
                throw usage("--files: " + file + ": the name " + name + " is used by Mars in the containers'"
                        + " working directory; rename the file");
            }
            files.add(file);
        }
        if (files.isEmpty()) {
            throw usage("--files: no file in '" + list + "'; give a comma-separated list of files");
        }
        return files;
    }

    /** {@code 512}, {@code 512m} or {@code 2g}, in MB. */
    private static int memoryMb(String value, String option) {
        String v = value.trim().toLowerCase(java.util.Locale.ROOT);
        int factor = 1;
        if (v.endsWith("g")) {
            factor = 1024;
            v = v.substring(0, v.length() - 1);
        } else if (v.endsWith("m")) {
            v = v.substring(0, v.length() - 1);
        }
        int mb = positive(v, option);
        if (mb > Integer.MAX_VALUE / factor) {
            throw usage(option + " " + value + ": too large");
        }
        return mb * factor;
    }

    private static int positive(String value, String option) {
        int n;
        try {
            n = Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw usage(option + " " + value + ": not a positive whole number");
        }
        if (n <= 0) {
            throw usage(option + " " + value + ": must be positive");
        }
        return n;
    }

    private static Master masterFromSettings(Settings settings) {
        String spec = settings.values.get(Session.MASTER_PROPERTY);
        if (spec == null) {
            return new Master(DEFAULT_MASTER);
        }
        return Master.parse(spec, Session.MASTER_PROPERTY + " from " + settings.sources.get(Session.MASTER_PROPERTY));
    }

    private static List<Path> jarList(String list) {
        List<Path> jars = new ArrayList<>();
        for (String entry : list.split(",", -1)) {
            String trimmed = entry.trim();
            if (!trimmed.isEmpty()) {
                Path jar = existingFile(trimmed, "--jars");
                checkJar(jar, "--jars");
                jars.add(jar);
            }
        }
        if (jars.isEmpty()) {
            throw usage("--jars: no jar in '" + list + "'; give a comma-separated list of jar files");
        }
        return jars;
    }

    private static Path existingFile(String name, String option) {
        Path path;
        try {
            path = Path.of(name);
        } catch (InvalidPathException e) {
            throw usage(option + ": not a valid path: '" + name + "'");
        }
        if (Files.isDirectory(path)) {
            throw usage(option + ": " + name + " is a directory, not a file");
        }
        if (!Files.isRegularFile(path)) {
            throw usage(option + ": file not found: " + name);
        }
        if (!Files.isReadable(path)) {
            throw usage(option + ": file not readable: " + name);
        }
        return path.toAbsolutePath().normalize();
    }

    private static void checkJar(Path jar, String option) {
        try (JarFile file = new JarFile(jar.toFile())) {
            file.getManifest(); // reading the central directory and manifest is the check
        } catch (IOException e) {
            throw usage(option + ": " + jar + " is not a readable jar file: " + e.getMessage());
        }
    }

    /** Opens {@code appJar} (so a file that is not a jar fails here, not in the class loader) for its Main-Class. */
    private static Optional<String> manifestMainClass(Path appJar) {
        Manifest manifest;
        try (JarFile jar = new JarFile(appJar.toFile())) {
            manifest = jar.getManifest();
        } catch (IOException e) {
            throw usage("<app jar>: " + appJar + " is not a readable jar file: " + e.getMessage());
        }
        String mainClass = manifest == null ? null : manifest.getMainAttributes().getValue(Attributes.Name.MAIN_CLASS);
        return mainClass == null || mainClass.isBlank() ? Optional.empty() : Optional.of(mainClass.trim());
    }

    private static MarsException usage(String message) {
        return new MarsException(ErrorCode.INVALID_ARGUMENT, message);
    }

    /**
     * The {@code mars.*} settings of a command that runs no job ({@code kill}): {@value #DEFAULTS_FILE} in
     * {@code confDir}, then {@code confPairs} ({@code --conf key=value}), checked as for a job.
     */
    static Map<String, String> commandSettings(Optional<Path> confDir, List<String> confPairs) {
        Settings settings = new Settings();
        if (confDir.isPresent()) {
            Path defaults = confDir.get().resolve(DEFAULTS_FILE);
            if (Files.isRegularFile(defaults)) {
                settings.load(defaults, "defaults file " + defaults);
            }
        }
        confPairs.forEach(settings::putConf);
        return Map.copyOf(settings.values);
    }

    /** The {@code mars.*} settings merged so far, and where each came from, for error messages. */
    private static final class Settings {
        final Map<String, String> values = new TreeMap<>();
        final Map<String, String> sources = new LinkedHashMap<>();

        void load(Path file, String source) {
            Properties properties = new Properties();
            try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                properties.load(reader);
            } catch (IOException | IllegalArgumentException e) {
                throw usage(source + ": cannot read it: " + e.getMessage());
            }
            for (String key : new TreeSet<>(properties.stringPropertyNames())) {
                checkKey(key, source);
                put(key, properties.getProperty(key), source);
            }
        }

        void putConf(String pair) {
            int eq = pair.indexOf('=');
            if (eq < 0) {
                throw usage("--conf " + pair + ": malformed setting; expected key=value, e.g. "
                        + "--conf mars.worker.slots=2");
            }
            String key = pair.substring(0, eq);
            checkKey(key, "--conf " + pair);
            put(key, pair.substring(eq + 1), "--conf");
        }

        void put(String key, String value, String source) {
            values.put(key, value);
            sources.put(key, source);
        }

        private static void checkKey(String key, String source) {
            if (!key.startsWith(KEY_PREFIX) || key.length() == KEY_PREFIX.length()
                    || key.chars().anyMatch(Character::isWhitespace)) {
                throw usage(source + ": key '" + key + "' is not a mars.* key; only mars.* settings are accepted");
            }
        }
    }
}
