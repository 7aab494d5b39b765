package io.mars.examples;

import java.util.Objects;

/**
 * What one example job computed and how long it took, printed as one line:
 * {@code MonteCarloPi: result=3.141593 (N=1000000000) wall=2.31s}. {@code benchmarks/run-benchmarks.sh} parses
 * {@code result=} and {@code wall=} from that line, so keep its shape.
 *
 * @param job    the job's name
 * @param result the computed value, formatted as the numpy baseline formats it
 * @param size   the problem size, e.g. {@code N=1000000000}
 * @param nanos  wall time from building the graph to having the value on the client
 */
public record JobResult(String job, String result, String size, long nanos) {
    public JobResult {
        Objects.requireNonNull(job, "job");
        Objects.requireNonNull(result, "result");
        Objects.requireNonNull(size, "size");
        if (nanos < 0) {
            throw new IllegalArgumentException("nanos must not be negative, got " + nanos);
        }
    }

    public String line() {
        return job + ": result=" + result + " (" + size + ") wall=" + JobArgs.seconds(nanos);
    }
}
