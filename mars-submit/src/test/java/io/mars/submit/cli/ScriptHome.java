package io.mars.submit.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

/** A copy of bin/mars-submit and the scripts it sources, with empty jars in lib/, and a stand-in java for it to run. */
final class ScriptHome {
    private ScriptHome() {
    }

    /** {@code dir/mars-home} with bin/'s scripts and empty {@code jars} in lib/; returns its bin/mars-submit. */
    static Path create(Path dir, String... jars) throws IOException {
        Path home = Files.createDirectories(dir.resolve("mars-home"));
        Files.createDirectories(home.resolve("bin"));
        Files.createDirectories(home.resolve("lib"));
        for (String jar : jars) {
            Files.createFile(home.resolve("lib").resolve(jar));
        }
        for (String name : List.of("mars-submit", "mars-env.sh", "mars-openblas.sh", "mars-cds.sh")) {
            Files.copy(Path.of("..", "bin", name), home.resolve("bin").resolve(name));
        }
        return executable(home.resolve("bin/mars-submit"));
    }

    /** {@code dir/jdk/bin/java} running {@code script}: a JAVA_HOME of {@code dir/jdk}. */
    static Path java(Path dir, String script) throws IOException {
        Path java = Files.createDirectories(dir.resolve("jdk/bin")).resolve("java");
        Files.writeString(java, script);
        return executable(java);
    }

    private static Path executable(Path p) throws IOException {
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        return p;
    }
}
