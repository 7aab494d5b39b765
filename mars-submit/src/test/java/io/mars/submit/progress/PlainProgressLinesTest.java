package io.mars.submit.progress;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class PlainProgressLinesTest {
    private final ByteArrayOutputStream log = new ByteArrayOutputStream();
    private final PlainProgressLines lines = new PlainProgressLines(new PrintStream(log, true, StandardCharsets.UTF_8));

    @Test
    void printsALineOnlyWhenTheCountsChanged() {
        lines.show(new JobProgress(0, 1, 10, 200, JobProgress.UNKNOWN), Duration.ofSeconds(10));
        lines.show(new JobProgress(0, 1, 10, 200, JobProgress.UNKNOWN), Duration.ofSeconds(20));
        lines.show(new JobProgress(1, 2, 0, 0, 1536), Duration.ofSeconds(3725));
        lines.finish(new JobProgress(2, 2, 50, 50, 1536), Duration.ofSeconds(3730));

        assertThat(log.toString(StandardCharsets.UTF_8)).isEqualTo("""
                mars-submit: progress: tasks 0/1 done | subtasks 10/200 | elapsed 0:00:10
                mars-submit: progress: tasks 1/2 done | spilled 1.5 KiB | elapsed 1:02:05
                mars-submit: progress: tasks 2/2 done | subtasks 50/50 | spilled 1.5 KiB | elapsed 1:02:10
                """);
    }

    @Test
    void aJobThatPrintedNoLineGetsNoLastLine() {
        lines.finish(new JobProgress(1, 1, 8, 8, JobProgress.UNKNOWN), Duration.ofSeconds(2));

        assertThat(log.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    @Test
    void theLastLineIsNotRepeated() {
        lines.show(new JobProgress(1, 1, 8, 8, JobProgress.UNKNOWN), Duration.ofSeconds(10));
        lines.finish(new JobProgress(1, 1, 8, 8, JobProgress.UNKNOWN), Duration.ofSeconds(12));

        assertThat(log.toString(StandardCharsets.UTF_8).lines()).hasSize(1);
    }

    @Test
    void yarnsFigureAloneIsShownAsSuch() {
        lines.show(JobProgress.ofFraction(0.4267f), Duration.ofSeconds(10));

        assertThat(log.toString(StandardCharsets.UTF_8))
                .isEqualTo("mars-submit: progress: 42.7% of the subtasks done (YARN's figure) | elapsed 0:00:10\n");
    }
}
