package io.mars.container.kernels;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.stream.Stream;

/**
 * A process for {@link BlasLibraryTest}: loads the BLAS its {@code -Dmars.worker.blas} names (once per process, so
 * each choice needs a JVM of its own) and prints what it got as {@code key=value} lines.
 */
public final class BlasProbe {
    private BlasProbe() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        long threadsBefore = threads();
        boolean nativeBlas = Blas.isNative();
        System.out.println("native=" + nativeBlas);
        System.out.println("describe=" + Blas.describe());
        System.out.println("threadsAdded=" + (threads() - threadsBefore));
        int m = 67;
        int k = 45;
        int n = 53;
        SplittableRandom rnd = new SplittableRandom(11);
        double[] a = rnd.doubles((long) m * k).toArray();
        double[] b = rnd.doubles((long) k * n).toArray();
        double[] expected = MatMul.multiply(a, b, m, k, n);
        double[] actual = MatMul.product(a, b, m, k, n);
        double maxDiff = 0;
        for (int i = 0; i < expected.length; i++) {
            maxDiff = Math.max(maxDiff, Math.abs(expected[i] - actual[i]));
        }
        System.out.println("maxDiff=" + maxDiff);
        try (Stream<String> maps = Files.lines(Path.of("/proc/self/maps"))) {
            maps.filter(l -> l.matches(".*(openblas|libblas|gfortran|quadmath).*"))
                    .map(l -> l.substring(l.indexOf('/')))
                    .distinct()
                    .forEach(l -> System.out.println("mapped=" + l));
        }
        if (args.length > 0 && args[0].equals("hang")) {
            System.out.println("hanging");
            System.out.flush();
            Thread.sleep(Long.MAX_VALUE); // killed by the test
        }
    }

    /** Threads the process has that Java did not name: OpenBLAS's pool threads keep the process's name. */
    private static long threads() throws IOException {
        try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
            return tasks.filter(t -> comm(t).equals("java")).count();
        }
    }

    private static String comm(Path task) {
        try {
            return Files.readString(task.resolve("comm")).strip();
        } catch (IOException e) {
            return ""; // the thread ended
        }
    }
}
