package io.mars.submit.cli;

import java.util.logging.Logger;

/** A process for {@link JavaUtilLoggingTest}: logs one java.util.logging warning, as netlib's loader would. */
public final class JulProbe {
    private JulProbe() {
    }

    public static void main(String[] args) {
        Logger.getLogger("dev.ludovic.netlib.probe").warning("a java.util.logging record");
        Logger.getLogger("dev.ludovic.netlib.probe").info("below the WARN level of the configuration");
    }
}
