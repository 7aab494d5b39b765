package io.mars.container.standalone;

import io.mars.common.config.DaemonArguments;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.memory.WorkerMemory;
import io.mars.common.rpc.flight.RpcSecret;
import io.mars.container.WorkerConfig;
import io.mars.container.rpc.WorkerProcess;
import io.mars.container.services.storage.StorageConfig;
import io.mars.container.services.storage.internal.TieredStorage;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A worker without YARN ({@code bin/mars-worker}), as Mars's "Run on Clusters" page describes: registers with a
 * standalone supervisor, proving the shared secret file, and runs subtasks until the supervisor drops it or is gone
 * (exit 1: a process manager may start it again) or it is stopped (SIGTERM, Ctrl-C; exit 0). Either way its spill
 * files are deleted first.
 *
 * <p>Its memory is laid out as a YARN container's of {@code --phy-mem} ({@link WorkerMemory}): the launcher asks this
 * class for the JVM options of that layout ({@code --jvm-options}) and starts the worker's JVM with them.
 */
public final class StandaloneWorker {
    private static final Logger LOG = LoggerFactory.getLogger(StandaloneWorker.class);
    static final String DEFAULT_PHY_MEM = "90%";
    private static final String WORKER_PREFIX = "worker-";
    private static final Pattern SUPERVISOR = Pattern.compile("(?:mars://)?([^:/\\s]+):([0-9]{1,5})");
    private static final long MB = 1L << 20;
    static final String HELP = """
            Usage: bin/mars-worker -s <supervisor host:port> [options]

            Runs a Mars worker without YARN, registered with a supervisor started by bin/mars-supervisor.
            It stops when the supervisor is gone (exit 1) or on SIGTERM / Ctrl-C (exit 0), deleting its
            spill files either way.

            Options:
              -s, --supervisor <host:port>   The supervisor (also mars://host:port). Required.
              -H, --host <host>              Address to serve on and advertise to the supervisor and the
                                             other workers (default: this machine's host name)
              --phy-mem <size|percent>       Memory of this worker's process, e.g. 8g or 90% of this
                                             machine's memory (default 90%); laid out as a YARN container
                                             of that size (heap, Arrow's direct memory, overhead)
              --cache-mem <size|percent>     Chunk data kept in memory before spilling, e.g. 4g or 50% of
                                             the worker's data memory (default 50%)
              --spill-dir <dir>[:<dir>...]   Local directories to spill to (default: java.io.tmpdir)
              --slots <n>                    Subtasks run at once (default: the number of cores)
              --secret-file <file>           The supervisor's shared secret file (default ~/.mars/secret,
                                             or mars.rpc.secret-file)
              --jars <jar>[,<jar>...]        Jars holding the classes of the jobs' user functions
                                             (mapChunk, Series.map, spawn, ...), read in a loader of
                                             their own; a job's jar does not travel to a standalone
                                             worker
              --conf <key>=<value>           A mars.* setting. Repeatable.
              -h, --help                     This help
            """;
    private static final Set<String> OPTIONS = Set.of("--supervisor", "--host", "--phy-mem", "--cache-mem",
            "--spill-dir", "--slots", "--secret-file", "--jars");
    private static final Map<String, String> ALIASES = Map.of("-s", "--supervisor", "-H", "--host");

    private StandaloneWorker() {
    }

    /** The worker's settings from its command line: where the supervisor is, and the {@code mars.*} settings. */
    record Plan(String supervisorHost, int supervisorPort, String host, Map<String, String> conf, WorkerMemory memory,
                String secretFile, List<Path> jars) {
    }

    /** Reads the command line; INVALID_ARGUMENT naming the option for anything wrong. */
    static Plan plan(String[] args, long physicalBytes, int cores) {
        DaemonArguments parsed = DaemonArguments.parse(args, OPTIONS, ALIASES);
        if (parsed.help()) {
            return null;
        }
        String supervisor = parsed.value("--supervisor").orElseThrow(() -> new MarsException(
                ErrorCode.INVALID_ARGUMENT, "-s/--supervisor <host:port> is required: the address bin/mars-supervisor"
                + " printed"));
        Matcher m = SUPERVISOR.matcher(supervisor.trim());
        if (!m.matches() || Integer.parseInt(m.group(2)) < 1 || Integer.parseInt(m.group(2)) > 65535) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "--supervisor " + supervisor + ": expected host:port"
                    + " (or mars://host:port) with a port from 1 to 65535");
        }
        Map<String, String> conf = new HashMap<>(parsed.conf());
        long phyBytes = parsed.bytes("--phy-mem", parsed.value("--phy-mem").orElse(DEFAULT_PHY_MEM), physicalBytes);
        long phyMb = phyBytes / MB;
        if (phyMb > Integer.MAX_VALUE) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "--phy-mem " + parsed.value("--phy-mem").orElse("")
                    + " is more than this worker can use");
        }
        WorkerMemory memory;
        try {
            memory = WorkerMemory.forContainer((int) phyMb, "--phy-mem");
        } catch (MarsException e) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, e.getMessage(), e);
        }
        conf.put(WorkerMemory.CONTAINER_MB, Long.toString(phyMb));
        parsed.value("--cache-mem").ifPresent(v -> conf.put(StorageConfig.CACHE_MEM, v.trim().endsWith("%") ? v.trim()
                : Long.toString(parsed.bytes("--cache-mem", v, memory.dataBytes()))));
        if (!parsed.list("--spill-dir", ":").isEmpty()) {
            conf.put(StorageConfig.SPILL_DIRS, String.join(",", parsed.list("--spill-dir", ":")));
        }
        conf.put(WorkerConfig.SLOTS, Integer.toString(parsed.positive("--slots", cores)));
        // settings a worker reads, checked now rather than at its first subtask
        try {
            WorkerConfig.from(conf);
            StorageConfig.from(conf, memory.dataBytes(), Map.of());
        } catch (MarsException e) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, e.getMessage(), e);
        }
        String host = parsed.host("--host");
        String secretFile = parsed.value("--secret-file").orElse(conf.get(RpcSecret.FILE_PROPERTY));
        List<Path> jars = new ArrayList<>();
        for (String jar : parsed.list("--jars", ",")) {
            Path p = Path.of(jar);
            if (!Files.isRegularFile(p)) {
                throw new MarsException(ErrorCode.INVALID_ARGUMENT, "--jars: no file " + jar + " (give the jars holding"
                        + " the classes of the jobs' user functions, comma-separated)");
            }
            jars.add(p.toAbsolutePath());
        }
        return new Plan(m.group(1), Integer.parseInt(m.group(2)), host, Map.copyOf(conf), memory,
                RpcSecret.file(secretFile).toString(), List.copyOf(jars));
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /**
     * With {@code --jvm-options} first, prints the JVM options of the worker's memory layout (one per line) for the
     * launcher and returns; else runs the worker. 2 for a usage error, 1 when the worker cannot start or lost its
     * supervisor, 0 when stopped.
     */
    static int run(String[] args, PrintStream out, PrintStream err) {
        boolean jvmOptions = args.length > 0 && args[0].equals("--jvm-options");
        String[] rest = jvmOptions ? java.util.Arrays.copyOfRange(args, 1, args.length) : args;
        Plan plan;
        RpcSecret secret;
        try {
            plan = plan(rest, physicalMemory(), Runtime.getRuntime().availableProcessors());
            if (plan == null) {
                out.print(HELP);
                return jvmOptions ? 3 : 0; // the launcher prints the help itself, without starting a worker
            }
            if (jvmOptions) {
                plan.memory().jvmOptions().forEach(out::println);
                return 0;
            }
            secret = RpcSecret.readFile(Path.of(plan.secretFile()));
        } catch (MarsException e) {
            err.println("mars-worker: " + e.getMessage());
            return e.code() == ErrorCode.INVALID_ARGUMENT ? 2 : 1;
        }
        String id = WORKER_PREFIX + plan.host() + "-" + ProcessHandle.current().pid();
        removeDeadWorkersSpills(plan, err);
        CompletableFuture<String> stop = new CompletableFuture<>();
        CountDownLatch released = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            stop.complete("stopped by a signal");
            try {
                released.await(60, TimeUnit.SECONDS); // until the worker has deleted its spill files
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "mars-worker-shutdown"));
        // user functions (mapChunk, Series.map, ...): their classes come from --jars (a job's jar does not travel here)
        try (URLClassLoader userClasses = new URLClassLoader("mars-job", urls(plan.jars()),
                StandaloneWorker.class.getClassLoader())) {
            String reason = WorkerProcess.serve(id, plan.host(), plan.conf(), Map.of(), secret, plan.supervisorHost(),
                    plan.supervisorPort(), userClasses, stop);
            return stop.isDone() && reason.equals(stop.join()) ? 0 : 1;
        } catch (IOException e) {
            LOG.warn("cannot close the class loader of the user functions' jars: {}", e.toString());
            return 1;
        } catch (MarsException e) {
            LOG.error("worker {} failed", id, e);
            err.println("mars-worker: " + e.getMessage());
            return 1;
        } finally {
            released.countDown();
        }
    }

    /**
     * Deletes the spill directories that earlier workers of this host left in this worker's spill roots when they
     * were killed (kill -9, a crash): those named for a worker id of this host whose process no longer runs. A YARN
     * NodeManager deletes a container's directories; here nobody else would.
     */
    static void removeDeadWorkersSpills(Plan plan, PrintStream err) {
        Pattern left = Pattern.compile(Pattern.quote(TieredStorage.SPILL_DIR_PREFIX + WORKER_PREFIX + plan.host() + "-")
                + "([0-9]+)-[0-9a-f]{8}");
        for (Path root : StorageConfig.from(plan.conf(), plan.memory().dataBytes(), Map.of()).spillDirs()) {
            if (!Files.isDirectory(root)) {
                continue;
            }
            try (Stream<Path> dirs = Files.list(root)) {
                for (Path dir : dirs.toList()) {
                    Matcher m = left.matcher(dir.getFileName().toString());
                    if (m.matches() && ProcessHandle.of(Long.parseLong(m.group(1))).isEmpty()) {
                        LOG.info("deleting {}, left by worker process {} that no longer runs", dir, m.group(1));
                        deleteTree(dir);
                    }
                }
            } catch (IOException | UncheckedIOException e) {
                err.println("mars-worker: warning: cannot clear what dead workers left in " + root + ": " + e);
            }
        }
    }

    private static void deleteTree(Path root) throws IOException {
        try (Stream<Path> all = Files.walk(root)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    private static URL[] urls(List<Path> jars) {
        URL[] urls = new URL[jars.size()];
        for (int i = 0; i < urls.length; i++) {
            try {
                urls[i] = jars.get(i).toUri().toURL();
            } catch (java.net.MalformedURLException e) {
                throw new MarsException(ErrorCode.INVALID_ARGUMENT, "--jars: cannot use " + jars.get(i) + ": " + e);
            }
        }
        return urls;
    }

    private static long physicalMemory() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getTotalMemorySize();
        }
        throw new MarsException(ErrorCode.INVALID_ARGUMENT, "cannot read this machine's memory size; give --phy-mem"
                + " as a size (e.g. 8g)");
    }
}
