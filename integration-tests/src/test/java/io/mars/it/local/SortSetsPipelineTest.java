package io.mars.it.local;

import static io.mars.tensor.Tensors.chunks;
import static org.assertj.core.api.Assertions.assertThat;

import io.mars.Session;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import io.mars.tensor.Unique;
import io.mars.types.NDArray;
import java.util.Arrays;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Results whose chunk lengths are known only once computed (a parallel sort's parts, unique, bincount) flow into
 * further operations, which the engine tiles after computing them; results are checked against plain Java.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SortSetsPipelineTest {
    private static Session session;

    @BeforeAll
    static void startCluster() {
        session = Session.local(2);
    }

    @AfterAll
    static void stopCluster() {
        if (session != null) {
            session.close();
        }
    }

    @Test
    void aParallelSortFeedsElementwiseAndReductionOperations() {
        double[] data = new Random(1).doubles(5000).map(d -> Math.floor(d * 100)).toArray();
        Tensor sorted = Tensors.array(data, chunks(700)).sort();
        double[] expected = data.clone();
        Arrays.sort(expected);

        NDArray doubled = sorted.multiply(2.0).execute(session);
        double maxDifference = sorted.subtract(Tensors.array(expected, chunks(1000))).abs().max().execute(session)
                .getDouble();

        assertThat(doubled.toDoubleArray()).containsExactly(Arrays.stream(expected).map(d -> d * 2).toArray());
        assertThat(maxDifference).as("largest difference from the reference sort").isZero();
    }

    @Test
    void argsortAcrossChunksGivesTheStableOrder() {
        long[] data = new Random(2).longs(3000, 0, 50).toArray();
        NDArray order = Tensors.array(data, chunks(400)).argsort().execute(session);

        Integer[] idx = new Integer[data.length];
        for (int i = 0; i < idx.length; i++) {
            idx[i] = i;
        }
        Arrays.sort(idx, (a, b) -> Long.compare(data[a], data[b]));
        assertThat(order.toLongArray()).containsExactly(Arrays.stream(idx).mapToLong(Integer::longValue).toArray());
    }

    @Test
    void uniqueValuesAndCountsFeedFurtherOperations() {
        long[] data = new Random(3).longs(2000, -30, 30).toArray();
        Tensor t = Tensors.array(data, chunks(300));
        TreeMap<Long, Long> reference = new TreeMap<>();
        for (long v : data) {
            reference.merge(v, 1L, Long::sum);
        }

        Unique u = Tensors.unique(t, true);
        long total = u.counts().sum().execute(session).getLong();
        NDArray shifted = u.values().add(100L).execute(session);

        assertThat(total).isEqualTo(data.length);
        assertThat(shifted.toLongArray()).containsExactly(
                reference.keySet().stream().mapToLong(v -> v + 100).toArray());
        assertThat(u.values().shape()).containsExactly(-1);
    }

    @Test
    void bincountLengthFollowsTheLargestValue() {
        long[] data = {4, 1, 1, 0, 17, 4, 4};
        NDArray counts = Tensors.bincount(Tensors.array(data, chunks(3)), 5).execute(session);

        long[] expected = new long[18];
        for (long v : data) {
            expected[(int) v]++;
        }
        assertThat(counts.toLongArray()).containsExactly(expected);
    }
}
