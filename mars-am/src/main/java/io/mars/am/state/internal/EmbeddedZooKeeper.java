package io.mars.am.state.internal;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.apache.zookeeper.server.ServerCnxnFactory;
import org.apache.zookeeper.server.ZooKeeperServer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A single ZooKeeper server inside this process, on a free loopback port, with its data in a directory it owns (and
 * deletes on close). The AM uses it when no external ensemble is configured, so the state store runs the same code
 * either way; its state dies with the process, so AM recovery is off.
 */
public final class EmbeddedZooKeeper implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedZooKeeper.class);
    private static final int TICK_MS = 2000;
    private static final int MAX_CONNECTIONS = 60;

    private final Path dataDir;
    private final ZooKeeperServer server;
    private final ServerCnxnFactory connections;

    private EmbeddedZooKeeper(Path dataDir, ZooKeeperServer server, ServerCnxnFactory connections) {
        this.dataDir = dataDir;
        this.server = server;
        this.connections = connections;
    }

    /** Starts a server keeping its snapshots and log in {@code dataDir} (created; must not hold anything else). */
    public static EmbeddedZooKeeper start(Path dataDir) {
        ServerCnxnFactory connections = null;
        ZooKeeperServer server = null;
        try {
            Files.createDirectories(dataDir);
            File dir = dataDir.toFile();
            server = new ZooKeeperServer(dir, dir, TICK_MS);
            connections = ServerCnxnFactory.createFactory(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                    MAX_CONNECTIONS);
            connections.startup(server);
            EmbeddedZooKeeper zk = new EmbeddedZooKeeper(dataDir, server, connections);
            LOG.info("embedded ZooKeeper server on {} with its data in {}", zk.connectString(), dataDir);
            return zk;
        } catch (IOException e) {
            stop(connections, server);
            throw new MarsException(ErrorCode.ZOOKEEPER_FAILED, "cannot start an embedded ZooKeeper server in " + dataDir
                    + ": " + e, e);
        } catch (InterruptedException e) {
            stop(connections, server);
            Thread.currentThread().interrupt();
            throw new MarsException(ErrorCode.ZOOKEEPER_FAILED, "interrupted while starting an embedded ZooKeeper server", e);
        }
    }

    /** {@code host:port} for a ZooKeeper client. */
    public String connectString() {
        return InetAddress.getLoopbackAddress().getHostAddress() + ":" + connections.getLocalPort();
    }

    private static void stop(ServerCnxnFactory connections, ZooKeeperServer server) {
        if (connections != null) {
            connections.shutdown(); // shuts the server down too
        }
        if (server != null) {
            server.shutdown(true);
            try {
                if (server.getZKDatabase() != null) {
                    server.getZKDatabase().close();
                }
            } catch (IOException e) {
                LOG.warn("cannot close the embedded ZooKeeper's database: {}", e.toString());
            }
        }
    }

    @Override
    public void close() {
        stop(connections, server);
        try (Stream<Path> files = Files.walk(dataDir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            LOG.warn("cannot delete the embedded ZooKeeper's data in {}: {}", dataDir, e.toString());
        }
    }
}
