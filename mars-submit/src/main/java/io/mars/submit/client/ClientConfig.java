package io.mars.submit.client;

import io.mars.common.config.Settings;
import java.util.Map;

/**
 * Settings of a client session.
 *
 * <ul>
 *   <li>{@value #MAX_RESULT_BYTES}: the most bytes of results one {@code execute} brings into this JVM, as a byte count
 *       or a percentage of its maximum heap (default {@value #DEFAULT_MAX_RESULT_BYTES}). A result whose size is known
 *       before it runs (a tensor's shape) and is larger fails before anything runs; one known only once computed
 *       (unknown lengths, tables) fails before it is fetched. Either way with {@code RESULT_TOO_LARGE}, never an
 *       {@code OutOfMemoryError}.</li>
 * </ul>
 *
 * @param maxResultBytes the limit in bytes
 */
public record ClientConfig(long maxResultBytes) {
    public static final String MAX_RESULT_BYTES = "mars.client.max-result-bytes";
    public static final String DEFAULT_MAX_RESULT_BYTES = "25%";

    public static ClientConfig from(Map<String, String> conf) {
        return new ClientConfig(Settings.bytesOrPercent(MAX_RESULT_BYTES,
                conf.getOrDefault(MAX_RESULT_BYTES, DEFAULT_MAX_RESULT_BYTES), Runtime.getRuntime().maxMemory(),
                "this JVM's maximum heap"));
    }
}
