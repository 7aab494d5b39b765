package io.mars.am.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Locale;

/**
 * The status page, rendered from the same documents as the JSON API. Every link is relative ({@code api/tasks},
 * never {@code /api/tasks}), so the page works behind the ResourceManager's proxy at {@code /proxy/<app id>/}.
 */
final class StatusPage {
    private static final int REFRESH_SECONDS = 5;
    /** The page lists the newest tasks only, so that it stays small in a long session; the API lists all. */
    static final int MAX_TASKS = 100;

    private StatusPage() {}

    static String render(ObjectNode cluster, ObjectNode sessions, ObjectNode tasks) {
        StringBuilder html = new StringBuilder(4096);
        html.append("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">")
                .append("<meta http-equiv=\"refresh\" content=\"").append(REFRESH_SECONDS).append("\">")
                .append("<title>Mars application</title><style>")
                .append("body{font-family:sans-serif;margin:1.5em}table{border-collapse:collapse;margin-bottom:1.5em}")
                .append("th,td{border:1px solid #ccc;padding:.25em .6em;text-align:right}")
                .append("th:first-child,td:first-child{text-align:left}")
                .append(".bar{display:inline-block;width:8em;height:.8em;background:#eee;vertical-align:middle}")
                .append(".bar span{display:block;height:100%;background:#3a7}")
                .append("</style></head><body>\n<h1>Mars application</h1>\n")
                .append("<p>JSON: <a href=\"api/cluster\">api/cluster</a> | <a href=\"api/sessions\">api/sessions</a>")
                .append(" | <a href=\"api/tasks\">api/tasks</a></p>\n");
        workers(html, cluster);
        sessions(html, sessions);
        tasks(html, tasks);
        return html.append("</body></html>\n").toString();
    }

    private static void workers(StringBuilder html, ObjectNode cluster) {
        html.append("<h2>Workers (").append(cluster.get("workerCount").asInt()).append(", ")
                .append(cluster.get("slots").asLong()).append(" slots)</h2>\n");
        html.append("<table><tr><th>worker</th><th>slots</th><th>memory</th><th>disk</th><th>HDFS</th>")
                .append("<th>spilled chunks</th><th>spill rate</th><th>read-backs</th><th>read-back rate</th></tr>\n");
        for (JsonNode w : cluster.get("workers")) {
            JsonNode storage = w.get("storage");
            html.append("<tr><td>").append(escape(w.get("id").asText())).append("</td><td>")
                    .append(w.get("slots").asInt()).append("</td><td>").append(bytes(storage.get("memoryBytes")))
                    .append("</td><td>").append(bytes(storage.get("diskBytes"))).append("</td><td>")
                    .append(bytes(storage.get("hdfsBytes"))).append("</td><td>")
                    .append(number(storage.get("spilledChunks"))).append("</td><td>")
                    .append(bytes(storage.get("spillBytesPerSecond"))).append("/s</td><td>")
                    .append(number(storage.get("readBacks"))).append("</td><td>")
                    .append(bytes(storage.get("readBackBytesPerSecond"))).append("/s</td></tr>\n");
        }
        html.append("</table>\n");
    }

    private static void sessions(StringBuilder html, ObjectNode sessions) {
        html.append("<h2>Sessions</h2>\n<table><tr><th>session</th><th>kept results</th><th>chunks</th>")
                .append("<th>bytes</th><th>tasks</th><th>active</th></tr>\n");
        for (JsonNode s : sessions.get("sessions")) {
            html.append("<tr><td>").append(escape(s.get("id").asText())).append("</td><td>")
                    .append(s.get("storedTileables").asInt()).append("</td><td>").append(s.get("chunks").asInt())
                    .append("</td><td>").append(bytes(s.get("chunkBytes"))).append("</td><td>")
                    .append(s.get("tasks").asInt()).append("</td><td>").append(s.get("activeTasks").asInt())
                    .append("</td></tr>\n");
        }
        html.append("</table>\n");
    }

    private static void tasks(StringBuilder html, ObjectNode tasks) {
        JsonNode all = tasks.get("tasks");
        int skip = Math.max(0, all.size() - MAX_TASKS);
        html.append("<h2>Tasks</h2>\n");
        if (skip > 0) {
            html.append("<p>The newest ").append(MAX_TASKS).append(" of ").append(all.size())
                    .append(" tasks; <a href=\"api/tasks\">api/tasks</a> lists all.</p>\n");
        }
        html.append("<table><tr><th>task</th><th>state</th><th>progress</th><th>pending</th>")
                .append("<th>running</th><th>succeeded</th><th>failed</th><th>reruns</th><th>elapsed</th>")
                .append("<th>error</th></tr>\n");
        for (int i = skip; i < all.size(); i++) {
            JsonNode t = all.get(i);
            String id = escape(t.get("id").asText());
            JsonNode st = t.get("subtasks");
            double progress = t.get("progress").asDouble();
            html.append("<tr><td><a href=\"api/tasks/").append(id).append("\">").append(id).append("</a></td><td>")
                    .append(t.get("state").asText()).append("</td><td><span class=\"bar\"><span style=\"width:")
                    .append(String.format(Locale.ROOT, "%.1f", progress * 100)).append("%\"></span></span> ")
                    .append(String.format(Locale.ROOT, "%.0f%%", progress * 100)).append("</td>");
            for (String k : new String[] {"pending", "running", "succeeded", "failed", "reruns"}) {
                html.append("<td>").append(st.get(k).asInt()).append("</td>");
            }
            html.append("<td>").append(String.format(Locale.ROOT, "%.1f s", t.get("elapsedMs").asLong() / 1000.0))
                    .append("</td><td>");
            JsonNode error = t.get("error");
            if (!error.isNull()) {
                html.append(escape(error.get("code").asText() + ": " + error.get("message").asText()));
            }
            html.append("</td></tr>\n");
        }
        html.append("</table>\n");
    }

    private static String bytes(JsonNode n) {
        if (n == null || n.isNull()) {
            return "&ndash;";
        }
        double b = n.asDouble();
        String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
        int u = 0;
        while (b >= 1024 && u < units.length - 1) {
            b /= 1024;
            u++;
        }
        return u == 0 ? String.format(Locale.ROOT, "%.0f B", b) : String.format(Locale.ROOT, "%.1f %s", b, units[u]);
    }

    private static String number(JsonNode n) {
        return n == null || n.isNull() ? "&ndash;" : n.asText();
    }

    static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (char c : text.toCharArray()) {
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }
}
