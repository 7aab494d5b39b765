package io.mars.submit.local;

import io.mars.common.config.Settings;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.util.Map;

/**
 * Settings of the local cluster's web UI (the AM's UI, served from the process that runs the local cluster).
 *
 * <ul>
 *   <li>{@value #PORT}: the port on 127.0.0.1; 0 picks a free one, -1 (the default) serves no UI. Off by default
 *       because a local cluster also runs inside libraries and every test suite, where a listening port is a surprise;
 *       set it to 0 (or a port) to see a local job in the browser. The URL is printed as {@code Mars UI: <url>}.</li>
 * </ul>
 */
public record LocalWebConfig(int port) {
    public static final String PORT = "mars.local.web-port";
    public static final int NONE = -1;

    public LocalWebConfig {
        if (port < NONE || port > 65535) {
            throw new MarsException(ErrorCode.INVALID_CONFIG, PORT + " must be -1 (no UI), 0 (any free port) or a port"
                    + " number up to 65535, got " + port);
        }
    }

    public static LocalWebConfig from(Map<String, String> conf) {
        return new LocalWebConfig(Settings.intValue(conf, PORT, NONE, "a whole number (-1 for no UI, 0 for any free"
                + " port)"));
    }

    public boolean enabled() {
        return port != NONE;
    }
}
