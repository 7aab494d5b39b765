package io.mars.it.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.mars.it.yarn.AmClasspath;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/mars-submit --master local[2]}, a process of its own on the shipped jars, running Monte Carlo pi long
 * enough (a few seconds, about 300 subtasks in one task) to show progress: plain lines on stderr when it is a file,
 * nothing with {@code --quiet}, a line redrawn in place when stderr is a terminal (a pseudo-terminal from util-linux's
 * {@code script}); the job's stdout is the same in every case.
 */
class SubmitProgressTest {
    private static final String PROGRESS = "mars-submit: progress:";
    private static final Pattern LINE = Pattern.compile(
            "mars-submit: progress: tasks (\\d+)/(\\d+) done(?: \\| subtasks (\\d+)/(\\d+))?.* \\| elapsed \\d+:\\d\\d:\\d\\d");
    private static final Pattern RESULT = Pattern.compile("MonteCarloPi: result=3\\.14\\d* \\(N=1200000000\\) wall=.*");

    @TempDir
    Path tmp;

    @Test
    void withoutATerminalStderrGetsPlainLinesWithAdvancingCountsAndStdoutOnlyTheResult() throws Exception {
        Run run = submit(List.of("--verbose", "--conf", "mars.submit.progress-interval-ms=300"));

        assertThat(run.code).as(run.err).isZero();
        assertThat(run.out.lines().toList()).as("stdout").hasSize(1).allMatch(l -> RESULT.matcher(l).matches());
        List<String> errLines = run.err.lines().toList();
        List<Matcher> progress = errLines.stream().map(LINE::matcher).filter(Matcher::matches).toList();
        assertThat(progress).as("progress lines in %s", run.err).hasSizeGreaterThanOrEqualTo(2);
        assertThat(errLines.stream().filter(l -> l.startsWith(PROGRESS)).count()).as("every progress line well-formed")
                .isEqualTo(progress.size());
        // the counts advance, and never go back within the one task
        List<Integer> done = new ArrayList<>();
        for (Matcher m : progress) {
            assertThat(m.group(2)).isEqualTo("1");
            done.add(m.group(3) == null ? 0 : Integer.parseInt(m.group(3)));
        }
        assertThat(done).isSorted();
        assertThat(done.stream().distinct().count()).as("subtasks done in %s", done).isGreaterThanOrEqualTo(2);
        Matcher last = progress.get(progress.size() - 1);
        assertThat(last.group(1)).as("the last line: the task is done").isEqualTo("1");
        assertThat(last.group(3)).as("every subtask done").isNotNull().isEqualTo(last.group(4));
        assertThat(Integer.parseInt(last.group(4))).isGreaterThan(100);
        // nothing after the job's end: the verbose timing line comes after the last progress line
        int lastProgress = errLines.lastIndexOf(last.group());
        int finished = indexOf(errLines, "mars-submit: job io.mars.examples.MonteCarloPi finished in ");
        assertThat(finished).as(run.err).isGreaterThan(lastProgress);
        assertThat(errLines.subList(finished, errLines.size())).noneMatch(l -> l.startsWith(PROGRESS));
        // local mode serves no UI or REST API: no URL is printed
        assertThat(run.err).doesNotContain("http://");
    }

    @Test
    void quietPrintsNoProgress() throws Exception {
        Run run = submit(List.of("--quiet", "--conf", "mars.submit.progress-interval-ms=300"));

        assertThat(run.code).as(run.err).isZero();
        assertThat(run.out.lines().toList()).hasSize(1).allMatch(l -> RESULT.matcher(l).matches());
        assertThat(run.err).doesNotContain(PROGRESS).doesNotContain("\r");
    }

    @Test
    void onATerminalOneLineIsRedrawnInPlaceAndEndsWithEverySubtaskDone() throws Exception {
        assumeTrue(new File("/usr/bin/script").canExecute(), "util-linux script gives the process a terminal");
        List<String> command = new ArrayList<>(command(List.of()));
        String line = String.join(" ", command.stream().map(SubmitProgressTest::quote).toList());
        Path out = tmp.resolve("terminal");
        // script -q: no banner; -e: its exit code is the command's; -c: the command; /dev/null: no typescript file
        Process script = new ProcessBuilder("/usr/bin/script", "-qec", line, "/dev/null")
                .redirectInput(new File("/dev/null")).redirectOutput(out.toFile())
                .redirectErrorStream(true).start();
        assertThat(script.waitFor(180, TimeUnit.SECONDS)).as("the job ends").isTrue();
        String shown = Files.readString(out);

        assertThat(script.exitValue()).as(shown).isZero();
        assertThat(shown).as("no plain lines on a terminal").doesNotContain(PROGRESS);
        List<String> frames = Arrays.stream(shown.split("[\r\n]+")).filter(f -> f.startsWith("mars ")).toList();
        assertThat(frames).as("frames in %s", shown).isNotEmpty();
        assertThat(frames).allSatisfy(f -> assertThat(f.length()).isLessThan(81));
        String last = frames.get(frames.size() - 1);
        assertThat(last).startsWith("mars 100% [").contains("tasks 1/1");
        Matcher ratio = Pattern.compile("\\] +(\\d+)/(\\d+) \\(").matcher(last);
        assertThat(ratio.find()).as(last).isTrue();
        assertThat(ratio.group(1)).isEqualTo(ratio.group(2));
        // the bar's line is redrawn in place: a carriage return before each frame, one newline after the last
        assertThat(shown).contains("\r" + last);
        assertThat(shown).containsPattern("MonteCarloPi: result=3\\.14");
    }

    private record Run(int code, String out, String err) {
    }

    private Run submit(List<String> options) throws IOException, InterruptedException {
        Path out = tmp.resolve("out-" + System.nanoTime());
        Path err = tmp.resolve("err-" + System.nanoTime());
        Process job = new ProcessBuilder(command(options)).redirectInput(new File("/dev/null"))
                .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertThat(job.waitFor(180, TimeUnit.SECONDS)).as("the job ends").isTrue();
        return new Run(job.exitValue(), Files.readString(out), Files.readString(err));
    }

    private static List<String> command(List<String> options) {
        Path marsHome = AmClasspath.distribution();
        List<String> command = new ArrayList<>(List.of("bash", marsHome.resolve("bin/mars-submit").toString(),
                "--master", "local[2]"));
        command.addAll(options);
        command.addAll(List.of("--class", "io.mars.examples.MonteCarloPi", AmClasspath.examplesJar().toString(),
                "1200000000", "4000000"));
        return command;
    }

    private static int indexOf(List<String> lines, String prefix) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith(prefix)) {
                return i;
            }
        }
        return -1;
    }

    private static String quote(String word) {
        return "'" + word.replace("'", "'\\''") + "'";
    }
}
