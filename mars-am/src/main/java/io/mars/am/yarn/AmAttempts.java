package io.mars.am.yarn;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.api.ApplicationConstants.Environment;
import org.apache.hadoop.yarn.api.records.ApplicationAttemptId;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.conf.YarnConfiguration;

/**
 * Which AM attempt this process is and how many YARN allows. The attempt number fences the ZooKeeper state of older
 * attempts; whether it is the last decides if a failure unregisters (and the state is dropped) or leaves the
 * ResourceManager to start the next attempt.
 *
 * @param applicationId the application's id ({@code application_<cluster timestamp>_<number>})
 * @param attempt       this attempt's number, from 1
 * @param maxAttempts   the attempts the application may have: {@value #MAX_ATTEMPTS} capped by the cluster's maximum
 */
public record AmAttempts(String applicationId, int attempt, int maxAttempts) {
    /** The AM attempts an application asks for (default 1: a second attempt would run the job's main again). */
    public static final String MAX_ATTEMPTS = "mars.yarn.am.max-attempts";
    public static final int DEFAULT_MAX_ATTEMPTS = 1;
    /**
     * AM failures older than this no longer count against {@value #MAX_ATTEMPTS} (YARN's
     * {@code attemptFailuresValidityInterval}, Spark's {@code spark.yarn.am.attemptFailuresValidityInterval}), so a
     * long-running application survives occasional AM losses; unset: every failure counts.
     */
    public static final String VALIDITY_INTERVAL = "mars.yarn.am.attempt-failures-validity-interval";

    public AmAttempts {
        if (applicationId == null || applicationId.isBlank()) {
            throw new IllegalArgumentException("no application id");
        }
        if (attempt < 1 || maxAttempts < 1) {
            throw new IllegalArgumentException("attempt " + attempt + " of " + maxAttempts);
        }
    }

    /**
     * Whether the application keeps its worker containers across AM attempts (YARN's
     * {@code keepContainersAcrossApplicationAttempts}): when a later attempt may come ({@value #MAX_ATTEMPTS} above 1)
     * and can recover the state (an external ZooKeeper ensemble in {@code mars.zookeeper.quorum}). Its workers then
     * outlive an AM that dies and keep their chunks for the next attempt.
     */
    public static boolean keepsContainers(Map<String, String> properties) {
        String quorum = properties.get(io.mars.am.state.StateStoreConfig.QUORUM);
        return requested(properties) > 1 && quorum != null && !quorum.isBlank();
    }

    /**
     * How long a worker that outlives its AM waits for the next attempt to reattach it, in ms (default
     * {@value #DEFAULT_FAILOVER_WAIT_MS}): YARN's time to notice the dead AM and start the next one, plus its start.
     */
    public static final String FAILOVER_WAIT = "mars.yarn.am.failover-wait-ms";
    public static final long DEFAULT_FAILOVER_WAIT_MS = 180_000;

    /** {@value #FAILOVER_WAIT}; a {@link ErrorCode#INVALID_CONFIG} error when it is not a whole number of ms >= 1. */
    public static long failoverWaitMs(Map<String, String> properties) {
        String value = properties.get(FAILOVER_WAIT);
        if (value == null || value.isBlank()) {
            return DEFAULT_FAILOVER_WAIT_MS;
        }
        try {
            long ms = Long.parseLong(value.trim());
            if (ms >= 1) {
                return ms;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new MarsException(ErrorCode.INVALID_CONFIG, FAILOVER_WAIT + " must be a whole number of ms >= 1, got '"
                + value + "'");
    }

    /** Whether no attempt follows this one when it fails. */
    public boolean last() {
        return attempt >= maxAttempts;
    }

    /** {@value #MAX_ATTEMPTS} as asked for; a {@link ErrorCode#INVALID_CONFIG} error when it is not a whole number >= 1. */
    public static int requested(Map<String, String> properties) {
        String value = properties.get(MAX_ATTEMPTS);
        if (value == null) {
            return DEFAULT_MAX_ATTEMPTS;
        }
        int n;
        try {
            n = Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw invalid(value);
        }
        if (n < 1) {
            throw invalid(value);
        }
        return n;
    }

    /**
     * {@value #VALIDITY_INTERVAL} in milliseconds, -1 when unset. A whole number with an optional unit: {@code ms}
     * (the default), {@code s}, {@code m} or {@code h}, e.g. {@code 1h}; at least 1 ms.
     */
    public static long validityIntervalMs(Map<String, String> properties) {
        String value = properties.get(VALIDITY_INTERVAL);
        if (value == null || value.isBlank()) {
            return -1;
        }
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d{1,12})\\s*(ms|s|m|h)?")
                .matcher(value.trim().toLowerCase(java.util.Locale.ROOT));
        if (!m.matches()) {
            throw invalidInterval(value);
        }
        long n = Long.parseLong(m.group(1));
        long ms = switch (m.group(2) == null ? "ms" : m.group(2)) {
            case "s" -> n * 1000;
            case "m" -> n * 60_000;
            case "h" -> n * 3_600_000;
            default -> n;
        };
        if (ms < 1) {
            throw invalidInterval(value);
        }
        return ms;
    }

    private static MarsException invalidInterval(String value) {
        return new MarsException(ErrorCode.INVALID_CONFIG, VALIDITY_INTERVAL + " must be a duration of at least 1 ms, "
                + "a whole number with an optional unit ms, s, m or h (e.g. 3600000 or 1h), got '" + value + "'");
    }

    private static MarsException invalid(String value) {
        return new MarsException(ErrorCode.INVALID_CONFIG, MAX_ATTEMPTS + " must be a whole number of AM attempts >= 1, got '"
                + value + "'; use 1 unless the job's main may safely run again after an AM failure");
    }

    /**
     * The most attempts the ResourceManager grants one application: {@code yarn.resourcemanager.am.global.max-attempts},
     * which defaults to {@code yarn.resourcemanager.am.max-attempts}. A larger request gets this many.
     */
    public static int clusterMaximum(Configuration conf) {
        return conf.getInt(YarnConfiguration.GLOBAL_RM_AM_MAX_ATTEMPTS,
                conf.getInt(YarnConfiguration.RM_AM_MAX_ATTEMPTS, YarnConfiguration.DEFAULT_RM_AM_MAX_ATTEMPTS));
    }

    /** The attempts the application gets: the request capped by the cluster's maximum. */
    public static int effective(Map<String, String> properties, Configuration conf) {
        return Math.max(1, Math.min(requested(properties), clusterMaximum(conf)));
    }

    /** This AM's attempt, read from the container id YARN gives the AM in {@code CONTAINER_ID}. */
    public static AmAttempts ofThisContainer(Map<String, String> environment, Map<String, String> properties,
                                             Configuration conf) {
        String containerId = environment.get(Environment.CONTAINER_ID.name());
        if (containerId == null) {
            throw new MarsException(ErrorCode.INVALID_CONFIG, "the environment has no " + Environment.CONTAINER_ID.name()
                    + ": the ApplicationMaster runs only in a YARN container");
        }
        ApplicationAttemptId attemptId = ContainerId.fromString(containerId).getApplicationAttemptId();
        return new AmAttempts(attemptId.getApplicationId().toString(), attemptId.getAttemptId(),
                effective(properties, conf));
    }
}
