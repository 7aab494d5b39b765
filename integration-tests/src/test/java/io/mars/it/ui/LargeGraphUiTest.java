package io.mars.it.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mars.submit.client.ClientSession;
import io.mars.submit.local.LocalCluster;
import io.mars.submit.local.LocalWebConfig;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import java.io.InputStream;
import java.net.URI;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The task view of a real task of more than 10^5 subtasks (a tensor of {@value #CHUNKS} one-element chunks, summed):
 * its graph's JSON, aggregated per tileable, stays under 1 MB, and the browser paints the graph within 2 s of opening
 * the page.
 */
class LargeGraphUiTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int CHUNKS = 100_000;

    @Test
    void aTaskOfAHundredThousandSubtasksShipsAGraphUnderOneMegabyteAndPaintsItWithinTwoSeconds() throws Exception {
        BrowserCheck.requireChromium();
        try (LocalCluster cluster = new LocalCluster(2, Map.of(LocalWebConfig.PORT, "0"));
             ClientSession session = ClientSession.open(cluster.supervisor(), Map.of(), null)) {
            URI ui = cluster.webUrl().orElseThrow();
            long started = System.nanoTime();
            Tensor ones = Tensors.ones(Tensors.shape(CHUNKS), Tensors.chunks(1));
            assertThat(ones.sum().execute(session).getDouble(0)).isEqualTo(CHUNKS);
            System.out.printf("LargeGraphUiTest: %d chunks summed in %d ms%n", CHUNKS,
                    (System.nanoTime() - started) / 1_000_000);

            JsonNode task = JSON.readTree(ui.resolve("api/tasks").toURL()).get("tasks").get(0);
            String id = task.get("id").asText();
            assertThat(task.get("state").asText()).isEqualTo("SUCCEEDED");
            assertThat(task.at("/subtasks/total").asLong()).as("subtasks").isGreaterThanOrEqualTo(CHUNKS);
            byte[] graph;
            try (InputStream in = ui.resolve("api/tasks/" + id + "/graph").toURL().openStream()) {
                graph = in.readAllBytes();
            }
            assertThat(graph.length).as("bytes of the graph's JSON").isLessThan(1 << 20);

            JsonNode shown = BrowserCheck.graphPaint(ui, "large", id);
            System.out.printf("LargeGraphUiTest: graph of %d bytes painted at %d ms%n",
                    shown.get("graphJsonBytes").asLong(), shown.get("graphPaintMs").asLong());
            assertThat(shown.get("graphJsonBytes").asLong()).as("what the browser received").isEqualTo(graph.length);
            assertThat(shown.get("graphPaintMs").asLong()).as("first paint of the graph, ms from navigation start")
                    .isPositive().isLessThan(2000);
            JsonNode nodes = JSON.readTree(graph).get("nodes");
            assertThat(shown.get("nodes").size()).as("tileables drawn").isEqualTo(nodes.size()).isPositive();
            long drawnTotal = 0;
            for (JsonNode n : shown.get("nodes")) {
                drawnTotal += n.get("total").asLong();
            }
            assertThat(drawnTotal).as("subtasks over the drawn tileables").isEqualTo(task.at("/subtasks/total").asLong());
        }
    }
}
