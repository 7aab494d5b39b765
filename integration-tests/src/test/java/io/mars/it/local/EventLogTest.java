package io.mars.it.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.mars.am.history.RecordedApplication;
import io.mars.common.error.MarsException;
import io.mars.dataframe.DataFrame;
import io.mars.dataframe.DataFrames;
import io.mars.submit.client.ClientSession;
import io.mars.submit.local.LocalCluster;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The local cluster's event log ({@code mars.eventlog.dir}): written while it runs, ended and renamed when it closes,
 * read back as the history server reads it: every task with its outcome and error, every subtask run, the workers.
 */
class EventLogTest {
    @TempDir
    Path tmp;

    @Test
    void theLocalClustersLogRecordsItsTasksSubtaskRunsAndErrors() throws Exception {
        Path dir = tmp.resolve("events");
        double sum;
        try (LocalCluster cluster = new LocalCluster(2, Map.of("mars.eventlog.dir", dir.toString(),
                "mars.app.name", "logged"));
             ClientSession session = ClientSession.open(cluster.supervisor(), Map.of(), null)) {
            try (Stream<Path> files = Files.list(dir)) {
                assertThat(files.map(p -> p.getFileName().toString()).toList()).singleElement().asString()
                        .startsWith("local-").endsWith(".jsonl.inprogress");
            }
            Tensor t = Tensors.arange(1000).reshape(10, 100).rechunk(Tensors.chunks(5, 50));
            sum = t.sum().execute(session).getDouble(0);
            // a file read when the plan was made, gone when the task runs: the task fails on a worker
            Path csv = Files.writeString(tmp.resolve("gone.csv"), "a,b\n1,2\n3,4\n");
            DataFrame frame = DataFrames.readCsv(csv.toString());
            Files.delete(csv);
            assertThatThrownBy(() -> frame.execute(session)).isInstanceOf(MarsException.class);
        }
        assertThat(sum).isEqualTo(999 * 1000 / 2.0);
        Path log;
        try (Stream<Path> files = Files.list(dir)) {
            List<Path> left = files.toList();
            assertThat(left).as("only the ended log, no .inprogress and no .crc").singleElement();
            log = left.get(0);
        }
        assertThat(log.getFileName().toString()).endsWith(".jsonl");
        RecordedApplication app;
        try (FileSystem fs = FileSystem.newInstance(new Configuration())) {
            app = RecordedApplication.read(fs, new org.apache.hadoop.fs.Path(log.toUri()));
        }
        assertThat(app.summary().path("name").asText()).isEqualTo("logged");
        assertThat(app.summary().path("status").asText()).isEqualTo("ENDED");
        assertThat(app.summary().path("running").asBoolean()).isFalse();
        assertThat(app.summary().path("conf").path("mars.eventlog.dir").asText()).isEqualTo(dir.toString());
        JsonNode tasks = app.tasks().path("tasks");
        assertThat(tasks.findValuesAsText("state")).containsExactly("SUCCEEDED", "FAILED");
        assertThat(tasks.get(1).at("/error/code").asText()).isNotEmpty();
        assertThat(tasks.get(1).at("/error/message").asText()).contains("gone.csv");
        long succeededSubtasks = 0;
        for (JsonNode t : tasks) {
            succeededSubtasks += t.at("/subtasks/succeeded").asLong() + t.at("/subtasks/failed").asLong();
        }
        assertThat(succeededSubtasks).isPositive();
        JsonNode runs = app.timeline().orElseThrow().path("subtasks");
        assertThat((long) runs.size()).isEqualTo(succeededSubtasks);
        assertThat(runs.findValuesAsText("worker")).containsOnly("worker-0", "worker-1");
        assertThat(app.cluster().path("workerCount").asInt()).isEqualTo(2);
        assertThat(app.workerEvents()).hasSize(2);
    }
}
