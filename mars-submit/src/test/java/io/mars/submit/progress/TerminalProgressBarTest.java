package io.mars.submit.progress;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The terminal's line, drawn into a buffer as if into a terminal 60 columns wide. */
class TerminalProgressBarTest {
    private static final int COLUMNS = 60;

    private final ByteArrayOutputStream terminal = new ByteArrayOutputStream();
    private final TerminalProgressBar bar =
            new TerminalProgressBar(new PrintStream(terminal, true, StandardCharsets.UTF_8), COLUMNS);

    @Test
    void oneLineIsRedrawnInPlaceWithinTheWidthAndEndsShowingEverySubtaskDone() {
        bar.show(new JobProgress(0, 1, 390, 400, JobProgress.UNKNOWN), Duration.ofSeconds(3));
        // the next task has fewer subtasks done: the bar steps back, which redraws at once
        bar.show(new JobProgress(1, 2, 3, 50, 3L << 30), Duration.ofSeconds(5));
        bar.finish(new JobProgress(2, 2, 50, 50, 3L << 30), Duration.ofSeconds(7));

        String drawn = terminal.toString(StandardCharsets.UTF_8);
        assertThat(drawn).startsWith("\r").endsWith("\n");
        assertThat(drawn.chars().filter(c -> c == '\n').count()).as("one line, ended once").isEqualTo(1);
        List<String> frames = frames(drawn);
        assertThat(frames.size()).as("frames in %s", frames).isGreaterThanOrEqualTo(2);
        assertThat(frames).allSatisfy(f -> assertThat(f.length()).as(f).isLessThan(COLUMNS));
        assertThat(frames).anySatisfy(f -> assertThat(f).contains(" 3/50").contains("tasks 1/2"));
        String last = frames.get(frames.size() - 1);
        assertThat(last).startsWith("mars 100% [").contains("50/50").contains("tasks 2/2, spilled 3.0 GiB");
    }

    @Test
    void theElapsedTimeCountsFromTheJobsStartNotFromTheFirstFrame() {
        bar.show(new JobProgress(0, 1, 1, 10, JobProgress.UNKNOWN), Duration.ofSeconds(75));
        bar.finish(new JobProgress(1, 1, 10, 10, JobProgress.UNKNOWN), Duration.ofSeconds(76));

        List<String> frames = frames(terminal.toString(StandardCharsets.UTF_8));
        assertThat(frames.get(frames.size() - 1)).contains("(0:01:1");
    }

    @Test
    void aTaskStillBeingTiledHasNoLengthYet() {
        bar.show(new JobProgress(0, 1, 0, 0, JobProgress.UNKNOWN), Duration.ZERO);
        bar.finish(new JobProgress(0, 1, 0, 0, JobProgress.UNKNOWN), Duration.ofSeconds(1));

        List<String> frames = frames(terminal.toString(StandardCharsets.UTF_8));
        assertThat(frames.get(frames.size() - 1)).contains("0/?").contains("tasks 0/1");
    }

    @Test
    void whenNoTaskRunsTheLineIsErasedSoTheJobsOwnOutputStartsOnAnEmptyLine() {
        bar.show(new JobProgress(0, 1, 5, 10, JobProgress.UNKNOWN), Duration.ofSeconds(1));
        bar.idle();
        String erased = terminal.toString(StandardCharsets.UTF_8);
        // a reading taken between two tasks does not bring the line back
        bar.show(new JobProgress(1, 1, 10, 10, JobProgress.UNKNOWN), Duration.ofSeconds(2));

        assertThat(erased).doesNotContain("\n").endsWith("\r" + " ".repeat(COLUMNS - 1) + "\r");
        assertThat(terminal.toString(StandardCharsets.UTF_8)).isEqualTo(erased);

        bar.finish(new JobProgress(1, 1, 10, 10, JobProgress.UNKNOWN), Duration.ofSeconds(3));
        String drawn = terminal.toString(StandardCharsets.UTF_8);
        assertThat(drawn.substring(erased.length())).startsWith("\r").endsWith("\n").contains("10/10 (0:00:0")
                .contains("tasks 1/1");
        assertThat(drawn.chars().filter(c -> c == '\n').count()).isEqualTo(1);
    }

    @Test
    void aJobThatEndsBeforeTheFirstTickDrawsNothing() {
        bar.finish(new JobProgress(1, 1, 10, 10, JobProgress.UNKNOWN), Duration.ofMillis(300));
        bar.finish(null, Duration.ofMillis(300));

        assertThat(terminal.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    /** What the terminal showed after each carriage return, without the final newline. */
    private static List<String> frames(String drawn) {
        return Arrays.stream(drawn.split("\r")).filter(f -> !f.isEmpty()).map(f -> f.replace("\n", "")).toList();
    }
}
