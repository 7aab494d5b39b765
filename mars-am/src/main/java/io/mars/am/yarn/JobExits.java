package io.mars.am.yarn;

/**
 * What a job's exit calls become ({@link ExitCalls}): public, as the job's classes call it from their own packages.
 * Each finds the job by the class that called it, and lets its {@link JobClassLoader} decide.
 */
public final class JobExits {
    private static final StackWalker WALKER = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);

    private JobExits() {
    }

    /** In place of {@code System.exit(status)}. */
    public static void exit(int status) {
        called(WALKER.getCallerClass(), status, false);
    }

    /** In place of {@code runtime.exit(status)}. */
    public static void exit(Runtime runtime, int status) {
        called(WALKER.getCallerClass(), status, false);
    }

    /** In place of {@code runtime.halt(status)}. */
    public static void halt(Runtime runtime, int status) {
        called(WALKER.getCallerClass(), status, true);
    }

    private static void called(Class<?> caller, int status, boolean halt) {
        if (caller.getClassLoader() instanceof JobClassLoader job) {
            job.exitCalled(status, halt);
            return;
        }
        // only a job's classes are rewritten; a method reference may be called through the JDK's own frames
        asWritten(status, halt);
    }

    /** What the rewritten call would have done: halt, or exit through the shutdown hooks. */
    static void asWritten(int status, boolean halt) {
        if (halt) {
            Runtime.getRuntime().halt(status);
        }
        System.exit(status);
    }
}
