package io.mars.submit.yarn;

import io.mars.am.state.StateStoreConfig;
import io.mars.common.error.MarsException;
import java.io.PrintStream;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.ExponentialBackoffRetry;
import org.apache.zookeeper.KeeperException;

/**
 * Deletes an ended application's ZooKeeper state ({@code <mars.zookeeper.root>/<application id>}) from the external
 * ensemble of {@code mars.zookeeper.quorum}. The AM deletes it itself when the application succeeds or fails on its
 * last attempt; a killed AM (or one that died) cannot, so {@code mars-submit kill} and the waiting submitter call this
 * once YARN reports the application ended. Without a quorum there is nothing outside the AM to clean.
 */
public final class StateCleanup {
    private static final int CONNECT_SECONDS = 15;

    private final PrintStream err;

    /** {@code err} gets a line for what was deleted or could not be. */
    public StateCleanup(PrintStream err) {
        this.err = Objects.requireNonNull(err, "err");
    }

    /**
     * Deletes the state of {@code applicationId}, which must have ended (a running AM would find itself fenced), when
     * {@code properties} name a quorum. Never throws: a failure is printed, with the znode to delete by hand.
     *
     * @return whether a znode was deleted
     */
    public boolean deleteEnded(String applicationId, Map<String, String> properties) {
        StateStoreConfig config;
        String path;
        try {
            config = StateStoreConfig.from(properties);
            if (!config.hasQuorum()) {
                return false;
            }
            path = config.applicationPath(applicationId);
        } catch (MarsException e) {
            err.println("mars-submit: cannot clean the ZooKeeper state of " + applicationId + ": " + e.getMessage());
            return false;
        }
        try (CuratorFramework client = CuratorFrameworkFactory.builder().connectString(config.quorum())
                .retryPolicy(new ExponentialBackoffRetry(200, 3)).connectionTimeoutMs(CONNECT_SECONDS * 1000)
                .sessionTimeoutMs(30_000).build()) {
            client.start();
            if (!client.blockUntilConnected(CONNECT_SECONDS, TimeUnit.SECONDS)) {
                err.println("mars-submit: cannot reach ZooKeeper at '" + config.quorum() + "' (" + StateStoreConfig.QUORUM
                        + ") within " + CONNECT_SECONDS + " s; delete " + path + " there by hand");
                return false;
            }
            client.delete().deletingChildrenIfNeeded().forPath(path);
            err.println("mars-submit: deleted the application's ZooKeeper state " + path);
            return true;
        } catch (KeeperException.NoNodeException e) {
            return false; // the AM (or another cleaner) deleted it already
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("mars-submit: interrupted while deleting the ZooKeeper state " + path);
            return false;
        } catch (Exception e) {
            err.println("mars-submit: cannot delete the ZooKeeper state " + path + " at " + config.quorum() + ": " + e);
            return false;
        }
    }
}
