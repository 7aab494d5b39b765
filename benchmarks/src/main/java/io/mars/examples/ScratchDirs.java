package io.mars.examples;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** The scratch directories the example jobs and benchmarks write under {@code java.io.tmpdir}. */
public final class ScratchDirs {
    private ScratchDirs() {
    }

    /** Deletes {@code dir} and everything under it, deepest first; a path that cannot be deleted is an error. */
    public static void deleteTree(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + dir, e);
        }
    }
}
