package io.mars.submit.yarn;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.yarn.conf.YarnConfiguration;

/**
 * What the environment says about Hadoop: the configuration of {@code HADOOP_CONF_DIR}/{@code YARN_CONF_DIR}, the
 * site files the containers get, and the token file a delegating process (Oozie, a scheduler with Kerberos) left.
 * Shared by mars-submit and programmatic YARN sessions.
 */
public final class HadoopSettings {
    /** Where a delegating process leaves the tokens the job should use. */
    public static final String TOKEN_FILE_VARIABLE = "HADOOP_TOKEN_FILE_LOCATION";
    private static final List<String> CONF_DIR_VARIABLES = List.of("HADOOP_CONF_DIR", "YARN_CONF_DIR");
    private static final List<String> SITE_FILES = List.of("core-site.xml", "hdfs-site.xml", "yarn-site.xml");

    private HadoopSettings() {
    }

    /** The token file named by {@value #TOKEN_FILE_VARIABLE}, if any. */
    public static Optional<Path> tokenFile(Map<String, String> environment) {
        return Optional.ofNullable(environment.get(TOKEN_FILE_VARIABLE)).filter(v -> !v.isBlank()).map(Path::of);
    }

    /**
     * The Hadoop configuration files the containers get: every {@code *.xml} file of {@code HADOOP_CONF_DIR} and
     * {@code YARN_CONF_DIR} (the latter winning on a name both hold), by file name.
     */
    public static List<Path> confFiles(Map<String, String> environment) {
        Map<String, Path> byName = new java.util.TreeMap<>();
        for (String variable : CONF_DIR_VARIABLES) {
            String dir = environment.get(variable);
            if (dir == null || dir.isBlank() || !Files.isDirectory(Path.of(dir))) {
                continue;
            }
            try (java.util.stream.Stream<Path> files = Files.list(Path.of(dir))) {
                files.filter(f -> f.getFileName().toString().endsWith(".xml") && Files.isRegularFile(f)
                        && Files.isReadable(f)).forEach(f -> byName.put(f.getFileName().toString(), f));
            } catch (IOException e) {
                throw new java.io.UncheckedIOException("cannot list " + variable + "=" + dir, e);
            }
        }
        return List.copyOf(byName.values());
    }

    public static YarnConfiguration configuration(Map<String, String> environment) {
        YarnConfiguration conf = new YarnConfiguration();
        for (String variable : CONF_DIR_VARIABLES) {
            String dir = environment.get(variable);
            if (dir == null || dir.isBlank()) {
                continue;
            }
            for (String name : SITE_FILES) {
                Path file = Path.of(dir, name);
                if (Files.isRegularFile(file)) {
                    conf.addResource(new org.apache.hadoop.fs.Path(file.toUri()));
                }
            }
        }
        return conf;
    }
}
