package io.mars.submit.progress;

import java.io.PrintStream;
import java.util.Map;

/**
 * Whether {@code mars-submit}'s stderr is a terminal, and how wide. Java cannot ask whether one stream is a terminal
 * ({@code System.console()} speaks for stdin and stdout), so {@code bin/mars-submit} asks the shell ({@code [[ -t 2 ]]})
 * and {@code stty} for the width, and passes the answer in {@value #COLUMNS_ENV}: the width in columns, or 0 when stderr
 * is not a terminal. Without it (mars-submit run as a library, or by another launcher) stderr counts as a terminal
 * only when it is the JVM's own {@code System.err} and the JVM has a console, {@value #DEFAULT_COLUMNS} columns wide
 * unless {@code COLUMNS} says otherwise.
 */
public final class StderrTerminal {
    public static final String COLUMNS_ENV = "MARS_SUBMIT_TERMINAL_COLUMNS";
    static final int DEFAULT_COLUMNS = 80;

    private StderrTerminal() {
    }

    /** The width of {@code err}'s terminal in columns, or 0 when it is not a terminal. */
    public static int columns(Map<String, String> environment, PrintStream err) {
        String told = environment.get(COLUMNS_ENV);
        if (told != null) {
            return Math.max(0, number(told, 0));
        }
        if (err != System.err || System.console() == null) {
            return 0;
        }
        int columns = number(environment.getOrDefault("COLUMNS", ""), DEFAULT_COLUMNS);
        return columns > 0 ? columns : DEFAULT_COLUMNS;
    }

    private static int number(String text, int otherwise) {
        try {
            return Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            return otherwise;
        }
    }
}
