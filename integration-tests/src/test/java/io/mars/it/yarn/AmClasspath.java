package io.mars.it.yarn;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Where the tests find what Mars ships: the binary distribution {@code mars-dist} builds, unpacked in its
 * {@code target/} exactly as a user unpacks {@code mars-VERSION-bin.tar.gz}. The AMs (and so the workers) the YARN
 * tests launch run on the mini cluster's configuration and the distribution's {@code lib/}, and the tests that start
 * {@code bin/mars-submit} as a process start the distribution's. Never the test class path, whose test-scope jars
 * (ZooKeeper's metrics, the mini cluster) would hide a jar the distribution lacks.
 */
public final class AmClasspath {
    private AmClasspath() {}

    static String of(Path confDir) {
        return String.join(File.pathSeparator, List.of(confDir.toString(),
                distribution().resolve("lib") + File.separator + "*"));
    }

    /** The unpacked binary distribution: {@code bin/}, {@code conf/}, {@code lib/}, {@code examples/}. */
    public static Path distribution() {
        String dir = System.getProperty("mars.it.distribution");
        Path home = dir == null ? null : Path.of(dir);
        if (home == null || !Files.isDirectory(home.resolve("lib")) || !Files.isRegularFile(home.resolve("bin/mars-submit"))) {
            throw new IllegalStateException("system property mars.it.distribution names no unpacked distribution with "
                    + "lib/ and bin/mars-submit: '" + dir + "'; run the test through Maven after the package phase "
                    + "(integration-tests/pom.xml sets it to mars-dist's target)");
        }
        return home;
    }

    /** The examples jar the distribution ships ({@code examples/mars-examples.jar}), as a user submits it. */
    public static Path examplesJar() {
        Path jar = distribution().resolve("examples/mars-examples.jar");
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("no examples jar at " + jar + "; run mvn package first");
        }
        return jar;
    }
}
