package io.mars.it.golden;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.dataframe.DataFrame;
import io.mars.dataframe.DataFrames;
import io.mars.it.LocalClusterExtension;
import io.mars.types.Column;
import io.mars.types.LocalTable;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code sample(n, seed)}: the rows it draws are rows of the frame, each once, with their labels; the same for every
 * chunking (the draw hashes positions, not chunks); another seed draws other rows. pandas' own draw comes from numpy's
 * generator, so there is no golden file to compare with.
 */
class DataFrameSampleTest {
    @RegisterExtension
    static final LocalClusterExtension CLUSTER = new LocalClusterExtension(2);
    private static final int ROWS = 200;

    private static DataFrame frame(long chunkRows) {
        long[] v = LongStream.range(0, ROWS).map(i -> i * 7 + 3).toArray();
        return DataFrames.fromTable(LocalTable.of(Column.ofLongs("v", v)), chunkRows);
    }

    private static List<Long> values(LocalTable t) {
        List<Long> out = new ArrayList<>();
        for (int i = 0; i < t.rowCount(); i++) {
            out.add(((Number) t.column(0).get(i)).longValue());
        }
        return out;
    }

    @Test
    void drawsDistinctRowsOfTheFrameTheSameForEveryChunking() {
        List<Long> first = null;
        for (long chunkRows : new long[] {0, 1, 7, 64}) {
            LocalTable t = frame(chunkRows).sample(20, 42).execute(CLUSTER.session());
            List<Long> got = values(t);
            assertThat(got).hasSize(20).doesNotHaveDuplicates();
            for (int i = 0; i < got.size(); i++) {
                long label = ((Number) t.index().get(i)).longValue();
                assertThat(got.get(i)).as("row labelled %d", label).isEqualTo(label * 7 + 3);
            }
            if (first == null) {
                first = got;
            } else {
                assertThat(got).as("chunking %d", chunkRows).isEqualTo(first);
            }
        }
        List<Long> other = values(frame(7).sample(20, 43).execute(CLUSTER.session()));
        assertThat(other).isNotEqualTo(first);
        assertThat(new HashSet<>(first)).isNotEqualTo(new HashSet<>(values(frame(7).head(20).execute(CLUSTER.session()))));
    }

    @Test
    void spreadsItsDrawsOverTheRows() {
        List<Long> got = values(frame(7).col("v").sample(100, 5).toFrame().execute(CLUSTER.session()));
        long low = got.stream().filter(v -> v < ROWS / 2 * 7).count();
        assertThat(got).hasSize(100).doesNotHaveDuplicates();
        assertThat(low).as("draws from the first half of the rows").isBetween(30L, 70L);
        assertThat(frame(4).sample(0, 1).execute(CLUSTER.session()).rowCount()).isZero();
        assertThat(values(frame(4).sample(ROWS, 9).execute(CLUSTER.session()))).hasSize(ROWS).doesNotHaveDuplicates();
    }
}
