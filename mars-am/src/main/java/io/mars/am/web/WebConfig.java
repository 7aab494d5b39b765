package io.mars.am.web;

import io.mars.common.config.Settings;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.util.Map;

/**
 * Settings of the AM's web UI.
 *
 * <ul>
 *   <li>{@value #PORT}: the port the UI listens on, on the AM's host; 0 (the default) picks a free one, which is what
 *       a YARN node with several AMs needs. The UI is reached through the application's tracking URL either way.</li>
 * </ul>
 */
public record WebConfig(int port) {
    public static final String PORT = "mars.am.web.port";

    public WebConfig {
        if (port < 0 || port > 65535) {
            throw new MarsException(ErrorCode.INVALID_CONFIG, PORT + " must be 0 (any free port) or a port number up to"
                    + " 65535, got " + port);
        }
    }

    public static WebConfig from(Map<String, String> conf) {
        return new WebConfig(Settings.intValue(conf, PORT, 0, "a whole number (0 for any free port)"));
    }
}
