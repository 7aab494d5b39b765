package io.mars.it.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.common.graph.Tileable;
import io.mars.dataframe.DataFrame;
import io.mars.dataframe.DataFrames;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import io.mars.types.ChunkSpec;
import io.mars.types.DType;
import io.mars.types.LocalTable;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * timedelta64[ns] columns (Arrow Duration vectors) go through the engine as any column: stored under the quota,
 * spilled as Arrow IPC and read back, shuffled by a groupby and a sort. A job over 400,000 rows (eight chunks of
 * about 1.6 MB, each read by several consumers, so stored) gives the same tables with a 2 MB memory quota and a spill
 * directory as with room to spare; the small quota made the workers spill and read back, the roomy run did not.
 */
class TimedeltaSpillTest {
    @TempDir
    Path tmp;

    static QuotaRuns.Run<LocalTable> run(Map<String, String> conf) throws IOException {
        return QuotaRuns.run(conf, session -> {
            List<LocalTable> results = new ArrayList<>();
            Tensor i = Tensors.arange(0, 400_000, 1, ChunkSpec.of(50_000));
            DataFrame df = DataFrames.fromTensor(i, "i");
            // a key of 97 groups and a timedelta of i * 1.000003 s, less 2 days every 7th row, NaT every 11th
            DataFrame frame = df.assign("k", df.col("i").mod(97L))
                    .assign("d", df.col("i").multiply(1_000_003_000L).astype(DType.TIMEDELTA)
                            .subtract(Duration.ofDays(2)))
                    .assign("t", df.col("i").multiply(86_400_000_000_000L / 24).astype(DType.TIMESTAMP));
            frame = frame.assign("d", frame.col("d").where(frame.col("i").mod(11L).ne(0L)));
            DataFrame g = frame.select("k", "d").groupBy("k").sum();
            DataFrame m = frame.select("k", "d").groupBy("k").mean();
            DataFrame s = frame.sortValues("d").head(1000).select("i", "d");
            DataFrame f = frame.filter(frame.col("d").gt(Duration.ofHours(30)));
            DataFrame x = f.assign("since", f.col("t").subtract(f.col("d"))).select("since").max();
            List<Tileable> outs = List.of(g, m, s, x);
            results.addAll(session.executeTables(outs.toArray(Tileable[]::new)));
            return results;
        });
    }

    @Test
    void timedeltaColumnsSpillAndComeBackWithTheSameResults() throws IOException {
        QuotaRuns.Run<LocalTable> roomy = run(Map.of());
        QuotaRuns.Run<LocalTable> tight = run(QuotaRuns.tight(tmp.resolve("d1")));
        assertThat(roomy.spills()).as("spills with room to spare").isZero();
        assertThat(tight.spills()).as("spills under a 2 MB quota").isPositive();
        assertThat(tight.readBacks()).as("read-backs under a 2 MB quota").isPositive();
        assertThat(roomy.results().get(0).rowCount()).isEqualTo(97);
        assertThat(roomy.results().get(0).column("d").dtype()).isEqualTo(DType.TIMEDELTA);
        assertThat(roomy.results().get(2).column("d").getLong(0)).isEqualTo(-Duration.ofDays(2).toNanos()
                + 1_000_003_000L);
        for (int r = 0; r < roomy.results().size(); r++) {
            assertThat(tight.results().get(r).toRows()).as("result " + r).isEqualTo(roomy.results().get(r).toRows());
        }
    }
}
