package io.mars.submit.yarn;

import java.util.Optional;

/**
 * How a YARN application ended, as the client saw it.
 *
 * @param status the final status
 * @param applicationId the application id; empty when YARN never got the application
 * @param diagnostics YARN's diagnostics, or why the application was rejected
 */
public record YarnOutcome(Status status, Optional<String> applicationId, String diagnostics) {
    /** The final status. */
    public enum Status {
        SUCCEEDED,
        FAILED,
        KILLED,
        /** Refused before anything was uploaded, or at submission (e.g. more memory than the cluster allows). */
        REJECTED,
        /** Accepted and left running: the submitter did not wait ({@code --no-wait}). */
        DETACHED
    }
}
