package io.mars.submit.progress;

import java.io.PrintStream;
import java.util.Map;
import java.util.Objects;

/**
 * How {@code mars-submit} shows progress on its stderr.
 *
 * @param quiet {@code --quiet}: not at all
 * @param terminalColumns the width of stderr's terminal, or 0 when stderr is not a terminal (plain lines)
 * @param config the progress settings
 */
public record ProgressOutput(boolean quiet, int terminalColumns, ProgressConfig config) {
    /** No progress output (a submitter that is not mars-submit's command line). */
    public static final ProgressOutput NONE = new ProgressOutput(true, 0, ProgressConfig.from(Map.of()));

    public ProgressOutput {
        if (terminalColumns < 0) {
            throw new IllegalArgumentException("terminal columns " + terminalColumns);
        }
        Objects.requireNonNull(config, "config");
    }

    /** Starts showing {@code source}'s progress on {@code err}; close the reporter before printing the outcome. */
    public ProgressReporter start(ProgressSource source, PrintStream err) {
        return ProgressReporter.start(source, err, this);
    }
}
