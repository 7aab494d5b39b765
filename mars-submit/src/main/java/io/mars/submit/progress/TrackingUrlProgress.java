package io.mars.submit.progress;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mars.common.rpc.TaskState;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;

/**
 * Progress of a job whose main runs in the ApplicationMaster (cluster mode), as the submitter sees it from outside:
 * the AM's REST API {@code api/tasks} read through the application's tracking URL (the ResourceManager's web proxy),
 * which has every task with its state and its subtasks by state. YARN's application report carries only one figure
 * (the AM's subtasks done over all subtasks, {@code ApplicationProgress}), so it is what this source shows while the
 * REST API cannot be read: before the AM registered its web UI, or where the proxy wants more than a plain HTTP GET
 * (a Kerberos-secured ResourceManager web UI).
 *
 * <p>The submitter's waiting loop, which polls the application report anyway, hands each report's tracking URL and
 * figure to {@link #update}; this source makes no YARN call of its own.
 */
public final class TrackingUrlProgress implements ProgressSource {
    private static final Duration HTTP_TIMEOUT = Duration.ofSeconds(5);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(HTTP_TIMEOUT)
            .followRedirects(HttpClient.Redirect.NORMAL).build();
    private volatile URI tracking;
    private volatile float yarnProgress = -1;

    /**
     * The latest application report's tracking URL (its web UI through the proxy, ending in {@code /}; empty until the
     * AM registered one) and its progress figure.
     */
    public void update(Optional<String> trackingUrl, float progress) {
        tracking = trackingUrl.map(TrackingUrlProgress::base).orElse(null);
        yarnProgress = progress;
    }

    @Override
    public Optional<JobProgress> read() {
        URI base = tracking;
        if (base != null) {
            Optional<JobProgress> fromApi = readApi(base);
            if (fromApi.isPresent()) {
                return fromApi;
            }
        }
        float figure = yarnProgress;
        return figure > 0 ? Optional.of(JobProgress.ofFraction(figure)) : Optional.empty();
    }

    private Optional<JobProgress> readApi(URI base) {
        HttpRequest request = HttpRequest.newBuilder(base.resolve("api/tasks")).timeout(HTTP_TIMEOUT)
                .header("Accept", "application/json").GET().build();
        try {
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                return Optional.empty();
            }
            return of(JSON.readTree(response.body()));
        } catch (IOException | RuntimeException e) {
            return Optional.empty(); // the proxy or the AM is not answering now (or the application just ended)
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    /**
     * The progress in an {@code api/tasks} document: ended tasks over all, and the subtasks of the running tasks (of
     * the last task when none runs). Empty when it lists no task, or is not such a document (a proxy's own page).
     */
    static Optional<JobProgress> of(JsonNode document) {
        JsonNode tasks = document.path("tasks");
        if (!tasks.isArray() || tasks.isEmpty()) {
            return Optional.empty();
        }
        int ended = 0;
        int runningDone = 0;
        int runningTotal = 0;
        boolean anyRunning = false;
        for (JsonNode task : tasks) {
            if (isTerminal(task.path("state").asText())) {
                ended++;
            } else {
                anyRunning = true;
                runningDone += task.at("/subtasks/succeeded").asInt();
                runningTotal += task.at("/subtasks/total").asInt();
            }
        }
        if (!anyRunning) {
            JsonNode last = tasks.get(tasks.size() - 1);
            runningDone = last.at("/subtasks/succeeded").asInt();
            runningTotal = last.at("/subtasks/total").asInt();
        }
        return Optional.of(new JobProgress(ended, tasks.size(), Math.min(runningDone, runningTotal), runningTotal,
                JobProgress.UNKNOWN));
    }

    /** A state this client does not know (a newer AM) counts as not ended. */
    private static boolean isTerminal(String state) {
        try {
            return TaskState.valueOf(state).isTerminal();
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static URI base(String url) {
        return URI.create(url.endsWith("/") ? url : url + "/");
    }
}
