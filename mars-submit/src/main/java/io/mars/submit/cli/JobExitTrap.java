package io.mars.submit.cli;

import java.security.Permission;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Keeps a job's own {@code System.exit(n)} (or {@code Runtime.halt(n)}) from ending this JVM while the job's main runs
 * here (local and client mode), and remembers {@code n}: the call throws {@link JobExit} in the calling thread, and
 * {@link JobRunner} makes the job's outcome SUCCEEDED for 0 and FAILED naming {@code n} otherwise, so that a job's
 * {@code exit(3)} never reaches a scheduler as mars-submit's code 3 (KILLED).
 *
 * <p>Why a SecurityManager, deprecated for removal: on Java 17 its {@code checkExit} is the only place that learns the
 * status a thread passes to {@code System.exit} before the JVM commits to it; a shutdown hook runs after that and
 * cannot read it ({@code Runtime.halt} from a hook could change the code, but not tell {@code exit(0)} from
 * {@code exit(3)}), and rewriting the job's bytecode would need a bytecode library on the class path. The manager
 * permits everything else, is installed only while a job's main runs and removed after it. It is not installed when
 * the JVM already has one (a host such as Oozie's launcher keeps its own), nor where the JVM refuses it (Java 18+
 * without {@code -Djava.security.manager=allow}, which bin/mars-submit sets; Java 24+ always): there a job's
 * {@code System.exit(n)} ends the JVM with {@code n}, as before. Java 17 prints a four-line deprecation warning on
 * stderr the first time it is installed in a JVM.
 */
@SuppressWarnings("removal")
final class JobExitTrap extends SecurityManager implements AutoCloseable {
    private final AtomicReference<Integer> status = new AtomicReference<>();

    private JobExitTrap() {
    }

    /** The trap, installed; empty when the JVM has a security manager already or refuses one. */
    static Optional<JobExitTrap> install() {
        if (System.getSecurityManager() != null) {
            return Optional.empty();
        }
        JobExitTrap trap = new JobExitTrap();
        try {
            System.setSecurityManager(trap);
            return Optional.of(trap);
        } catch (UnsupportedOperationException | SecurityException e) {
            return Optional.empty();
        }
    }

    /** The status of the first {@code System.exit} called while installed, if any. */
    OptionalInt status() {
        Integer s = status.get();
        return s == null ? OptionalInt.empty() : OptionalInt.of(s);
    }

    @Override
    public void checkExit(int code) {
        status.compareAndSet(null, code);
        throw new JobExit(code);
    }

    @Override
    public void checkPermission(Permission perm) {
        // everything but exiting is allowed, as without a manager
    }

    @Override
    public void checkPermission(Permission perm, Object context) {
        // everything but exiting is allowed, as without a manager
    }

    @Override
    public void close() {
        if (System.getSecurityManager() == this) {
            System.setSecurityManager(null);
        }
    }

    /** Thrown by a job's {@code System.exit(n)} in place of exiting. */
    static final class JobExit extends SecurityException {
        private static final long serialVersionUID = 1L;

        JobExit(int status) {
            super("the job called System.exit(" + status + "); mars-submit turned it into the job's outcome");
        }
    }
}
