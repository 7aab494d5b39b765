package io.mars.am.yarn;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Keeps a job's own {@code System.exit(n)} (or {@code Runtime.exit(n)}, {@code Runtime.halt(n)}) from ending the JVM
 * its main runs in (the submitter with local[N] and in client mode, the ApplicationMaster in cluster mode), and
 * remembers {@code n}: the call throws {@link JobExit} in the calling thread, and {@link #outcome} makes the job's
 * outcome a success for 0 and a failure naming {@code n} otherwise, so that a job's {@code exit(3)} never reaches a
 * scheduler as mars-submit's code 3 (KILLED). Only the job's own classes (those its {@link JobClassLoader} loads from
 * its jars, libraries in {@code --jars} included) are stopped, in any of its threads; the JVM's own code exits as
 * before.
 *
 * <p>How: the job's class loader rewrites those calls as it loads the job's classes ({@link ExitCalls}), so nothing
 * JVM-wide is installed. (It was a SecurityManager until session 12: Java 17 printed a four-line deprecation warning
 * at the top of every run, and Java 24 refuses one.) The trap is on while the job's main runs; a call before or after
 * exits as written.
 */
public final class JobExitTrap implements AutoCloseable {
    private final JobClassLoader jobLoader;

    private JobExitTrap(JobClassLoader jobLoader) {
        this.jobLoader = jobLoader;
    }

    /** The trap for the exits of the job whose classes {@code jobLoader} loads, on; empty for another loader. */
    public static Optional<JobExitTrap> install(ClassLoader jobLoader) {
        Objects.requireNonNull(jobLoader, "jobLoader");
        if (!(jobLoader instanceof JobClassLoader job)) {
            return Optional.empty();
        }
        job.trapExits(true);
        return Optional.of(new JobExitTrap(job));
    }

    /**
     * What a job's run came to, given what its main threw ({@code null}: it returned): a {@link JobExitStatus} when
     * it called {@code System.exit(n)} with {@code n != 0} (even if it caught what the call threw); {@code null} for
     * a return, or for {@code exit(0)} unwinding the main; otherwise what the main threw.
     */
    public static Throwable outcome(Optional<JobExitTrap> trap, Throwable thrown) {
        OptionalInt exit = trap.map(JobExitTrap::status).orElse(OptionalInt.empty());
        if (exit.isPresent() && exit.getAsInt() != 0) {
            return new JobExitStatus(exit.getAsInt());
        }
        if (exit.isPresent() && thrown instanceof JobExit) {
            return null;
        }
        return thrown;
    }

    /** The status of the first exit the job called while the trap was on, if any. */
    public OptionalInt status() {
        Integer s = jobLoader.exitStatus();
        return s == null ? OptionalInt.empty() : OptionalInt.of(s);
    }

    @Override
    public void close() {
        jobLoader.trapExits(false);
    }

    /** Thrown by a job's {@code System.exit(n)} in place of exiting. */
    public static final class JobExit extends RuntimeException {
        private static final long serialVersionUID = 1L;

        JobExit(int status) {
            super("the job called System.exit(" + status + "); Mars turns it into the job's outcome");
        }
    }

    /** The failure of a job that called {@code System.exit(n)} with {@code n != 0}. */
    public static final class JobExitStatus extends RuntimeException {
        private static final long serialVersionUID = 1L;

        JobExitStatus(int status) {
            super("the job called System.exit(" + status + "), reported as FAILED: mars-submit's exit codes are a"
                    + " contract with schedulers (3 is KILLED), which a job's own code would break", null, false,
                    false);
        }
    }
}
