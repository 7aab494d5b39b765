package io.mars.it.yarn;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The class path of the AMs (and so the workers) the YARN tests launch on this machine: the mini cluster's
 * configuration, then the jars Mars ships, exactly what {@code bin/mars-submit} runs on: {@code mars-submit}'s jar and
 * {@code mars-submit/target/lib}. Never the test class path, whose test-scope jars (ZooKeeper's metrics, the mini
 * cluster) would hide a jar the distribution lacks.
 */
public final class AmClasspath {
    private AmClasspath() {}

    static String of(Path confDir) {
        Path target = shippedTarget();
        List<String> entries = new java.util.ArrayList<>();
        entries.add(confDir.toString());
        entries.add(submitJar(target).toString());
        entries.add(target.resolve("lib") + File.separator + "*");
        return String.join(File.pathSeparator, entries);
    }

    /** {@code mars-submit/target} of this source tree, after {@code mvn package}. */
    public static Path shippedTarget() {
        String dir = System.getProperty("mars.it.submit-target");
        Path target = dir == null ? null : Path.of(dir);
        if (target == null || !Files.isDirectory(target.resolve("lib"))) {
            throw new IllegalStateException("system property mars.it.submit-target names no built mars-submit/target "
                    + "with a lib/ directory: '" + dir + "'; run the test through Maven after the package phase "
                    + "(integration-tests/pom.xml sets it)");
        }
        return target;
    }

    /** The examples jar Mars ships ({@code benchmarks/target/mars-benchmarks.jar}), as a user submits it. */
    public static Path examplesJar() {
        Path jar = shippedTarget().getParent().getParent().resolve("benchmarks/target/mars-benchmarks.jar");
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("no examples jar at " + jar + "; run mvn package first");
        }
        return jar;
    }

    private static Path submitJar(Path target) {
        try (Stream<Path> files = Files.list(target)) {
            return files.filter(p -> {
                String name = p.getFileName().toString();
                return name.startsWith("mars-submit-") && name.endsWith(".jar") && !name.endsWith("-tests.jar")
                        && !name.endsWith("-sources.jar");
            }).findFirst().orElseThrow(() -> new IllegalStateException("no mars-submit jar in " + target
                    + "; run mvn package first"));
        } catch (IOException e) {
            throw new IllegalStateException("cannot list " + target + ": " + e, e);
        }
    }
}
