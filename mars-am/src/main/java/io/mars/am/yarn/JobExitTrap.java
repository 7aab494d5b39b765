package io.mars.am.yarn;

import java.security.Permission;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Keeps a job's own {@code System.exit(n)} (or {@code Runtime.halt(n)}) from ending the JVM its main runs in (the
 * submitter with local[N] and in client mode, the ApplicationMaster in cluster mode), and remembers {@code n}: the call
 * throws {@link JobExit} in the calling thread, and {@link #outcome} makes the job's outcome a success for 0 and a
 * failure naming {@code n} otherwise, so that a job's {@code exit(3)} never reaches a scheduler as mars-submit's code 3
 * (KILLED). Only calls with a class of the job's class loader on the stack are stopped (the job's threads, and
 * libraries it calls); the JVM's own code exits as before.
 *
 * <p>Why a SecurityManager, deprecated for removal: on Java 17 its {@code checkExit} is the only place that learns the
 * status a thread passes to {@code System.exit} before the JVM commits to it; a shutdown hook runs after that and
 * cannot read it ({@code Runtime.halt} from a hook could change the code, but not tell {@code exit(0)} from
 * {@code exit(3)}), and rewriting the job's bytecode would need a bytecode library on the class path. The manager
 * permits everything else, is installed only while a job's main runs and removed after it. It is not installed when
 * the JVM already has one (a host such as Oozie's launcher keeps its own), nor where the JVM refuses it (Java 18+
 * without {@code -Djava.security.manager=allow}, which bin/mars-submit and the AM's command set; Java 24+ always):
 * there a job's {@code System.exit(n)} ends the JVM with {@code n}, as before. Java 17 prints a four-line deprecation
 * warning on stderr the first time it is installed in a JVM.
 */
@SuppressWarnings("removal")
public final class JobExitTrap extends SecurityManager implements AutoCloseable {
    private final ClassLoader jobLoader;
    private final AtomicReference<Integer> status = new AtomicReference<>();

    private JobExitTrap(ClassLoader jobLoader) {
        this.jobLoader = Objects.requireNonNull(jobLoader, "jobLoader");
    }

    /**
     * The trap for exits called by classes of {@code jobLoader}, installed; empty when the JVM has a security manager
     * already or refuses one.
     */
    public static Optional<JobExitTrap> install(ClassLoader jobLoader) {
        if (System.getSecurityManager() != null) {
            return Optional.empty();
        }
        JobExitTrap trap = new JobExitTrap(jobLoader);
        try {
            System.setSecurityManager(trap);
            return Optional.of(trap);
        } catch (UnsupportedOperationException | SecurityException e) {
            return Optional.empty();
        }
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

    /** The status of the first {@code System.exit} the job called while installed, if any. */
    public OptionalInt status() {
        Integer s = status.get();
        return s == null ? OptionalInt.empty() : OptionalInt.of(s);
    }

    @Override
    public void checkExit(int code) {
        for (Class<?> c : getClassContext()) {
            if (c.getClassLoader() == jobLoader) {
                status.compareAndSet(null, code);
                throw new JobExit(code);
            }
        }
    }

    @Override
    public void checkPermission(Permission perm) {
        // everything but a job's exit is allowed, as without a manager
    }

    @Override
    public void checkPermission(Permission perm, Object context) {
        // everything but a job's exit is allowed, as without a manager
    }

    @Override
    public void close() {
        if (System.getSecurityManager() == this) {
            System.setSecurityManager(null);
        }
    }

    /** Thrown by a job's {@code System.exit(n)} in place of exiting. */
    public static final class JobExit extends SecurityException {
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
