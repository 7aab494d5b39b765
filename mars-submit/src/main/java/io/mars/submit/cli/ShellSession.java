package io.mars.submit.cli;

import io.mars.Session;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/**
 * The {@code session} of {@code bin/mars-shell}: opened by the shell's startup snippet (conf/mars-shell.jsh) in the
 * JVM that runs the snippets, with the settings {@code mars-submit} would use, and closed when that JVM stops (the
 * shell's {@code /exit}, {@code /reset}, Ctrl-D), which stops a local cluster and deletes its spill files, or ends a
 * YARN application the shell started.
 */
public final class ShellSession {
    /** The system property carrying the shell's {@code --master}. */
    public static final String MASTER_PROPERTY = Session.MASTER_PROPERTY;

    private ShellSession() {
    }

    /**
     * Opens the session: master from {@value #MASTER_PROPERTY} ({@code local[*]} when unset), settings from
     * {@code $MARS_CONF_DIR/mars-defaults.properties} overridden by the {@code mars.*} system properties (the shell's
     * {@code --conf}), checked as {@code mars-submit} checks them.
     */
    public static Session open() {
        io.mars.common.memory.WorkerMemory.choosePoolChunks(); // as mars-submit does, before Netty loads
        String master = System.getProperty(MASTER_PROPERTY, SubmitRequest.DEFAULT_MASTER);
        Map<String, String> conf = settings(System.getenv("MARS_CONF_DIR"));
        for (String key : conf.keySet()) {
            KnownSettings.unknown(key).ifPresent(warning -> System.err.println("mars-shell: WARNING: " + warning));
        }
        KnownSettings.checkValues(conf);
        Session session = Session.create(master, conf);
        Runtime.getRuntime().addShutdownHook(new Thread(session::close, "mars-shell-session-close"));
        return session;
    }

    static Map<String, String> settings(String confDir) {
        Map<String, String> conf = new LinkedHashMap<>();
        if (confDir != null && !confDir.isEmpty()) {
            Path defaults = Path.of(confDir).resolve(SubmitRequest.DEFAULTS_FILE);
            if (Files.isRegularFile(defaults)) {
                Properties p = new Properties();
                try (Reader in = Files.newBufferedReader(defaults)) {
                    p.load(in);
                } catch (IOException e) {
                    throw new MarsException(ErrorCode.INVALID_ARGUMENT, "cannot read the defaults file " + defaults
                            + ": " + e.getMessage(), e);
                }
                p.stringPropertyNames().forEach(k -> conf.put(k, p.getProperty(k).trim()));
            }
        }
        System.getProperties().stringPropertyNames().stream()
                .filter(k -> k.startsWith("mars.") && !k.equals(MASTER_PROPERTY))
                .sorted()
                .forEach(k -> conf.put(k, System.getProperty(k)));
        return conf;
    }
}
