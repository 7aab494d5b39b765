package io.mars.submit.cli;

import java.io.ByteArrayInputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import jdk.jshell.tool.JavaShellToolBuilder;

/**
 * The JShell tool of {@code bin/mars-shell}, started in the launcher's JVM with the arguments the script built (class
 * path, {@code -R} flags of the JVM that runs the snippets, startup files). It differs from the {@code jshell}
 * command in one setting: a feedback mode, {@code mars}, that echoes a value whole (JShell's own modes shorten a
 * value to 80 or 1000 characters, which cuts a printed table or array in the middle). JShell keeps modes in its
 * preferences, so the mode is made in a first, silent run of the tool on an in-memory store and retained there; the
 * user's {@code ~/.java} preferences are never touched (and history lives for one session).
 */
public final class MarsShell {
    /** Longer than any value worth printing; pandas and numpy summarise their output far below it. */
    static final int VALUE_CHARACTERS = 1_000_000;

    private MarsShell() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> preferences = feedbackMode();
        System.exit(JavaShellToolBuilder.builder().persistence(preferences).start(args));
    }

    /** JShell preferences holding the {@code mars} feedback mode (normal's, without truncation) as the retained one. */
    static Map<String, String> feedbackMode() throws Exception {
        Map<String, String> preferences = new HashMap<>();
        String commands = String.join("\n",
                "/set mode mars normal -command",
                "/set truncation mars " + VALUE_CHARACTERS,
                "/set mode mars -retain",
                "/set feedback mars -retain",
                "/exit", "");
        try (PrintStream discard = new PrintStream(OutputStream.nullOutputStream())) {
            JavaShellToolBuilder.builder().persistence(preferences)
                    .in(new ByteArrayInputStream(commands.getBytes(StandardCharsets.UTF_8)), null)
                    .out(discard).err(discard).interactiveTerminal(false)
                    .start("--execution", "local", "--no-startup", "-q");
        }
        preferences.keySet().removeIf(k -> k.startsWith("HISTORY"));
        if (!"mars".equals(preferences.get("FEEDBACK"))) {
            throw new IllegalStateException("JShell did not keep the mars feedback mode; preferences: "
                    + preferences.keySet());
        }
        return preferences;
    }
}
