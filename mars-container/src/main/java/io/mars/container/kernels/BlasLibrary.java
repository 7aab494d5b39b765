package io.mars.container.kernels;

import dev.ludovic.netlib.blas.NativeBLAS;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Loads netlib's native BLAS binding ({@code JNIBLAS}) over the library a {@link BlasChoice} names: the system
 * {@code libblas.so.3}, or the OpenBLAS (with LAPACK) inside the {@code org.bytedeco:openblas} jar. netlib's JNI
 * {@code dlopen}s the file named by {@value #NATIVE_LIB_PATH} once, when its class initializes; a failure then is
 * final for the process, so the system library is tried with {@link System#load} first and the property is set only
 * to a file that loads.
 *
 * <p>The bundled library and the gfortran runtime it needs are copied to a private temporary directory, loaded, and
 * deleted at once (Linux keeps a mapped library alive): nothing stays on disk however the process ends, short of a
 * kill in those few milliseconds; the same is done with netlib's own copy of its JNI library, whatever the choice.
 * JavaCPP's loader is not used. netlib's LAPACK binding is not a dependency of Mars;
 * the bundled file holds LAPACK, but it is gone once loaded, so a LAPACK binding added later must load in the same
 * window.
 */
final class BlasLibrary {
    /** netlib's system property naming the BLAS file its JNI opens (libnetlibblasjni.so reads it in JNI_OnLoad). */
    static final String NATIVE_LIB_PATH = "dev.ludovic.netlib.blas.nativeLibPath";
    static final String SYSTEM_LIBRARY = "libblas.so.3";
    /** OpenBLAS's environment variable naming the kernels to use (read when the library loads). */
    static final String CORE_TYPE = "OPENBLAS_CORETYPE";
    private static final String BUNDLE = "org/bytedeco/openblas/linux-x86_64/";
    private static final String BUNDLE_POM = "META-INF/maven/org.bytedeco/openblas/pom.properties";
    /** Where the dynamic linker looks when neither LD_LIBRARY_PATH nor its cache names the library. */
    private static final List<String> DEFAULT_DIRS = List.of("/lib64", "/usr/lib64", "/lib", "/usr/lib");

    /** A loaded native BLAS and what it is, for the log: a system path or the bundled version. */
    record Loaded(NativeBLAS blas, String library) {
    }

    /** The outcome of a choice: a native BLAS, or none and why (for the log line of the pure-Java fallback). */
    record Outcome(Optional<Loaded> loaded, String reason) {
    }

    private BlasLibrary() {
    }

    /** Loads the BLAS {@code choice} names; call once per process. */
    static Outcome load(BlasChoice choice) {
        return switch (choice) {
            case JAVA -> none(BlasChoice.JAVA, "chosen with mars.worker.blas=java");
            case SYSTEM -> system().map(BlasLibrary::loadSystem)
                    .orElseGet(() -> none(choice, "no loadable system " + SYSTEM_LIBRARY));
            case BUNDLED -> loadBundled();
            case AUTO -> {
                Optional<Path> unguided = System.getenv(CORE_TYPE) == null || System.getenv(CORE_TYPE).isBlank()
                        ? systemOpenBlas() : Optional.empty();
                if (unguided.isPresent()) {
                    Outcome bundled = loadBundled();
                    if (bundled.loaded().isPresent()) {
                        Loaded l = bundled.loaded().get();
                        yield new Outcome(Optional.of(new Loaded(l.blas(), l.library() + ", preferred to the system"
                                + " OpenBLAS " + unguided.get() + " because " + CORE_TYPE + " is unset")), "");
                    }
                }
                Optional<Path> system = system();
                yield system.isPresent() ? loadSystem(system.get()) : loadBundled();
            }
        };
    }

    /**
     * The system {@code libblas.so.3} the linker would find first, when it is an OpenBLAS (its real path names
     * one), found without loading it. Such a library chooses its kernels from the CPU it recognises, and an older
     * one (Debian 12's 0.3.21) takes a CPU newer than itself for a Prescott and runs its SSE3 kernels: 4-5x slower
     * products. Mars's scripts ({@code bin/mars-openblas.sh}) and YARN worker commands name the kernels in
     * {@value #CORE_TYPE}; a JVM started otherwise (a job's own main, an IDE) has it unset, and {@code auto} then
     * prefers the bundled OpenBLAS, whose CPU detection is newer.
     */
    static Optional<Path> systemOpenBlas() {
        for (Path p : candidates()) {
            if (Files.isRegularFile(p)) {
                try {
                    String real = p.toRealPath().toString().toLowerCase(java.util.Locale.ROOT);
                    return real.contains("openblas") ? Optional.of(p) : Optional.empty();
                } catch (IOException e) {
                    return Optional.empty();
                }
            }
        }
        return Optional.empty();
    }

    private static Outcome loadSystem(Path path) {
        String real = path.toString();
        try {
            real = path.toRealPath().toString();
        } catch (IOException e) {
            // the path loaded, so it exists; the real path is only for the log
        }
        String library = "system " + path + (real.equals(path.toString()) ? "" : " -> " + real);
        return bind(path, library);
    }

    private static Outcome bind(Path path, String library) {
        System.setProperty(NATIVE_LIB_PATH, path.toString());
        try {
            return new Outcome(Optional.of(new Loaded(NativeBLAS.getInstance(), library)), "");
        } catch (Throwable t) {
            return new Outcome(Optional.empty(), "netlib's JNI could not use " + library + ": " + t);
        } finally {
            deleteNetlibCopies();
        }
    }

    /**
     * Deletes the copies of netlib's JNI library ({@code libnetlibblasjni<n>.so} in java.io.tmpdir) that this process
     * has mapped: netlib extracts one per process and only marks it delete-on-exit, so every killed worker left one
     * behind. Loaded, it needs no file any more.
     */
    private static void deleteNetlibCopies() {
        Path maps = Path.of("/proc/self/maps");
        if (!Files.isReadable(maps)) {
            return;
        }
        Path tmp = Path.of(System.getProperty("java.io.tmpdir")).toAbsolutePath().normalize();
        try (Stream<String> lines = Files.lines(maps)) {
            for (String file : lines.filter(l -> l.contains("/libnetlibblasjni") && l.endsWith(".so"))
                    .map(l -> l.substring(l.indexOf('/'))).distinct().toList()) {
                Path p = Path.of(file);
                if (tmp.equals(p.getParent()) && p.getFileName().toString().matches("libnetlibblasjni\\d+\\.so")) {
                    Files.deleteIfExists(p);
                }
            }
        } catch (IOException | RuntimeException e) {
            // left to netlib's delete-on-exit
        }
    }

    private static Outcome none(BlasChoice choice, String why) {
        return new Outcome(Optional.empty(), choice == BlasChoice.JAVA ? why : why + " (mars.worker.blas="
                + choice.name().toLowerCase(java.util.Locale.ROOT) + ")");
    }

    /**
     * The first system {@code libblas.so.3} that loads, searched as the dynamic linker does: LD_LIBRARY_PATH, the
     * paths its cache ({@code /etc/ld.so.cache}) lists, the default directories.
     */
    static Optional<Path> system() {
        for (Path p : candidates()) {
            if (Files.isRegularFile(p) && loads(p)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /** Where the dynamic linker looks for {@code libblas.so.3}, in its order. */
    private static Set<Path> candidates() {
        Set<Path> candidates = new LinkedHashSet<>();
        String ldPath = System.getenv("LD_LIBRARY_PATH");
        if (ldPath != null) {
            for (String dir : ldPath.split(":")) {
                if (!dir.isEmpty()) {
                    candidates.add(Path.of(dir, SYSTEM_LIBRARY));
                }
            }
        }
        candidates.addAll(cached(Path.of("/etc/ld.so.cache")));
        for (String dir : DEFAULT_DIRS) {
            candidates.add(Path.of(dir, SYSTEM_LIBRARY));
        }
        return candidates;
    }

    /** The absolute paths ending in /libblas.so.3 in the linker's cache: its string table holds names and paths. */
    private static List<Path> cached(Path cache) {
        List<Path> paths = new ArrayList<>();
        try {
            String text = new String(Files.readAllBytes(cache), StandardCharsets.ISO_8859_1);
            for (String s : text.split("\0")) {
                if (s.startsWith("/") && s.endsWith("/" + SYSTEM_LIBRARY)) {
                    paths.add(Path.of(s));
                }
            }
        } catch (IOException | RuntimeException e) {
            // no cache (not glibc, or not readable): LD_LIBRARY_PATH and the default directories remain
        }
        return paths;
    }

    private static boolean loads(Path p) {
        try {
            System.load(p.toAbsolutePath().toString());
            return true;
        } catch (UnsatisfiedLinkError e) {
            // another architecture's file, or a missing dependency: the linker would fail too; but a file another
            // class loader (an earlier copy of Mars's classes) loaded is loaded, and netlib can open it
            return String.valueOf(e.getMessage()).contains("already loaded in another classloader");
        }
    }

    /** Copies the bundled OpenBLAS and its runtime to a private directory, binds netlib to it, deletes the copies. */
    static Outcome loadBundled() {
        String bundle = bundleVersion();
        if (bundle == null) {
            return none(BlasChoice.BUNDLED, "the org.bytedeco:openblas jar is not on the class path");
        }
        if (!System.getProperty("os.name", "").equals("Linux") || !System.getProperty("os.arch", "").equals("amd64")) {
            return none(BlasChoice.BUNDLED, "the bundled OpenBLAS is for linux-x86_64, this is "
                    + System.getProperty("os.name") + "-" + System.getProperty("os.arch"));
        }
        Path dir = null;
        try {
            dir = Files.createTempDirectory("mars-openblas-",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            Path quadmath = extract(dir, "libquadmath.so.0");
            Path gfortran = extract(dir, "libgfortran.so.5");
            Path gccS = extract(dir, "libgcc_s.so.1");
            Path openblas = extract(dir, "libopenblas.so.0");
            // libopenblas finds libgfortran beside it ($ORIGIN), but libgfortran has no such path for libquadmath and
            // libgcc_s: loaded first, they satisfy its dependencies by name. libgcc_s only when the system has none.
            System.load(quadmath.toString());
            try {
                System.load(gfortran.toString());
            } catch (UnsatisfiedLinkError e) {
                System.load(gccS.toString());
                System.load(gfortran.toString());
            }
            return bind(openblas, "bundled OpenBLAS " + bundle);
        } catch (IOException | UnsatisfiedLinkError e) {
            return none(BlasChoice.BUNDLED, "the bundled OpenBLAS did not load: " + e);
        } finally {
            if (dir != null) {
                deleteTree(dir);
            }
        }
    }

    /** {@code org.bytedeco:openblas <version>} from the jar's Maven properties, or null when the jar is absent. */
    static String bundleVersion() {
        try (InputStream in = BlasLibrary.class.getClassLoader().getResourceAsStream(BUNDLE_POM)) {
            if (in == null || BlasLibrary.class.getClassLoader().getResource(BUNDLE + "libopenblas.so.0") == null) {
                return null;
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version", "?") + " (org.bytedeco:openblas)";
        } catch (IOException e) {
            return null;
        }
    }

    private static Path extract(Path dir, String name) throws IOException {
        Path target = dir.resolve(name);
        try (InputStream in = BlasLibrary.class.getClassLoader().getResourceAsStream(BUNDLE + name)) {
            if (in == null) {
                throw new IOException("no " + BUNDLE + name + " on the class path");
            }
            Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
        }
        return target;
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            dir.toFile().deleteOnExit();
        }
    }
}
