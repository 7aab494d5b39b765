package io.mars.am.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mars.am.state.internal.ZooKeeperStateStore;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.rpc.ChunkMeta;
import io.mars.common.wire.StateCodec.SessionState;
import io.mars.types.DataType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The ZooKeeper state store against a real ZooKeeper server. */
class ZooKeeperStateStoreTest {
    private static TestingServer zk;
    private static CuratorFramework reader;

    @BeforeAll
    static void startZooKeeper() throws Exception {
        zk = new TestingServer(true);
        reader = CuratorFrameworkFactory.newClient(zk.getConnectString(), new RetryOneTime(100));
        reader.start();
    }

    @AfterAll
    static void stopZooKeeper() throws Exception {
        reader.close();
        zk.close();
    }

    private static StateStoreConfig config() {
        return new StateStoreConfig(zk.getConnectString(), "/mars-test", 500);
    }

    private static List<ChunkMeta> metas(int n) {
        List<ChunkMeta> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(new ChunkMeta("t1-" + i + ".0", DataType.FLOAT64, new long[] {i, 3}, 24L * i, Set.of("worker-" + i % 2)));
        }
        return out;
    }

    @Test
    void storesSessionsAndChunkMetaInBatchedTransactions() {
        try (ZooKeeperStateStore store = ZooKeeperStateStore.connect(config(), "app_batch", 1)) {
            store.putSession(new SessionState("s1", Map.of("mars.task.combine-size", "8")));
            store.putChunkMetas("s1", metas(5000));
            store.flush().join();
            StateStore.Recovered back = store.recover();
            assertThat(back.sessions()).containsOnlyKeys("s1");
            assertThat(back.sessions().get("s1").conf()).containsEntry("mars.task.combine-size", "8");
            assertThat(back.chunkMetas().get("s1")).hasSize(5000);
            ChunkMeta one = back.chunkMetas().get("s1").stream().filter(m -> m.key().equals("t1-7.0")).findFirst().orElseThrow();
            assertThat(one.shape()).containsExactly(7, 3);
            assertThat(one.nbytes()).isEqualTo(168);
            assertThat(one.workers()).containsExactly("worker-1");
            // 5000 chunks + 3 session znodes (itself, chunks/, tileables/) in batches of at most 500 operations
            assertThat(store.operations()).isEqualTo(5003);
            assertThat(store.transactions()).isBetween(11L, 60L);
        }
    }

    @Test
    void storesTheTileablesASessionKeeps() {
        try (ZooKeeperStateStore store = ZooKeeperStateStore.connect(config(), "app_tiles", 1)) {
            store.putSession(new SessionState("s1", Map.of()));
            io.mars.common.operand.chunk.ChunkFetch fetch = new io.mars.common.operand.chunk.ChunkFetch();
            var tiled = new io.mars.common.graph.TiledTensor(new long[][] {{2, 1}, {3}}, List.of(
                    new io.mars.common.graph.ChunkNode("t9.0", fetch, List.of(), DataType.INT32, new long[] {2, 3}, new int[] {0, 0}),
                    new io.mars.common.graph.ChunkNode("t9.1", fetch, List.of(), DataType.INT32, new long[] {1, 3}, new int[] {1, 0})));
            store.putTileables("s1", Map.of("t9", tiled, "t10", tiled));
            store.deleteTileables("s1", List.of("t10"));
            store.flush().join();
            var back = store.recover().tileables().get("s1");
            assertThat(back).containsOnlyKeys("t9");
            assertThat(back.get("t9").nsplits()[0]).containsExactly(2, 1);
            assertThat(back.get("t9").chunks().get(1).key()).isEqualTo("t9.1");
            assertThat(back.get("t9").chunks().get(1).shape()).containsExactly(1, 3);
            assertThat(back.get("t9").chunks().get(1).index()).containsExactly(1, 0);
            assertThat(back.get("t9").chunks().get(1).dtype()).isEqualTo(DataType.INT32);
        }
    }

    @Test
    void deletedMetaAndSessionsLeaveNoZnodes() throws Exception {
        try (ZooKeeperStateStore store = ZooKeeperStateStore.connect(config(), "app_delete", 1)) {
            store.putSession(new SessionState("s1", Map.of()));
            store.putChunkMetas("s1", metas(10));
            store.deleteChunkMetas("s1", List.of("t1-0.0", "t1-1.0", "not-there"));
            store.flush().join();
            assertThat(store.recover().chunkMetas().get("s1")).hasSize(8);
            store.deleteSession("s1");
            store.flush().join();
            assertThat(reader.getChildren().forPath("/mars-test/app_delete/sessions")).isEmpty();
            store.deleteAll();
            assertThat(reader.checkExists().forPath("/mars-test/app_delete")).isNull();
        }
    }

    @Test
    void aNewerAttemptFencesTheOlderOneAndReadsItsState() {
        ZooKeeperStateStore first = ZooKeeperStateStore.connect(config(), "app_fence", 1);
        first.putSession(new SessionState("s1", Map.of()));
        first.putChunkMetas("s1", metas(3));
        first.flush().join();
        try (ZooKeeperStateStore second = ZooKeeperStateStore.connect(config(), "app_fence", 2)) {
            StateStore.Recovered back = second.recover();
            assertThat(back.sessions()).containsOnlyKeys("s1");
            assertThat(back.chunkMetas().get("s1")).hasSize(3);
            // the zombie first attempt writes on: refused
            first.putChunkMetas("s1", metas(6));
            assertThatThrownBy(() -> first.flush().join()).hasCauseInstanceOf(MarsException.class)
                    .cause().satisfies(e -> assertThat(((MarsException) e).code()).isEqualTo(ErrorCode.FENCED_BY_NEWER_ATTEMPT));
            assertThat(first.isFenced()).isTrue();
            assertThat(second.recover().chunkMetas().get("s1")).hasSize(3);
            // an attempt older than the owner cannot take the state
            assertThatThrownBy(() -> ZooKeeperStateStore.connect(config(), "app_fence", 1))
                    .isInstanceOf(MarsException.class).hasMessageContaining("attempt 2")
                    .satisfies(e -> assertThat(((MarsException) e).code()).isEqualTo(ErrorCode.FENCED_BY_NEWER_ATTEMPT));
            // and the fenced attempt does not delete the newer attempt's state
            first.deleteAll();
            assertThat(second.recover().sessions()).containsOnlyKeys("s1");
        } finally {
            first.close();
        }
    }

    @Test
    void afterTheApplicationsStateIsDeletedLaterWritesAreDroppedNotFenced() throws Exception {
        try (ZooKeeperStateStore store = ZooKeeperStateStore.connect(config(), "app_ended", 1)) {
            store.putSession(new SessionState("s1", Map.of()));
            store.flush().join();
            assertThat(reader.checkExists().forPath(store.path())).isNotNull();
            store.deleteAll();
            // a session closing while the AM shuts down: nothing is written and nothing recreated
            store.putSession(new SessionState("s2", Map.of()));
            store.putChunkMetas("s1", metas(3));
            store.flush().join();
            assertThat(store.isFenced()).isFalse();
            assertThat(reader.checkExists().forPath("/mars-test/app_ended")).isNull();
        }
    }

    @Test
    void rejectsBadSettingsNamingTheKey() {
        assertThatThrownBy(() -> new StateStoreConfig("127.0.0.1:1", "mars", 10)).isInstanceOf(MarsException.class)
                .hasMessageContaining("mars.zookeeper.root").hasMessageContaining("'mars'");
        assertThatThrownBy(() -> StateStoreConfig.from(Map.of(StateStoreConfig.BATCH_SIZE, "many")))
                .isInstanceOf(MarsException.class).hasMessageContaining("mars.zookeeper.batch-size");
        assertThatThrownBy(() -> ZooKeeperStateStore.connect(StateStoreConfig.from(Map.of()), "app", 1))
                .isInstanceOf(MarsException.class).hasMessageContaining("mars.zookeeper.quorum is not set");
    }
}
