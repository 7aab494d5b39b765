package io.mars.submit.cli;

/**
 * The exit codes of {@code mars-submit}, a contract with schedulers such as Oozie and Airflow: they decide whether to
 * retry from these numbers, so a number never changes meaning.
 */
public final class ExitCodes {
    /** The job's main method returned. */
    public static final int SUCCESS = 0;
    /** The job failed: its main method threw. */
    public static final int JOB_FAILED = 1;
    /** The command line or its configuration is wrong (option, value, jar, class, main method); nothing ran. */
    public static final int USAGE = 2;
    /** The YARN application was killed. */
    public static final int KILLED = 3;
    /** YARN rejected the application, or mars-submit did before uploading anything (e.g. too much AM memory). */
    public static final int REJECTED = 4;

    private ExitCodes() {}
}
