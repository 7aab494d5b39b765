package io.mars.am.yarn;

import java.util.List;
import org.apache.hadoop.yarn.api.ApplicationConstants;

/**
 * The JVM options that set up logging in the AM's and the workers' containers: log4j2 configured by
 * {@code mars-am-log4j2.xml} into the container's log directory, and {@code java.util.logging} (netlib's BLAS loader,
 * Jersey) routed into it by log4j-jul's LogManager, which must be named when the JVM starts.
 */
public final class ContainerLogging {
    /** Routes java.util.logging into log4j2; bin/mars-submit and bin/mars-shell pass the same option. */
    public static final String JUL_TO_LOG4J = "-Djava.util.logging.manager=org.apache.logging.log4j.jul.LogManager";

    private ContainerLogging() {
    }

    /** The options of a container whose log is {@code <LOG_DIR>/<logName>.log}. */
    public static List<String> jvmOptions(String logName) {
        return List.of("-Dmars.log.dir=" + ApplicationConstants.LOG_DIR_EXPANSION_VAR, "-Dmars.log.name=" + logName,
                "-Dlog4j2.configurationFile=mars-am-log4j2.xml", JUL_TO_LOG4J);
    }
}
