package io.mars.am.standalone;

import io.mars.am.GraphWarmup;
import io.mars.am.Supervisor;
import io.mars.am.history.EventLogWriter;
import io.mars.am.rpc.SupervisorEndpoint;
import io.mars.am.services.task.TaskEvents;
import io.mars.am.state.internal.MemoryOnlyStateStore;
import io.mars.am.web.StatusReport;
import io.mars.am.web.TimelineRecorder;
import io.mars.am.services.cluster.internal.StaticCluster;
import io.mars.am.web.AmWebServer;
import io.mars.am.web.WebConfig;
import io.mars.common.config.DaemonArguments;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.memory.ArrowAllocators;
import io.mars.common.rpc.flight.HeartbeatConfig;
import io.mars.common.rpc.flight.RpcSecret;
import io.mars.common.tiling.TilerRegistry;
import io.mars.common.wire.Warmup;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.arrow.memory.RootAllocator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A supervisor without YARN ({@code bin/mars-supervisor}), as Mars's "Run on Clusters" page describes: the supervisor
 * services, their RPC endpoint for workers ({@code bin/mars-worker}) and clients ({@code mars://host:port}), and the
 * web UI with its REST API, in one process. Every process proves the secret of a shared file. It runs until it is
 * stopped (SIGTERM, Ctrl-C), then closes what it started; its workers see it gone and stop.
 *
 * <p>Its state is in memory only: a supervisor that stops ends its sessions; workers and jobs must be started again.
 */
public final class StandaloneSupervisor implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(StandaloneSupervisor.class);
    static final int DEFAULT_PORT = 7103;
    static final int DEFAULT_WEB_PORT = 7104;
    static final String HELP = """
            Usage: bin/mars-supervisor [options]

            Runs a Mars supervisor without YARN: the supervisor services, the RPC endpoint workers
            (bin/mars-worker) and jobs (--master mars://host:port, Session.connect) reach, and the web UI
            with its REST API. Stop it with SIGTERM or Ctrl-C; its workers then stop too.

            Options:
              -H, --host <host>          Address to listen on and to advertise (default: this machine's
                                         host name)
              -p, --port <port>          RPC port (default 7103; 0 picks a free one)
              -w, --web-port <port>      Web UI and REST port (default 7104; 0 picks a free one)
              --secret-file <file>       The secret every worker and client must prove (default
                                         ~/.mars/secret, or mars.rpc.secret-file); created, mode 600,
                                         when missing. Give workers and clients the same file.
              --conf <key>=<value>       A mars.* setting (scheduling, heartbeats, ...). Repeatable.
              -h, --help                 This help

            Prints one line on stdout once it serves: its mars:// address and its web UI's URL.
            """;

    private final RootAllocator allocator;
    private final Supervisor supervisor;
    private final SupervisorEndpoint endpoint;
    private final AmWebServer web;
    private final URI webUrl;
    private final EventLogWriter events;

    private StandaloneSupervisor(RootAllocator allocator, Supervisor supervisor, SupervisorEndpoint endpoint,
                                 AmWebServer web, URI webUrl, EventLogWriter events) {
        this.events = events;
        this.allocator = allocator;
        this.supervisor = supervisor;
        this.endpoint = endpoint;
        this.web = web;
        this.webUrl = webUrl;
    }

    /** Starts the services on {@code host}: RPC on {@code port}, the web UI on {@code webPort} (0: any free one). */
    public static StandaloneSupervisor start(String host, int port, int webPort, RpcSecret secret,
                                             Map<String, String> conf) {
        Map<String, String> settings = new HashMap<>(conf);
        settings.put(WebConfig.PORT, Integer.toString(webPort));
        WebConfig webConfig = WebConfig.from(settings);
        Duration heartbeatTimeout = HeartbeatConfig.from(settings).timeout();
        try (RootAllocator warm = ArrowAllocators.root()) {
            Warmup.codecs(warm);
            GraphWarmup.tileableGraphs();
        }
        List<AutoCloseable> opened = new ArrayList<>();
        try {
            RootAllocator allocator = ArrowAllocators.root();
            opened.add(allocator);
            StaticCluster cluster = new StaticCluster();
            TimelineRecorder timeline = new TimelineRecorder(TimelineRecorder.DEFAULT_CAPACITY);
            cluster.addListener(timeline);
            EventLogWriter events = EventLogWriter.open(settings, "standalone-" + System.currentTimeMillis() + "-"
                    + port, "standalone supervisor", "mars://" + host + ":" + port,
                    new org.apache.hadoop.conf.Configuration()).orElse(null);
            if (events != null) {
                opened.add(events);
                cluster.addListener(events);
            }
            Supervisor supervisor = new Supervisor(cluster, settings, TilerRegistry.standard(),
                    new MemoryOnlyStateStore(), TaskEvents.all(events, timeline));
            opened.add(supervisor);
            SupervisorEndpoint endpoint = new SupervisorEndpoint(supervisor, cluster, secret, host, port, allocator,
                    heartbeatTimeout);
            opened.add(endpoint);
            AmWebServer web = new AmWebServer(host, webConfig, new StatusReport(() -> List.of(supervisor),
                    Optional.of(timeline), Optional.of(settings)), Optional.empty());
            opened.add(web);
            URI url = web.start();
            return new StandaloneSupervisor(allocator, supervisor, endpoint, web, url, events);
        } catch (RuntimeException | Error e) {
            for (int i = opened.size() - 1; i >= 0; i--) {
                try {
                    opened.get(i).close();
                } catch (Exception suppressed) {
                    e.addSuppressed(suppressed);
                }
            }
            throw e;
        }
    }

    /** The address workers and clients use: {@code mars://host:port}. */
    public String master() {
        return "mars://" + endpoint.host() + ":" + endpoint.port();
    }

    public URI webUrl() {
        return webUrl;
    }

    public Supervisor supervisor() {
        return supervisor;
    }

    /** Stops serving: the web UI, the endpoint (workers see the supervisor gone), the services, the allocator. */
    @Override
    public void close() {
        if (events != null) {
            events.end("ENDED", "", () -> new StatusReport(() -> List.of(supervisor)).cluster());
        }
        web.close();
        endpoint.close();
        supervisor.close();
        allocator.close();
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Parses, starts and serves until the JVM is asked to stop; returns 2 for a usage error, 1 if it cannot start. */
    static int run(String[] args, PrintStream out, PrintStream err) {
        DaemonArguments parsed;
        String host;
        RpcSecret secret;
        Path secretFile;
        int port;
        int webPort;
        try {
            parsed = DaemonArguments.parse(args, Set.of("--host", "--port", "--web-port", "--secret-file"),
                    Map.of("-H", "--host", "-p", "--port", "-w", "--web-port"));
            if (parsed.help()) {
                out.print(HELP);
                return 0;
            }
            host = parsed.host("--host");
            port = parsed.port("--port", DEFAULT_PORT);
            webPort = parsed.port("--web-port", DEFAULT_WEB_PORT);
            secretFile = RpcSecret.file(parsed.value("--secret-file")
                    .orElse(parsed.conf().get(RpcSecret.FILE_PROPERTY)));
            secret = RpcSecret.readOrCreateFile(secretFile, w -> err.println("mars-supervisor: warning: " + w));
        } catch (MarsException e) {
            err.println("mars-supervisor: " + e.getMessage());
            return e.code() == ErrorCode.INVALID_ARGUMENT ? 2 : 1;
        }
        StandaloneSupervisor running;
        try {
            running = start(host, port, webPort, secret, parsed.conf());
        } catch (MarsException e) {
            err.println("mars-supervisor: cannot start: " + e.getMessage());
            return 1;
        }
        DaemonArguments.serveUntilStopped("mars-supervisor-shutdown", () -> {
            LOG.info("stopping: closing the supervisor at {}", running.master());
            running.close();
        }, () -> {
            LOG.info("supervisor serving {} (web UI {}); secret file {}", running.master(), running.webUrl(),
                    secretFile);
            out.println("mars-supervisor: serving " + running.master() + " web " + running.webUrl()
                    + " secret-file " + secretFile);
            out.flush();
        });
        return 0;
    }
}
