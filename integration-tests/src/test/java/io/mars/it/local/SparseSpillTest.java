package io.mars.it.local;

import static io.mars.tensor.Tensors.chunks;
import static io.mars.tensor.Tensors.shape;
import static org.assertj.core.api.Assertions.assertThat;

import io.mars.tensor.SparseMatrix;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import io.mars.types.NDArray;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * CSR blocks go through the engine as any chunk: stored under the quota, spilled to disk and read back, moved
 * between two workers. A job over a 2000 x 1000 sparse matrix (about 10% stored, ten CSR blocks of about 0.5 MB)
 * whose blocks are read by six consumers in one task (so they are stored, not fused away) gives the same results
 * with a 2 MB memory quota and a spill directory as with room to spare; the small quota made the workers spill and
 * read back (nearly all the stored bytes are CSR blocks), the roomy run did not.
 */
class SparseSpillTest {
    @TempDir
    Path tmp;

    static QuotaRuns.Run<NDArray> run(Map<String, String> conf) throws IOException {
        return QuotaRuns.run(conf, session -> {
            List<NDArray> results = new ArrayList<>();
            Tensor x = Tensors.random(18).rand(shape(2000, 1000), chunks(200, 1000));
            Tensor sparseValues = Tensors.where(x.less(0.9), 0.0, x);
            SparseMatrix s = Tensors.sparse(sparseValues).multiply(2.0);
            Tensor v = Tensors.random(19).rand(shape(1000, 3), chunks(500, 3));
            List<Tensor> outs = List.of(s.sum(0), s.sum(1), s.nnz(), s.dot(v), s.toDense().sum(),
                    s.divide(4L).sum());
            // one task: each CSR block has six consumers, so it is stored (not fused away) and, under the small
            // quota, spilled and read back; the dense results are small (under 80 KB together)
            results.addAll(session.execute(outs.toArray(Tensor[]::new)));
            return results;
        });
    }

    @Test
    void sparseBlocksSpillAndComeBackWithTheSameResults() throws IOException {
        QuotaRuns.Run<NDArray> roomy = run(Map.of());
        QuotaRuns.Run<NDArray> tight = run(QuotaRuns.tight(tmp.resolve("d1")));
        assertThat(roomy.spills()).as("spills with room to spare").isZero();
        assertThat(tight.spills()).as("spills under a 2 MB quota").isPositive();
        assertThat(tight.readBacks()).as("read-backs under a 2 MB quota").isPositive();
        assertThat(roomy.results().get(2).getLong(0)).as("nnz").isBetween(150_000L, 250_000L);
        for (int i = 0; i < roomy.results().size(); i++) {
            NDArray a = roomy.results().get(i);
            NDArray b = tight.results().get(i);
            assertThat(b.shape()).isEqualTo(a.shape());
            for (int k = 0; k < a.size(); k++) {
                assertThat(b.getDouble(k)).as("result " + i + " element " + k).isEqualTo(a.getDouble(k));
            }
        }
        // the dense sum and the sparse sum agree (the same values, summed in another order)
        double sparseSum = 0;
        for (int k = 0; k < roomy.results().get(0).size(); k++) {
            sparseSum += roomy.results().get(0).getDouble(k);
        }
        assertThat(roomy.results().get(4).getDouble(0)).isCloseTo(sparseSum,
                org.assertj.core.data.Offset.offset(1e-9 * Math.abs(sparseSum)));
        assertThat(roomy.results().get(5).getDouble(0) * 4).isCloseTo(sparseSum,
                org.assertj.core.data.Offset.offset(1e-9 * Math.abs(sparseSum)));
    }
}
