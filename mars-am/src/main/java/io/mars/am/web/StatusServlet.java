package io.mars.am.web;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Routes GET requests: {@code /} the web app (its files bundled into the jar under {@value #UI}), {@code /status} the
 * server-rendered status page, {@code /api/cluster}, {@code /api/sessions}, {@code /api/tasks},
 * {@code /api/tasks/<id>} and (when the source keeps them) {@code /api/timeline}, {@code /api/workers/series} and
 * {@code /api/config} the JSON
 * documents. Errors are JSON too: {@code {"error": {"code", "message"}}}.
 */
public final class StatusServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(StatusServlet.class);
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String TASK_PREFIX = "/api/tasks/";
    private static final String GRAPH_SUFFIX = "/graph";
    private static final String SUBTASKS_SUFFIX = "/subtasks";
    /** Where the build puts the web app's bundle (mars-am/src/main/frontend, see its package.json). */
    static final String UI = "/io/mars/am/web/ui/";
    private static final Map<String, String> UI_FILES = Map.of(
            "/", "index.html", "/index.html", "index.html", "/app.js", "app.js", "/app.css", "app.css",
            "/uplot.css", "uplot.css");

    private final transient StatusSource report;

    public StatusServlet(StatusSource report) {
        this.report = report;
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String path = request.getPathInfo() == null ? "/" : request.getPathInfo();
        response.setHeader("Cache-Control", "no-store");
        try {
            switch (path) {
                case "/", "/index.html", "/app.js", "/app.css", "/uplot.css" -> uiFile(response, UI_FILES.get(path));
                case "/status" -> html(response, StatusPage.render(report.cluster(), report.sessions(), report.tasks()));
                case "/api/config" -> {
                    Optional<ObjectNode> config = report.config();
                    if (config.isPresent()) {
                        json(response, HttpServletResponse.SC_OK, config.get());
                    } else {
                        error(response, HttpServletResponse.SC_NOT_FOUND, ErrorCode.INVALID_ARGUMENT, "this server"
                                + " does not know the application's configuration");
                    }
                }
                case "/api/cluster" -> json(response, HttpServletResponse.SC_OK, report.cluster());
                case "/api/workers/series" -> {
                    Optional<ObjectNode> series = report.workerSeries();
                    if (series.isPresent()) {
                        json(response, HttpServletResponse.SC_OK, series.get());
                    } else {
                        error(response, HttpServletResponse.SC_NOT_FOUND, ErrorCode.INVALID_ARGUMENT, "this server"
                                + " keeps no samples of the workers (an ended application's are not recorded)");
                    }
                }
                case "/api/sessions" -> json(response, HttpServletResponse.SC_OK, report.sessions());
                case "/api/tasks", "/api/tasks/" -> json(response, HttpServletResponse.SC_OK, report.tasks());
                case "/api/timeline" -> {
                    Optional<ObjectNode> timeline = report.timeline();
                    if (timeline.isPresent()) {
                        json(response, HttpServletResponse.SC_OK, timeline.get());
                    } else {
                        error(response, HttpServletResponse.SC_NOT_FOUND, ErrorCode.INVALID_ARGUMENT, "this server"
                                + " keeps no timeline; the history server (bin/mars-history) serves it from the event"
                                + " log (mars.eventlog.dir)");
                    }
                }
                default -> {
                    if (path.startsWith(TASK_PREFIX) && path.indexOf('/', TASK_PREFIX.length()) < 0) {
                        task(response, path.substring(TASK_PREFIX.length()));
                    } else if (path.startsWith(TASK_PREFIX) && path.endsWith(SUBTASKS_SUFFIX)
                            && path.indexOf('/', TASK_PREFIX.length()) == path.length() - SUBTASKS_SUFFIX.length()) {
                        subtasks(request, response,
                                path.substring(TASK_PREFIX.length(), path.length() - SUBTASKS_SUFFIX.length()));
                    } else if (path.startsWith(TASK_PREFIX) && path.endsWith(GRAPH_SUFFIX)
                            && path.indexOf('/', TASK_PREFIX.length()) == path.length() - GRAPH_SUFFIX.length()) {
                        String taskId = path.substring(TASK_PREFIX.length(), path.length() - GRAPH_SUFFIX.length());
                        Optional<ObjectNode> graph = report.taskGraph(taskId);
                        if (graph.isPresent()) {
                            json(response, HttpServletResponse.SC_OK, graph.get());
                        } else {
                            error(response, HttpServletResponse.SC_NOT_FOUND, ErrorCode.INVALID_ARGUMENT, "no graph of"
                                    + " task '" + taskId + "' here; api/tasks lists the tasks");
                        }
                    } else {
                        error(response, HttpServletResponse.SC_NOT_FOUND, ErrorCode.INVALID_ARGUMENT, "no page at "
                                + path + "; the API has api/cluster, api/sessions, api/tasks, api/tasks/<task id>,"
                                + " api/tasks/<task id>/graph, api/tasks/<task id>/subtasks?tileable=<key>, api/timeline,"
                                + " api/workers/series and api/config");
                    }
                }
            }
        } catch (MarsException e) {
            LOG.warn("status request {} failed", path, e);
            error(response, HttpServletResponse.SC_SERVICE_UNAVAILABLE, e.code(), e.getMessage());
        }
    }

    /** {@code api/tasks/<id>/subtasks?tileable=<key>&offset=<n>&limit=<n>}: a bad parameter is a 400 naming it. */
    private void subtasks(HttpServletRequest request, HttpServletResponse response, String taskId) throws IOException {
        String tileable = request.getParameter("tileable");
        if (tileable == null || tileable.isEmpty()) {
            error(response, HttpServletResponse.SC_BAD_REQUEST, ErrorCode.INVALID_ARGUMENT, "tileable is required: the"
                    + " key of a node of api/tasks/" + taskId + "/graph");
            return;
        }
        Optional<ObjectNode> page;
        try {
            page = report.subtasks(taskId, tileable, intParameter(request, "offset", 0),
                    intParameter(request, "limit", SubtaskPage.DEFAULT_LIMIT));
        } catch (MarsException e) {
            error(response, HttpServletResponse.SC_BAD_REQUEST, e.code(), e.getMessage());
            return;
        }
        if (page.isPresent()) {
            json(response, HttpServletResponse.SC_OK, page.get());
        } else {
            error(response, HttpServletResponse.SC_NOT_FOUND, ErrorCode.INVALID_ARGUMENT, "this server keeps no"
                    + " subtask runs");
        }
    }

    private static int intParameter(HttpServletRequest request, String name, int otherwise) {
        String value = request.getParameter(name);
        if (value == null || value.isEmpty()) {
            return otherwise;
        }
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, name + " must be a whole number, got '" + value + "'");
        }
    }

    private void task(HttpServletResponse response, String taskId) throws IOException {
        Optional<ObjectNode> task = report.task(taskId);
        if (task.isPresent()) {
            json(response, HttpServletResponse.SC_OK, task.get());
        } else {
            error(response, HttpServletResponse.SC_NOT_FOUND, ErrorCode.INVALID_ARGUMENT, "no task with id '" + taskId
                    + "'; api/tasks lists the tasks");
        }
    }

    private static void uiFile(HttpServletResponse response, String name) throws IOException {
        try (InputStream in = StatusServlet.class.getResourceAsStream(UI + name)) {
            if (in == null) {
                error(response, HttpServletResponse.SC_NOT_FOUND, ErrorCode.INTERNAL_ERROR, "this build has no web app"
                        + " (" + name + " was not bundled: the build needs node and npm); status shows the status page");
                return;
            }
            response.setStatus(HttpServletResponse.SC_OK);
            response.setContentType(CONTENT_TYPES.get(name.substring(name.lastIndexOf('.') + 1)));
            in.transferTo(response.getOutputStream());
        }
    }

    private static final Map<String, String> CONTENT_TYPES = Map.of(
            "html", "text/html;charset=utf-8", "js", "text/javascript;charset=utf-8", "css", "text/css;charset=utf-8");

    private static void error(HttpServletResponse response, int status, ErrorCode code, String message)
            throws IOException {
        ObjectNode body = JsonNodeFactory.instance.objectNode();
        ObjectNode error = body.putObject("error");
        error.put("code", code.name());
        error.put("message", message);
        json(response, status, body);
    }

    private static void json(HttpServletResponse response, int status, ObjectNode body) throws IOException {
        response.setStatus(status);
        response.setContentType("application/json;charset=utf-8");
        response.getOutputStream().write(MAPPER.writeValueAsBytes(body));
    }

    private static void html(HttpServletResponse response, String page) throws IOException {
        response.setStatus(HttpServletResponse.SC_OK);
        response.setContentType("text/html;charset=utf-8");
        response.getOutputStream().write(page.getBytes(StandardCharsets.UTF_8));
    }
}
