package io.mars.submit.cli;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.util.Locale;

/**
 * Where the job's main runs ({@code --deploy-mode}): in the YARN ApplicationMaster ({@link #CLUSTER}, the default) or
 * in the submitting JVM ({@link #CLIENT}). With a {@code local[N]} master both mean the same: the main runs here.
 */
enum DeployMode {
    CLUSTER,
    CLIENT;

    static DeployMode parse(String value) {
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "cluster" -> CLUSTER;
            case "client" -> CLIENT;
            default -> throw new MarsException(ErrorCode.INVALID_ARGUMENT, "--deploy-mode " + value
                    + ": unknown deploy mode; expected cluster or client");
        };
    }
}
