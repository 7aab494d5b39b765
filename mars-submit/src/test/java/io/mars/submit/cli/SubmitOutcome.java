package io.mars.submit.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;

/** What one {@code mars-submit} run returned and printed; runs go through the same entry as the command line. */
record SubmitOutcome(int exitCode, String out, String err) {
    static SubmitOutcome run(Optional<Path> confDir, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
                PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            code = new MarsSubmit(confDir, o, e).run(args);
        }
        return new SubmitOutcome(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** A run with no configuration directory, as when {@code MARS_CONF_DIR} is unset. */
    static SubmitOutcome run(String... args) {
        return run(Optional.empty(), args);
    }
}
