package io.mars.am.state;

import io.mars.common.config.Settings;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.util.Map;

/**
 * Settings of the durable state store.
 *
 * <ul>
 *   <li>{@value #QUORUM}: the ZooKeeper ensemble ({@code host:port,...}); unset means no durable state (local
 *       mode; an AM then runs an embedded ZooKeeper and warns that recovery is off);</li>
 *   <li>{@value #ROOT}: the parent znode of every application's state (default {@code /mars});</li>
 *   <li>{@value #BATCH_SIZE}: the most znode operations in one ZooKeeper transaction (default 500).</li>
 * </ul>
 */
public record StateStoreConfig(String quorum, String root, int batchSize) {
    public static final String QUORUM = "mars.zookeeper.quorum";
    public static final String ROOT = "mars.zookeeper.root";
    public static final String BATCH_SIZE = "mars.zookeeper.batch-size";

    public StateStoreConfig {
        if (root == null || !root.startsWith("/") || root.length() > 1 && root.endsWith("/")) {
            throw new MarsException(ErrorCode.INVALID_CONFIG, ROOT + " must be an absolute znode path like /mars, got '"
                    + root + "'");
        }
        if (batchSize < 1) {
            throw new MarsException(ErrorCode.INVALID_CONFIG, BATCH_SIZE + " must be at least 1, got " + batchSize);
        }
    }

    /** The same settings with another ensemble (an embedded server's). */
    public StateStoreConfig withQuorum(String otherQuorum) {
        return new StateStoreConfig(otherQuorum, root, batchSize);
    }

    /** Whether an external ensemble is configured. */
    public boolean hasQuorum() {
        return quorum != null && !quorum.isBlank();
    }

    /**
     * The znode holding one application's whole state: {@code <root>/<applicationId>}. A user error when the id cannot
     * name a znode.
     */
    public String applicationPath(String applicationId) {
        if (applicationId == null || applicationId.isEmpty() || applicationId.contains("/") || applicationId.equals(".")
                || applicationId.equals("..")) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "application id '" + applicationId
                    + "' cannot name a znode");
        }
        return (root.equals("/") ? "" : root) + "/" + applicationId;
    }

    public static StateStoreConfig from(Map<String, String> conf) {
        int size = Settings.intValue(conf, BATCH_SIZE, 500);
        return new StateStoreConfig(conf.get(QUORUM), conf.getOrDefault(ROOT, "/mars"), size);
    }
}
