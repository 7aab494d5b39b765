package io.mars.submit.progress;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ProgressReporterTest {
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final PrintStream stream = new PrintStream(err, true, StandardCharsets.UTF_8);
    /** One more subtask done at each reading, of 1000. */
    private final AtomicInteger readings = new AtomicInteger();
    private final ProgressSource advancing = () -> {
        int n = readings.incrementAndGet();
        return Optional.of(new JobProgress(0, 1, Math.min(n, 1000), 1000, JobProgress.UNKNOWN));
    };
    private final ProgressOutput plainEvery100Ms =
            new ProgressOutput(false, 0, ProgressConfig.from(Map.of(ProgressConfig.INTERVAL, "100")));

    @Test
    void printsPlainLinesAtTheIntervalAndNothingAfterClose() throws InterruptedException {
        ProgressReporter reporter = plainEvery100Ms.start(advancing, stream);
        Thread.sleep(550);
        reporter.close();
        String atClose = err.toString(StandardCharsets.UTF_8);
        Thread.sleep(300);

        assertThat(err.toString(StandardCharsets.UTF_8)).as("nothing after close").isEqualTo(atClose);
        assertThat(atClose.lines().count()).isBetween(3L, 7L);
        assertThat(atClose.lines()).allMatch(l -> l.startsWith("mars-submit: progress: tasks 0/1 done | subtasks "));
        // the last line is the reading close() made
        assertThat(atClose.lines().reduce((a, b) -> b).orElseThrow()).contains("subtasks " + readings.get() + "/1000");
        assertThat(Thread.getAllStackTraces().keySet()).noneMatch(t -> t.getName().equals(ProgressReporter.THREAD_NAME)
                && t.isAlive());
    }

    @Test
    void quietPrintsNothingAndStartsNoThread() throws InterruptedException {
        ProgressReporter reporter = new ProgressOutput(true, 0, ProgressConfig.from(Map.of())).start(advancing, stream);
        Thread.sleep(200);
        reporter.close();

        assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
        assertThat(readings.get()).isZero();
    }

    @Test
    void nothingToShowPrintsNothing() throws InterruptedException {
        ProgressReporter reporter = plainEvery100Ms.start(Optional::empty, stream);
        Thread.sleep(250);
        reporter.close();

        assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    @Test
    void aSourceThatFailsOnceDoesNotStopTheReporter() throws InterruptedException {
        AtomicInteger calls = new AtomicInteger();
        ProgressSource flaky = () -> {
            if (calls.incrementAndGet() == 1) {
                throw new IllegalStateException("supervisor busy");
            }
            return Optional.of(new JobProgress(1, 1, 5, 5, JobProgress.UNKNOWN));
        };
        ProgressReporter reporter = plainEvery100Ms.start(flaky, stream);
        Thread.sleep(350);
        reporter.close();

        assertThat(err.toString(StandardCharsets.UTF_8)).contains("tasks 1/1 done | subtasks 5/5");
    }

    @Test
    void anIntervalBelowTheMinimumIsRefusedNamingTheKey() {
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> ProgressConfig.from(Map.of(ProgressConfig.INTERVAL, "50")))
                .hasMessageContaining(ProgressConfig.INTERVAL).hasMessageContaining("50");
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> ProgressConfig.from(Map.of(ProgressConfig.INTERVAL, "soon")))
                .hasMessageContaining(ProgressConfig.INTERVAL).hasMessageContaining("soon");
        assertThat(ProgressConfig.from(Map.of()).interval()).isEqualTo(Duration.ofSeconds(10));
    }
}
