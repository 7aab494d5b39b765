package io.mars.am.yarn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Supplier;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A job's classes load from its jar and from a directory, with the jar's manifest on their package, and closing the
 * loader closes the jar it opened (no descriptor of it is left in this process).
 */
class JobClassLoaderTest {
    private static final String[] CLASSES = {"io/mars/am/yarn/loaderfixture/Alpha.class",
        "io/mars/am/yarn/loaderfixture/Beta.class", "io/mars/am/yarn/loaderfixture/Gamma.class"};

    @TempDir
    Path tmp;

    @Test
    @SuppressWarnings("unchecked")
    void loadsAJobsClassesFromItsJarWithItsManifestAndClosesTheJar() throws Exception {
        Path jar = tmp.resolve("job.jar");
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.IMPLEMENTATION_TITLE, "loader-fixture");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest)) {
            for (String c : CLASSES) {
                out.putNextEntry(new JarEntry(c));
                copyClass(c, out);
                out.closeEntry();
            }
        }
        // the platform loader as parent: the fixtures on the test class path are not visible through it
        JobClassLoader loader = new JobClassLoader(new URL[] {jar.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
        try {
            Class<?> alpha = loader.loadClass("io.mars.am.yarn.loaderfixture.Alpha");
            assertThat(alpha.getClassLoader()).isSameAs(loader);
            assertThat(alpha).isNotEqualTo(io.mars.am.yarn.loaderfixture.Alpha.class);
            Supplier<String> s = (Supplier<String>) alpha.getDeclaredConstructor().newInstance();
            assertThat(s.get()).isEqualTo("alpha+beta");
            assertThat(alpha.getPackage().getImplementationTitle()).isEqualTo("loader-fixture");
            assertThat(alpha.getProtectionDomain().getCodeSource().getLocation()).isEqualTo(jar.toUri().toURL());
            assertThatThrownBy(() -> loader.loadClass("io.mars.am.yarn.loaderfixture.Delta"))
                    .isInstanceOf(ClassNotFoundException.class);
            assertThat(openDescriptors(jar)).as("the jar, opened once for both classes").isEqualTo(1);
        } finally {
            loader.close();
        }
        assertThat(openDescriptors(jar)).as("descriptors of the jar after close").isZero();
        // a class of the jar not loaded before: the closed loader does not open the jar again
        assertThatThrownBy(() -> loader.loadClass("io.mars.am.yarn.loaderfixture.Gamma"))
                .isInstanceOf(ClassNotFoundException.class);
        assertThat(openDescriptors(jar)).isZero();
    }

    @Test
    void loadsAJobsClassesFromADirectory() throws Exception {
        Path dir = tmp.resolve("classes");
        for (String c : CLASSES) {
            Path target = dir.resolve(c);
            Files.createDirectories(target.getParent());
            try (OutputStream out = Files.newOutputStream(target)) {
                copyClass(c, out);
            }
        }
        try (JobClassLoader loader = new JobClassLoader(new URL[] {dir.toUri().toURL()},
                ClassLoader.getPlatformClassLoader())) {
            Class<?> alpha = loader.loadClass("io.mars.am.yarn.loaderfixture.Alpha");
            assertThat(alpha.getClassLoader()).isSameAs(loader);
            assertThat(((Supplier<?>) alpha.getDeclaredConstructor().newInstance()).get()).isEqualTo("alpha+beta");
        }
    }

    private static void copyClass(String resource, OutputStream out) throws IOException {
        try (InputStream in = JobClassLoaderTest.class.getClassLoader().getResourceAsStream(resource)) {
            assertThat(in).as(resource).isNotNull();
            in.transferTo(out);
        }
    }

    /** How many of this process's open file descriptors are the file {@code path}. */
    private static long openDescriptors(Path path) throws IOException {
        Path real = path.toRealPath();
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.filter(fd -> {
                try {
                    return Files.readSymbolicLink(fd).equals(real);
                } catch (IOException | UnsupportedOperationException gone) {
                    return false;
                }
            }).count();
        }
    }
}
