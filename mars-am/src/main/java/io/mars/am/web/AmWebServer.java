package io.mars.am.web;

import io.mars.am.Supervisor;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import javax.servlet.DispatcherType;
import org.eclipse.jetty.ee8.servlet.FilterHolder;
import org.eclipse.jetty.ee8.servlet.ServletContextHandler;
import org.eclipse.jetty.ee8.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.eclipse.jetty.util.thread.ScheduledExecutorScheduler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The AM's HTTP server: the web app at {@code /}, the server-rendered status page at {@code /status} and the JSON API
 * under {@code /api/}, read-only views of the
 * supervisors' services. On YARN every request first passes YARN's {@code AmIpFilter}, so only the ResourceManager's
 * web proxy reaches the UI and anyone else is redirected to the proxy. It owns its threads ({@value #THREAD_NAME}-*)
 * and its socket; {@link #close()} releases both. When its source samples the workers
 * ({@link StatusSource#sampleInterval()}), Jetty's scheduler, one of those threads, takes the samples.
 */
public final class AmWebServer implements AutoCloseable {
    static final String THREAD_NAME = "mars-web";
    private static final Logger LOG = LoggerFactory.getLogger(AmWebServer.class);
    /** Enough for a few browsers and the proxy; the pages are small and answered from in-memory state. */
    private static final int MAX_THREADS = 8;
    private static final int MIN_THREADS = 2;

    private final Server server;
    private final ScheduledExecutorScheduler scheduler;
    private final StatusSource source;
    private final ServerConnector connector;
    private final String host;

    /**
     * A server on {@code host} (the AM's host name, which also goes into the tracking URL), showing what
     * {@code supervisors} returns at each request, behind {@code proxyFilter} when given.
     */
    public AmWebServer(String host, WebConfig config, Supplier<List<Supervisor>> supervisors,
                       Optional<YarnProxyFilter> proxyFilter) {
        this(host, config, supervisors, proxyFilter, Optional.empty());
    }

    /** As above, serving {@code api/timeline} from {@code timeline} when given. */
    public AmWebServer(String host, WebConfig config, Supplier<List<Supervisor>> supervisors,
                       Optional<YarnProxyFilter> proxyFilter, Optional<TimelineRecorder> timeline) {
        this(host, config, new StatusReport(Objects.requireNonNull(supervisors, "supervisors"), timeline),
                proxyFilter);
    }

    /** A server showing what {@code source} answers at each request, behind {@code proxyFilter} when given. */
    public AmWebServer(String host, WebConfig config, StatusSource source, Optional<YarnProxyFilter> proxyFilter) {
        this.host = Objects.requireNonNull(host, "host");
        Objects.requireNonNull(source, "source");
        QueuedThreadPool threads = new QueuedThreadPool(MAX_THREADS, MIN_THREADS);
        threads.setName(THREAD_NAME);
        threads.setDaemon(true);
        // the scheduler Jetty keeps for its timeouts also takes the workers' samples: no thread of the UI's own
        scheduler = new ScheduledExecutorScheduler(THREAD_NAME + "-scheduler", true);
        server = new Server(threads, scheduler, null);
        this.source = source;
        connector = new ServerConnector(server, 1, 1);
        connector.setHost(host);
        connector.setPort(config.port());
        server.addConnector(connector);
        ServletContextHandler context = new ServletContextHandler(ServletContextHandler.NO_SESSIONS);
        context.setContextPath("/");
        proxyFilter.ifPresent(f -> {
            FilterHolder holder = new FilterHolder(f.newFilter());
            holder.setName("AM_PROXY_FILTER");
            holder.setInitParameters(f.parameters());
            context.addFilter(holder, "/*", EnumSet.of(DispatcherType.REQUEST));
        });
        context.addServlet(new ServletHolder(new StatusServlet(source)), "/*");
        server.setHandler(context.get());
        server.setStopAtShutdown(false);
    }

    /** Starts listening; returns the base URL ({@code http://host:port/}) to register as the tracking URL. */
    public URI start() {
        try {
            server.start();
        } catch (Exception e) {
            close();
            throw new MarsException(ErrorCode.INVALID_CONFIG, "the AM web UI cannot listen on " + host + ":"
                    + connector.getPort() + " (" + e + "); set " + WebConfig.PORT + " to a free port, or 0", e);
        }
        source.sampleInterval().ifPresent(this::sampleEvery);
        URI url = url();
        LOG.info("web UI listening at {}", url);
        return url;
    }

    /** Samples the workers now and every {@code interval} after, until the server stops. */
    private void sampleEvery(Duration interval) {
        if (!server.isRunning()) {
            return;
        }
        try {
            source.sampleWorkers();
        } catch (RuntimeException e) {
            LOG.warn("sampling the workers failed", e);
        }
        scheduler.schedule(() -> sampleEvery(interval), interval.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** The base URL, once started. */
    public URI url() {
        int port = connector.getLocalPort();
        if (port <= 0) {
            throw new MarsException(ErrorCode.ILLEGAL_STATE_TRANSITION, "the AM web UI is not listening");
        }
        return URI.create("http://" + host + ":" + port + "/");
    }

    @Override
    public void close() {
        try {
            server.stop();
        } catch (Exception e) {
            LOG.warn("stopping the web UI failed", e);
        }
        server.destroy();
    }
}
