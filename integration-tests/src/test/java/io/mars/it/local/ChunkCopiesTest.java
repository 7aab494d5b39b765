package io.mars.it.local;

import static io.mars.tensor.Tensors.chunks;
import static io.mars.tensor.Tensors.shape;
import static org.assertj.core.api.Assertions.assertThat;

import io.mars.common.rpc.ChunkMeta;
import io.mars.container.Worker;
import io.mars.container.services.storage.StorageConfig;
import io.mars.container.services.storage.StorageStats;
import io.mars.submit.client.ClientSession;
import io.mars.submit.local.LocalCluster;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import io.mars.types.NDArray;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A worker keeps the inputs it fetched from another worker: the copy is another location in meta, and releasing the
 * chunk deletes every copy, in memory and on disk.
 */
class ChunkCopiesTest {
    @TempDir
    Path tmp;

    @Test
    void fetchedChunksAreKeptAsCopiesRecordedInMetaAndDeletedWithTheChunk() throws Exception {
        Map<String, String> conf = new HashMap<>();
        // small enough that kept copies spill too
        conf.put(StorageConfig.CACHE_MEM, "400000");
        conf.put(StorageConfig.SPILL_DIRS, tmp.toString());
        try (LocalCluster cluster = new LocalCluster(2, conf)) {
            try (ClientSession session = ClientSession.open(cluster.supervisor(), Map.of(), null)) {
                Tensor y = Tensors.random(4).rand(shape(400, 400), chunks(100));
                NDArray kept = session.execute(y);
                List<ChunkMeta> before = cluster.supervisor().resultLayout(session.id(), y.key()).join().chunks();
                assertThat(before).allMatch(m -> m.workers().size() == 1);
                assertThat(before.stream().map(m -> m.workers().iterator().next()).distinct().count())
                        .as("y is spread over both workers").isEqualTo(2);

                // the block products of y @ y read blocks of y held by both workers
                Tensor total = y.dot(y).sum();
                NDArray product = session.execute(total);
                assertThat(product.getDouble()).isPositive();

                List<ChunkMeta> after = cluster.supervisor().resultLayout(session.id(), y.key()).join().chunks();
                List<ChunkMeta> copied = after.stream().filter(m -> m.workers().size() == 2).toList();
                assertThat(copied).as("chunks of y with a copy on the other worker").isNotEmpty();
                for (ChunkMeta m : copied) {
                    for (String w : m.workers()) {
                        Worker holder = cluster.workers().stream().filter(x -> x.workerId().equals(w)).findFirst()
                                .orElseThrow();
                        NDArray there = (NDArray) holder.fetchChunk(session.id(), m.key()).join();
                        assertThat(there.shape()).isEqualTo(m.shape());
                    }
                }
                // the copies are real data: y read again (from whichever location) is unchanged
                assertThat(session.execute(y).doubles()).containsExactly(kept.doubles());
                long spills = 0;
                for (Worker w : cluster.workers()) {
                    spills += w.storage().stats().spills();
                }
                assertThat(spills).as("chunks (copies among them) spilled under the small quota").isPositive();

                session.release(y, total);
                for (Worker w : cluster.workers()) {
                    String id = session.id();
                    assertThat(SpillingClusterTest.eventually(() -> w.storage().storedBytes(id)))
                            .as("bytes of the session left on " + w.workerId() + " once y is released").isZero();
                    StorageStats st = w.storage().stats();
                    assertThat(st.diskFiles()).as("spill files left on " + w.workerId()).isZero();
                    assertThat(st.memoryBytes()).isZero();
                }
            }
            assertThat(SpillingClusterTest.files(tmp)).isEmpty();
        }
    }
}
