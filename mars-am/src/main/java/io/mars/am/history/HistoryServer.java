package io.mars.am.history;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mars.am.web.StatusServlet;
import io.mars.common.config.DaemonArguments;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletRequestWrapper;
import javax.servlet.http.HttpServletResponse;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.eclipse.jetty.ee8.servlet.ServletContextHandler;
import org.eclipse.jetty.ee8.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The history server ({@code bin/mars-history}), as Spark's: serves the applications whose event logs are in one
 * directory ({@value EventLogConfig#DIR}), ended or running: {@code /} lists them, {@code /api/applications} as JSON,
 * and {@code /app/<id>/} is the application's own web UI and REST API ({@code api/cluster}, {@code api/tasks},
 * {@code api/tasks/<id>}, {@code api/timeline}) read from its log. A log is read again when it changed.
 */
public final class HistoryServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(HistoryServer.class);
    static final int DEFAULT_PORT = 18090;
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    static final String HELP = """
            Usage: bin/mars-history --dir <event log directory> [options]

            Serves the web UI and REST API of the Mars applications whose event logs (mars.eventlog.dir)
            are in a directory, ended or running: / lists them, /app/<application id>/ shows one.

            Options:
              --dir <dir>             The event log directory: a local path or a URI (hdfs:///mars/events);
                                      HADOOP_CONF_DIR names the cluster for hdfs://. Required.
              -H, --host <host>       Address to listen on (default: this machine's host name)
              -p, --port <port>       Port (default 18090; 0 picks a free one)
              -h, --help              This help

            Prints one line on stdout once it serves: its URL.
            """;

    private final FileSystem fs;
    private final Path dir;
    private final Server server;
    private final ServerConnector connector;
    private final String host;
    /** Logs read, by path, with the length and time they had: read again when either changed. */
    private final Map<Path, Cached> cache = new ConcurrentHashMap<>();

    private record Cached(long length, long modified, RecordedApplication app) {
    }

    /** A server on {@code host:port} for the logs in {@code dir} (not yet listening). */
    public HistoryServer(String dir, String host, int port, Configuration hadoop) {
        Path directory = new Path(dir);
        try {
            this.fs = FileSystem.newInstance(directory.toUri(), hadoop);
            fs.setVerifyChecksum(false); // the logs are written without .crc files
            this.dir = fs.makeQualified(directory);
            if (!fs.getFileStatus(this.dir).isDirectory()) {
                fs.close();
                throw new MarsException(ErrorCode.INVALID_ARGUMENT, "--dir " + dir + " is not a directory");
            }
        } catch (IOException e) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "--dir " + dir + ": cannot read it (" + e
                    + "); give the directory applications write their event logs to (mars.eventlog.dir)", e);
        }
        this.host = host;
        QueuedThreadPool threads = new QueuedThreadPool(8, 2);
        threads.setName("mars-history-web");
        threads.setDaemon(true);
        server = new Server(threads);
        connector = new ServerConnector(server, 1, 1);
        connector.setHost(host);
        connector.setPort(port);
        server.addConnector(connector);
        ServletContextHandler context = new ServletContextHandler(ServletContextHandler.NO_SESSIONS);
        context.setContextPath("/");
        context.addServlet(new ServletHolder(new Pages()), "/*");
        server.setHandler(context.get());
        server.setStopAtShutdown(false);
    }

    /** Starts listening; returns the base URL. */
    public URI start() {
        try {
            server.start();
        } catch (Exception e) {
            close();
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "the history server cannot listen on " + host + ":"
                    + connector.getPort() + " (" + e + "); give a free port with -p", e);
        }
        URI url = URI.create("http://" + host + ":" + connector.getLocalPort() + "/");
        LOG.info("history server for {} at {}", dir, url);
        return url;
    }

    /** Every application with a log in the directory, newest first. */
    public List<RecordedApplication> applications() throws IOException {
        List<RecordedApplication> apps = new ArrayList<>();
        for (FileStatus f : fs.listStatus(dir)) {
            String name = f.getPath().getName();
            if (f.isFile() && (name.endsWith(EventLogWriter.SUFFIX)
                    || name.endsWith(EventLogWriter.SUFFIX + EventLogWriter.IN_PROGRESS))) {
                apps.add(read(f));
            }
        }
        apps.sort(Comparator.comparingLong((RecordedApplication a) -> a.summary().path("startMs").asLong())
                .reversed());
        return apps;
    }

    private RecordedApplication read(FileStatus f) throws IOException {
        Cached c = cache.get(f.getPath());
        if (c != null && c.length() == f.getLen() && c.modified() == f.getModificationTime()) {
            return c.app();
        }
        RecordedApplication app = RecordedApplication.read(fs, f.getPath());
        cache.put(f.getPath(), new Cached(f.getLen(), f.getModificationTime(), app));
        return app;
    }

    @Override
    public void close() {
        try {
            server.stop();
        } catch (Exception e) {
            LOG.warn("stopping the history server failed", e);
        }
        server.destroy();
        try {
            fs.close();
        } catch (IOException e) {
            LOG.warn("closing the history server's file system failed: {}", e.toString());
        }
    }

    /** {@code /}, {@code /api/applications}, and each application's pages under {@code /app/<id>/}. */
    private final class Pages extends HttpServlet {
        private static final long serialVersionUID = 1L;

        @Override
        protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
            String path = request.getPathInfo() == null ? "/" : request.getPathInfo();
            response.setHeader("Cache-Control", "no-store");
            if (path.equals("/api/applications")) {
                ObjectNode out = JSON.objectNode();
                ArrayNode list = out.putArray("applications");
                applications().forEach(a -> list.add(a.summary()));
                send(response, HttpServletResponse.SC_OK, "application/json", MAPPER.writeValueAsString(out));
            } else if (path.equals("/")) {
                send(response, HttpServletResponse.SC_OK, "text/html", listPage(applications()));
            } else if (path.startsWith("/app/")) {
                String rest = path.substring("/app/".length());
                int slash = rest.indexOf('/');
                String id = slash < 0 ? rest : rest.substring(0, slash);
                if (slash < 0) {
                    response.sendRedirect(id + "/"); // the application's pages use relative URLs
                    return;
                }
                RecordedApplication app = applications().stream().filter(a -> a.id().equals(id)).findFirst()
                        .orElse(null);
                if (app == null) {
                    notFound(response, "no application '" + id + "' in " + dir + "; / lists them");
                    return;
                }
                String inner = rest.substring(slash);
                try {
                    new StatusServlet(app).service(new HttpServletRequestWrapper(request) {
                        @Override
                        public String getPathInfo() {
                            return inner;
                        }
                    }, response);
                } catch (javax.servlet.ServletException e) {
                    throw new IOException(e);
                }
            } else {
                notFound(response, "no page at " + path + "; / lists the applications, /api/applications as JSON");
            }
        }

        private void notFound(HttpServletResponse response, String message) throws IOException {
            ObjectNode body = JSON.objectNode();
            ObjectNode error = body.putObject("error");
            error.put("code", ErrorCode.INVALID_ARGUMENT.name());
            error.put("message", message);
            send(response, HttpServletResponse.SC_NOT_FOUND, "application/json", MAPPER.writeValueAsString(body));
        }

        private void send(HttpServletResponse response, int status, String type, String body) throws IOException {
            response.setStatus(status);
            response.setContentType(type + ";charset=utf-8");
            response.getOutputStream().write(body.getBytes(StandardCharsets.UTF_8));
        }
    }

    private String listPage(List<RecordedApplication> apps) {
        StringBuilder html = new StringBuilder("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
                + "<title>Mars history</title><style>body{font-family:sans-serif;margin:1.5em}"
                + "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.3em .6em;text-align:left}"
                + "</style></head><body><h1>Mars applications</h1><p>Event logs in ")
                .append(escape(dir.toString())).append("</p><table><tr><th>application</th><th>name</th>"
                        + "<th>user</th><th>started</th><th>ended</th><th>status</th><th>tasks</th></tr>");
        for (RecordedApplication a : apps) {
            ObjectNode s = a.summary();
            html.append("<tr><td><a href=\"app/").append(escape(a.id())).append("/\">").append(escape(a.id()))
                    .append("</a></td><td>").append(escape(s.path("name").asText())).append("</td><td>")
                    .append(escape(s.path("user").asText())).append("</td><td>")
                    .append(time(s.path("startMs").asLong())).append("</td><td>")
                    .append(s.path("running").asBoolean() ? "running" : time(s.path("endMs").asLong()))
                    .append("</td><td>").append(escape(s.path("status").asText(""))).append("</td><td>")
                    .append(s.path("tasks").asInt()).append("</td></tr>");
        }
        return html.append("</table></body></html>\n").toString();
    }

    private static String time(long epochMs) {
        return epochMs == 0 ? "" : Instant.ofEpochMilli(epochMs).toString();
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        HistoryServer server;
        URI url;
        try {
            DaemonArguments parsed = DaemonArguments.parse(args, Set.of("--dir", "--host", "--port"),
                    Map.of("-H", "--host", "-p", "--port"));
            if (parsed.help()) {
                out.print(HELP);
                return 0;
            }
            String dir = parsed.value("--dir").orElseThrow(() -> new MarsException(ErrorCode.INVALID_ARGUMENT,
                    "--dir <event log directory> is required (the applications' mars.eventlog.dir)"));
            server = new HistoryServer(dir, parsed.host("--host"),
                    parsed.port("--port", DEFAULT_PORT), new org.apache.hadoop.yarn.conf.YarnConfiguration());
            url = server.start();
        } catch (MarsException e) {
            err.println("mars-history: " + e.getMessage());
            return e.code() == ErrorCode.INVALID_ARGUMENT ? 2 : 1;
        }
        URI served = url;
        DaemonArguments.serveUntilStopped("mars-history-shutdown", server::close, () -> {
            out.println("mars-history: serving " + served);
            out.flush();
        });
        return 0;
    }
}
