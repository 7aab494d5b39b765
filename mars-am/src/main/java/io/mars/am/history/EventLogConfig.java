package io.mars.am.history;

import java.util.Map;
import java.util.Optional;

/**
 * Settings of the application's event log and its history server.
 *
 * <ul>
 *   <li>{@value #DIR}: a directory (a local path, or a URI such as {@code hdfs:///mars/events}) where each application
 *       writes its event log, {@code <application id>.jsonl} ({@code .inprogress} while it runs); unset (the default):
 *       no event log.</li>
 *   <li>{@value #HISTORY_ADDRESS}: {@code host:port} of a history server ({@code bin/mars-history}) reading that
 *       directory; when set, an application on YARN leaves its page there as its final tracking URL.</li>
 * </ul>
 */
public record EventLogConfig(Optional<String> dir, Optional<String> historyAddress) {
    public static final String DIR = "mars.eventlog.dir";
    public static final String HISTORY_ADDRESS = "mars.history.address";

    public static EventLogConfig from(Map<String, String> conf) {
        return new EventLogConfig(nonBlank(conf.get(DIR)), nonBlank(conf.get(HISTORY_ADDRESS)));
    }

    /** The page of application {@code appId} on the history server, when one is set. */
    public Optional<String> historyUrl(String appId) {
        return historyAddress.map(a -> (a.startsWith("http://") || a.startsWith("https://") ? a : "http://" + a)
                .replaceAll("/+$", "") + "/app/" + appId + "/");
    }

    private static Optional<String> nonBlank(String v) {
        return v == null || v.isBlank() ? Optional.empty() : Optional.of(v.trim());
    }
}
