package io.mars.it.local;

import static io.mars.tensor.Tensors.chunks;
import static io.mars.tensor.Tensors.shape;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

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
 * In the local cluster a worker reads the inputs it needs from another worker of the process and does not keep them:
 * the array it reads is the stored one, so a kept copy would count the same bytes against a second quota (and spill
 * them while they stay in memory). Each chunk has one location in meta, the workers' stored bytes count it once, and
 * releasing it deletes it, in memory and on disk. (Copies kept over the network: {@code NetworkedClusterTest}.)
 */
class ChunkCopiesTest {
    @TempDir
    Path tmp;

    @Test
    void chunksReadFromAWorkerOfTheProcessAreNotKeptTwiceAndAreDeletedWithTheChunk() throws Exception {
        Map<String, String> conf = new HashMap<>();
        // small enough that y spills
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
                long yBytes = before.stream().mapToLong(ChunkMeta::nbytes).sum();
                assertThat(yBytes).isEqualTo(400L * 400 * Double.BYTES);

                // the block products of y @ y read blocks of y held by both workers
                Tensor total = y.dot(y).sum();
                NDArray product = session.execute(total);
                double expected = sumOfProduct(kept.doubles(), 400);
                assertThat(product.getDouble()).isCloseTo(expected, within(1e-9 * expected));
                session.release(total);

                List<ChunkMeta> after = cluster.supervisor().resultLayout(session.id(), y.key()).join().chunks();
                assertThat(after).as("no chunk of y gained a second location").allMatch(m -> m.workers().size() == 1);
                assertThat(SpillingClusterTest.eventually(() -> {
                    long stored = 0;
                    for (Worker w : cluster.workers()) {
                        stored += w.storage().storedBytes(session.id());
                    }
                    return stored - yBytes;
                })).as("the workers' stored bytes of the session beyond y's own (each chunk counted once)").isZero();
                // y read again (from wherever it is, memory or disk) is unchanged
                assertThat(session.execute(y).doubles()).containsExactly(kept.doubles());
                long spills = 0;
                for (Worker w : cluster.workers()) {
                    spills += w.storage().stats().spills();
                }
                assertThat(spills).as("chunks spilled under the small quota").isPositive();

                session.release(y);
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

    /** sum(y @ y) of a row-major n x n matrix: sum over k of (column sums of y)[k] * (row sums of y)[k]. */
    private static double sumOfProduct(double[] y, int n) {
        double[] colSums = new double[n];
        double[] rowSums = new double[n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                colSums[j] += y[i * n + j];
                rowSums[i] += y[i * n + j];
            }
        }
        double s = 0;
        for (int k = 0; k < n; k++) {
            s += colSums[k] * rowSums[k];
        }
        return s;
    }
}
