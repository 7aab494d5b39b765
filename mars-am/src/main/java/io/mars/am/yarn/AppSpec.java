package io.mars.am.yarn;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.TreeMap;

/**
 * What the ApplicationMaster runs: the job's main class, its arguments, its jars and its {@code mars.*} settings. The
 * submitter writes it as a properties file that YARN localizes next to the AM, so arguments of any content reach the
 * job unchanged (no shell quoting on the launch command) and nothing of it shows in the process list.
 *
 * @param mainClass the class whose {@code main} runs
 * @param appArgs the arguments for {@code main}
 * @param jars the job's jars, as names of localized files in the AM's working directory, app jar first
 * @param properties {@code mars.*} settings set as system properties while the job runs
 */
public record AppSpec(String mainClass, List<String> appArgs, List<String> jars, Map<String, String> properties) {
    /** The name of the localized file in the AM's working directory. */
    public static final String FILE_NAME = "mars-app.properties";
    /** The application's staging directory on the default file system (set by the submitter; workers localize from it). */
    public static final String STAGING_DIR_PROPERTY = "mars.yarn.staging-dir";
    /** The Java installation on the nodes for the AM and the workers; default: the node's {@code $JAVA_HOME}. */
    public static final String JAVA_HOME_PROPERTY = "mars.yarn.am.java-home";
    /**
     * More JVM options for the AM (cluster mode: the JVM the job's main runs in), whitespace-separated, after the
     * AM's heap; {@code mars-submit --driver-java-options} sets it. Default: none.
     */
    public static final String AM_JAVA_OPTIONS = "mars.yarn.am.java-options";

    private static final String MAIN_CLASS = "main-class";
    private static final String ARG = "arg.";
    private static final String JAR = "jar.";
    private static final String PROPERTY = "property.";

    public AppSpec {
        Objects.requireNonNull(mainClass, "mainClass");
        appArgs = List.copyOf(appArgs);
        jars = List.copyOf(jars);
        properties = Map.copyOf(properties);
    }

    /** Writes this spec to {@code file}. */
    public void write(Path file) throws IOException {
        Properties p = new Properties();
        p.setProperty(MAIN_CLASS, mainClass);
        for (int i = 0; i < appArgs.size(); i++) {
            p.setProperty(ARG + i, appArgs.get(i));
        }
        for (int i = 0; i < jars.size(); i++) {
            p.setProperty(JAR + i, jars.get(i));
        }
        properties.forEach((k, v) -> p.setProperty(PROPERTY + k, v));
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            p.store(w, "Mars application spec, written by mars-submit");
        }
    }

    /** Reads a spec written by {@link #write(Path)}. */
    public static AppSpec read(Path file) throws IOException {
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return read(r, file.toString());
        }
    }

    /** Reads a spec written by {@link #write(Path)} from {@code reader} (e.g. the staged copy); {@code source} names it. */
    public static AppSpec read(Reader reader, String source) throws IOException {
        Properties p = new Properties();
        p.load(reader);
        String mainClass = p.getProperty(MAIN_CLASS);
        if (mainClass == null) {
            throw new IOException(source + " has no " + MAIN_CLASS);
        }
        Map<String, String> properties = new TreeMap<>();
        for (String key : p.stringPropertyNames()) {
            if (key.startsWith(PROPERTY)) {
                properties.put(key.substring(PROPERTY.length()), p.getProperty(key));
            }
        }
        return new AppSpec(mainClass, indexed(p, ARG), indexed(p, JAR), properties);
    }

    private static List<String> indexed(Properties p, String prefix) {
        List<String> values = new ArrayList<>();
        for (int i = 0; p.getProperty(prefix + i) != null; i++) {
            values.add(p.getProperty(prefix + i));
        }
        return values;
    }
}
