package io.mars.examples;

import io.mars.Session;
import java.util.List;
import java.util.function.Function;

/**
 * The four seed demos in one session, at sizes that finish in well under a minute on a 2-core machine: pi from
 * 10^9 random points, inner of 2000 x 2000 ones, an element-wise pass over 10^8 values and {@code (a.dot(a.T) - a)
 * .std()} on a 2000 x 2000 random matrix. This is the README's first command and the jar's Main-Class.
 */
public final class SeedDemos {
    private SeedDemos() {
    }

    public static void main(String[] args) {
        List<Function<Session, JobResult>> demos = List.of(
                s -> MonteCarloPi.run(s, MonteCarloPi.DEFAULT_POINTS, MonteCarloPi.DEFAULT_CHUNK),
                s -> InnerSum.run(s, InnerSum.DEFAULT_N, InnerSum.DEFAULT_CHUNK),
                s -> ElementwiseSum.run(s, ElementwiseSum.DEFAULT_N, ElementwiseSum.DEFAULT_CHUNK, false),
                s -> DotStd.run(s, DotStd.DEFAULT_N, DotStd.DEFAULT_CHUNK));
        long start = System.nanoTime();
        try (Session session = Session.getOrCreate()) {
            for (Function<Session, JobResult> demo : demos) {
                System.out.println(demo.apply(session).line());
            }
        }
        System.out.println("SeedDemos: " + demos.size() + " jobs wall=" + JobArgs.seconds(System.nanoTime() - start));
    }
}
