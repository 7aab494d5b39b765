package io.mars.am.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mars.am.state.internal.EmbeddedZooKeeper;
import io.mars.am.state.internal.ZooKeeperStateStore;
import io.mars.common.wire.StateCodec.SessionState;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The ZooKeeper server an AM runs when no ensemble is configured. */
class EmbeddedZooKeeperTest {
    @TempDir
    Path tmp;

    @Test
    void servesTheStateStoreAndLeavesNothingBehind() throws Exception {
        Path data = tmp.resolve("container/mars-zookeeper");
        String connect;
        try (EmbeddedZooKeeper zk = EmbeddedZooKeeper.start(data)) {
            connect = zk.connectString();
            assertThat(connect).startsWith("127.0.0.1:");
            try (ZooKeeperStateStore store = ZooKeeperStateStore.connect(
                    new StateStoreConfig(connect, "/mars", 100), "application_1_0001", 1, false)) {
                assertThat(store.durable()).as("state dies with the AM: not durable").isFalse();
                store.putSession(new SessionState("s1", Map.of("k", "v")));
                store.flush().join();
                assertThat(store.recover().sessions()).containsOnlyKeys("s1");
                assertThat(store.transactions()).isEqualTo(1);
            }
            assertThat(Files.list(data).count()).as("snapshots and log in the data dir").isPositive();
        }
        assertThat(data).doesNotExist();
        int port = Integer.parseInt(connect.substring(connect.indexOf(':') + 1));
        assertThatThrownBy(() -> {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 1000);
            }
        }).as("the port is closed").isInstanceOf(IOException.class);
    }
}
