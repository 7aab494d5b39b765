package io.mars.submit.yarn;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A job to run on YARN in cluster mode: the AM runs its main class.
 *
 * @param name the YARN application name
 * @param queue the YARN queue
 * @param amMemoryMb the AM container's memory in MB; the AM's heap is three quarters of it
 * @param amVcores the AM container's virtual cores
 * @param mainClass the job's main class; empty for a client-mode application (the AM runs no job)
 * @param appJar the job's jar (local file); null in client mode, where the job runs in the client
 * @param jars further jars of the job (local files)
 * @param properties the job's {@code mars.*} settings
 * @param appArgs the job's arguments
 * @param javaHome the Java installation on the cluster's nodes; empty: the node's {@code $JAVA_HOME}
 * @param amClasspath a class path that exists on every node (e.g. a Mars installation, or the build tree in tests)
 *     used as is; empty: mars-submit's own class path jars are uploaded and localized for the AM
 * @param tags the application tags
 * @param priority the application's priority; empty: the queue's default
 * @param files local files localized by name into the working directory of the AM and every worker
 * @param confFiles the submitter's Hadoop configuration files, shipped to the AM and workers (first on their class
 *     path)
 * @param tokenFile a Hadoop token file ({@code HADOOP_TOKEN_FILE_LOCATION}) whose tokens the AM gets
 * @param waitForCompletion whether to wait for the end; false: return once YARN accepted the application, and the
 *     AM removes the staging directory at its end
 */
public record YarnApplication(
        String name,
        String queue,
        int amMemoryMb,
        int amVcores,
        String mainClass,
        Path appJar,
        List<Path> jars,
        Map<String, String> properties,
        List<String> appArgs,
        Optional<String> javaHome,
        Optional<String> amClasspath,
        List<String> tags,
        Optional<Integer> priority,
        List<Path> files,
        List<Path> confFiles,
        Optional<Path> tokenFile,
        boolean waitForCompletion) {
    public YarnApplication {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(queue, "queue");
        Objects.requireNonNull(mainClass, "mainClass");
        if (!mainClass.isEmpty()) {
            Objects.requireNonNull(appJar, "appJar");
        }
        if (amMemoryMb <= 0 || amVcores <= 0) {
            throw new IllegalArgumentException("AM memory and vcores must be positive: " + amMemoryMb + " MB, "
                    + amVcores + " vcores");
        }
        jars = List.copyOf(jars);
        properties = Map.copyOf(properties);
        appArgs = List.copyOf(appArgs);
        Objects.requireNonNull(javaHome, "javaHome");
        Objects.requireNonNull(amClasspath, "amClasspath");
        tags = List.copyOf(tags);
        Objects.requireNonNull(priority, "priority");
        files = List.copyOf(files);
        confFiles = List.copyOf(confFiles);
        Objects.requireNonNull(tokenFile, "tokenFile");
    }

    /** This application with one more {@code mars.*} setting. */
    public YarnApplication withProperty(String key, String value) {
        Map<String, String> more = new java.util.HashMap<>(properties);
        more.put(key, value);
        return new YarnApplication(name, queue, amMemoryMb, amVcores, mainClass, appJar, jars, more, appArgs, javaHome,
                amClasspath, tags, priority, files, confFiles, tokenFile, waitForCompletion);
    }
}
