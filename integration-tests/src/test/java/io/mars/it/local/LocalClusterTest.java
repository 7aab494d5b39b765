package io.mars.it.local;

import static io.mars.tensor.Tensors.chunks;
import static io.mars.tensor.Tensors.shape;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.rpc.TaskInfo;
import io.mars.common.rpc.TaskState;
import io.mars.submit.client.ClientSession;
import io.mars.submit.local.LocalCluster;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The embedded cluster end to end: results kept until released, memory returned, failures cleaned up. */
class LocalClusterTest {
    private LocalCluster cluster;
    private ClientSession session;

    @BeforeEach
    void start() {
        cluster = new LocalCluster(2, Map.of());
        session = ClientSession.open(cluster.supervisor(), Map.of(), null);
    }

    @AfterEach
    void stop() {
        session.close();
        cluster.close();
    }

    private int metaCount() {
        return cluster.supervisor().meta().count(session.id()).join();
    }

    private int tracked() {
        return cluster.supervisor().lifecycle().trackedCount(session.id()).join();
    }

    @Test
    void storedBytesReturnToZeroAfterReleaseAndSessionClose() {
        Tensor a = Tensors.ones(shape(1000, 100), chunks(100, 50));
        Tensor b = a.multiply(3.0);
        NDArray nb = session.execute(b);
        assertThat(nb.getDouble(999, 99)).isEqualTo(3.0);
        long bBytes = 1000L * 100 * 8;
        // only b's chunks are kept: a's were intermediates and are gone
        assertThat(cluster.storedBytes()).isEqualTo(bBytes);
        Tensor s = b.sum();
        assertThat(session.execute(s).getDouble()).isEqualTo(300_000.0);
        // the sum's subtasks read the chunks of b held by the other worker without keeping them (one heap): b is
        // counted once, beside the sum's 8 bytes
        for (io.mars.common.rpc.ChunkMeta m : cluster.supervisor().resultLayout(session.id(), b.key()).join().chunks()) {
            assertThat(m.workers()).as("locations of " + m.key()).hasSize(1);
        }
        assertThat(cluster.storedBytes()).isEqualTo(bBytes + 8);
        session.release(b);
        assertThat(eventually(cluster::storedBytes, 8L)).isEqualTo(8L);
        session.close();
        assertThat(eventually(cluster::storedBytes, 0L)).isZero();
        assertThat(cluster.supervisor().sessions().sessionCount()).isZero();
    }

    @Test
    void laterGraphsReuseStoredResultsInsteadOfRecomputing() {
        Tensor a = Tensors.random(3).rand(shape(400), chunks(100));
        NDArray first = session.execute(a);
        TaskInfo info = session.executeForInfo(a.add(1.0));
        // a's 4 chunks are read from storage: only the 4 add chunks are new work
        assertThat(info.subtaskCount()).isEqualTo(4);
        NDArray again = session.execute(a);
        assertThat(again.contentEquals(first)).isTrue();
    }

    @Test
    void persistKeepsResultsOnTheWorkersForLaterGraphsUntilReleased() {
        Tensor a = Tensors.random(5).rand(shape(400), chunks(100)).multiply(2.0);
        io.mars.Persisted kept = session.persist(a);
        assertThat(cluster.storedBytes()).as("a's chunks stored, none fetched").isEqualTo(400L * 8);
        Tensor b = Tensors.arange(100, chunks(50));
        session.execute(b);
        session.persist(a, b).close();
        assertThat(cluster.storedBytes()).as("closing a persist releases only what it stored: neither a nor b")
                .isEqualTo(400L * 8 + 100L * 8);
        session.release(b);
        Tensor plusOne = a.add(1.0);
        TaskInfo info = session.executeForInfo(plusOne);
        // a's 4 chunks are read from storage: only the 4 add chunks are new work
        assertThat(info.subtaskCount()).isEqualTo(4);
        Tensor reference = Tensors.random(5).rand(shape(400), chunks(100));
        assertThat(session.execute(a).getDouble(7)).isEqualTo(session.execute(reference).getDouble(7) * 2.0);
        session.release(plusOne, reference);
        kept.close();
        assertThat(eventually(cluster::storedBytes, 0L)).isZero();
        assertThatThrownBy(() -> session.persist(Tensors.arange(3, chunks(2)).power(Tensors.arange(-1, 2, 1,
                chunks(2))))).isInstanceOf(MarsException.class).hasMessageContaining("negative integer powers");
    }

    @Test
    void aFailingSubtaskFailsTheTaskWithItsCodeAndLeavesNothingBehind() {
        Tensor ints = Tensors.arange(10, chunks(3));
        Tensor bad = ints.power(Tensors.arange(-5, 5, 1, chunks(3)));
        assertThatThrownBy(() -> session.execute(bad.sum()))
                .isInstanceOf(MarsException.class)
                .satisfies(e -> assertThat(((MarsException) e).code()).isEqualTo(ErrorCode.INVALID_ARGUMENT))
                .hasMessageContaining("negative integer powers");
        assertThat(eventually(cluster::storedBytes, 0L)).isZero();
        assertThat(eventually(() -> (long) metaCount(), 0L)).isZero();
        assertThat(eventually(() -> (long) tracked(), 0L)).isZero();
        // the session still works afterwards
        assertThat(session.execute(ints.sum()).getLong()).isEqualTo(45);
    }

    @Test
    void taskInfoReportsTheStagesOfATask() {
        TaskInfo info = session.executeForInfo(Tensors.ones(shape(64), chunks(8)).add(1).sum());
        assertThat(info.state()).isEqualTo(TaskState.SUCCEEDED);
        assertThat(info.subtasksDone()).isEqualTo(info.subtaskCount());
        assertThat(info.tiledNanos()).isGreaterThanOrEqualTo(info.submittedNanos());
        assertThat(info.firstRunningNanos()).isGreaterThanOrEqualTo(info.tiledNanos());
        assertThat(info.finishedNanos()).isGreaterThanOrEqualTo(info.firstRunningNanos());
        assertThat(info.progress()).isEqualTo(1.0);
    }

    @Test
    void unreachableResultTensorsAreReleasedAtTheNextCall() throws Exception {
        Tensor kept = Tensors.ones(shape(10), chunks(5));
        session.execute(kept);
        long keptBytes = cluster.storedBytes();
        for (int i = 0; i < 3; i++) {
            session.execute(Tensors.ones(shape(1000), DataType.FLOAT64, chunks(100)).add(i));
        }
        assertThat(cluster.storedBytes()).isGreaterThan(keptBytes);
        for (int i = 0; i < 50 && cluster.storedBytes() > keptBytes + 8; i++) {
            System.gc();
            Thread.sleep(50);
            session.execute(kept.sum());
        }
        // everything but `kept` (and its latest sum) has been released
        assertThat(cluster.storedBytes()).isLessThanOrEqualTo(keptBytes + 8);
    }

    private static long eventually(java.util.function.LongSupplier value, long expected) {
        long v = value.getAsLong();
        for (int i = 0; i < 100 && v != expected; i++) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            v = value.getAsLong();
        }
        return v;
    }
}
