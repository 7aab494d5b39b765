package io.mars.submit.cli;

import io.mars.common.error.MarsException;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * Job jars compiled and packed at test time, so the tests run real jobs through a real class loader:
 * {@code app.jar} (Main-Class {@code demo.Job}), {@code plain.jar} (the same classes, no Main-Class) and
 * {@code lib.jar} ({@code lib.Helper}, which {@code demo.Job} uses only in its {@code helper} mode).
 */
final class TestJobJars {
    /**
     * {@code demo.Job} modes (first argument): {@code write <file> [args...]} writes what the job saw to the file,
     * {@code helper <file>} also calls {@code lib.Helper}, {@code fail} throws with a cause, {@code shape} throws a
     * MarsException with code SHAPE_MISMATCH, {@code exit <n>} calls {@code System.exit(n)}, {@code exit-caught <n>}
     * catches what that throws and returns, {@code exit-thread <n>} calls it in a thread of its own,
     * {@code runtime-exit <n>} and {@code halt <n>} call {@code Runtime.exit}/{@code halt}, {@code exit-ref <n>} calls
     * {@code System.exit} through a method reference, and {@code lib-exit <n>} through {@code lib.Helper} (a
     * {@code --jars} library), {@code udf <file>} runs lambdas of the jar on the local cluster's workers (mapChunk,
     * Series.map) and writes their sums.
     */
    private static final Map<String, String> SOURCES = Map.of(
            "demo/Job.java", """
                    package demo;

                    import java.nio.file.Files;
                    import java.nio.file.Path;
                    import java.util.Arrays;

                    public class Job {
                        public static void main(String[] args) throws Exception {
                            switch (args[0]) {
                                case "fail" -> throw new IllegalStateException("job asked to fail",
                                        new java.io.IOException("disk on fire"));
                                case "shape" -> throw new io.mars.common.error.MarsException(
                                        io.mars.common.error.ErrorCode.SHAPE_MISMATCH,
                                        "shapes (3,4) and (5,) cannot be broadcast");
                                case "exit" -> {
                                    System.exit(Integer.parseInt(args[1]));
                                    throw new AssertionError("System.exit returned");
                                }
                                case "exit-caught" -> {
                                    try {
                                        System.exit(Integer.parseInt(args[1]));
                                    } catch (RuntimeException e) {
                                        return; // a job that swallows everything
                                    }
                                }
                                case "runtime-exit" -> Runtime.getRuntime().exit(Integer.parseInt(args[1]));
                                case "halt" -> Runtime.getRuntime().halt(Integer.parseInt(args[1]));
                                case "exit-ref" -> {
                                    java.util.function.IntConsumer exit = System::exit;
                                    exit.accept(Integer.parseInt(args[1]));
                                }
                                case "lib-exit" -> lib.Helper.exit(Integer.parseInt(args[1]));
                                case "exit-thread" -> {
                                    Thread t = new Thread(() -> System.exit(Integer.parseInt(args[1])));
                                    t.start();
                                    t.join();
                                    return;
                                }
                                case "udf" -> {
                                    // lambdas of this jar only, run by the local cluster's workers
                                    try (io.mars.Session session = io.mars.Session.getOrCreate()) {
                                        long doubled = (long) io.mars.tensor.Tensors.arange(10)
                                                .rechunk(io.mars.types.ChunkSpec.of(4)).mapChunk(c -> {
                                                    long[] v = c.toLongArray();
                                                    for (int i = 0; i < v.length; i++) {
                                                        v[i] *= 2;
                                                    }
                                                    return io.mars.types.NDArray.of(v, c.shape());
                                                }).sum().execute(session).getDouble();
                                        long plusOne = (long) io.mars.dataframe.DataFrames.fromTable(
                                                io.mars.types.LocalTable.of(io.mars.types.Column.ofLongs("k", 1, 2, 3)),
                                                2).col("k").map((Long v) -> v + 1).sum().execute(session).getDouble();
                                        Files.writeString(Path.of(args[1]), "udf=" + doubled + " " + plusOne);
                                    }
                                    return;
                                }
                                default -> { }
                            }
                            String helper = args[0].equals("helper") ? lib.Helper.greeting() : "unused";
                            String report = String.join("\\n",
                                    "master=" + System.getProperty("mars.master"),
                                    "name=" + System.getProperty("mars.app.name"),
                                    "slots=" + System.getProperty("mars.worker.slots"),
                                    "combine=" + System.getProperty("mars.task.combine-size"),
                                    "contextLoader=" + (Thread.currentThread().getContextClassLoader()
                                            == Job.class.getClassLoader()),
                                    "helper=" + helper,
                                    "args=" + Arrays.asList(args).subList(2, args.length));
                            Files.writeString(Path.of(args[1]), report);
                        }
                    }
                    """,
            "demo/NoMain.java", """
                    package demo;

                    public class NoMain {
                        public static void run(String[] args) { }
                    }
                    """,
            "demo/InstanceMain.java", """
                    package demo;

                    public class InstanceMain {
                        public void main(String[] args) { }
                    }
                    """,
            "demo/BrokenInit.java", """
                    package demo;

                    public class BrokenInit {
                        static final int VALUE = Integer.parseInt("not a number");

                        public static void main(String[] args) { }
                    }
                    """,
            "lib/Helper.java", """
                    package lib;

                    public class Helper {
                        public static String greeting() {
                            return "hello from lib";
                        }

                        public static void exit(int status) {
                            System.exit(status);
                        }
                    }
                    """);

    final Path appJar;
    final Path plainJar;
    final Path libJar;

    private TestJobJars(Path appJar, Path plainJar, Path libJar) {
        this.appJar = appJar;
        this.plainJar = plainJar;
        this.libJar = libJar;
    }

    /** Compiles the job sources against mars-common and packs the jars into {@code dir}. */
    static TestJobJars build(Path dir) throws IOException {
        Path sources = Files.createDirectories(dir.resolve("src"));
        Path classes = Files.createDirectories(dir.resolve("classes"));
        List<String> arguments = new ArrayList<>(List.of(
                "--release", "17", "-d", classes.toString(), "-classpath", marsCommonLocation().toString()));
        for (Map.Entry<String, String> source : SOURCES.entrySet()) {
            Path file = sources.resolve(source.getKey());
            Files.createDirectories(file.getParent());
            Files.writeString(file, source.getValue());
            arguments.add(file.toString());
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            throw new IllegalStateException("tests need a JDK (javax.tools compiler), not a JRE");
        }
        int result = javac.run(null, null, null, arguments.toArray(new String[0]));
        if (result != 0) {
            throw new IllegalStateException("compiling the test job failed with " + result);
        }
        Path app = pack(dir.resolve("app.jar"), classes.resolve("demo"), classes, "demo.Job");
        Path plain = pack(dir.resolve("plain.jar"), classes.resolve("demo"), classes, null);
        Path lib = pack(dir.resolve("lib.jar"), classes.resolve("lib"), classes, null);
        return new TestJobJars(app, plain, lib);
    }

    private static Path marsCommonLocation() {
        try {
            return Path.of(MarsException.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Path pack(Path jar, Path packageDir, Path root, String mainClass) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        if (mainClass != null) {
            manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, mainClass);
        }
        try (OutputStream file = Files.newOutputStream(jar);
                JarOutputStream out = new JarOutputStream(file, manifest);
                Stream<Path> classFiles = Files.walk(packageDir)) {
            for (Path classFile : classFiles.filter(Files::isRegularFile).sorted().toList()) {
                out.putNextEntry(new JarEntry(root.relativize(classFile).toString().replace('\\', '/')));
                out.write(Files.readAllBytes(classFile));
                out.closeEntry();
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        return jar;
    }

    static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
