package io.mars.it.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.common.io.ParquetFiles;
import io.mars.dataframe.DataFrame;
import io.mars.dataframe.DataFrames;
import io.mars.submit.client.ClientSession;
import io.mars.submit.local.LocalCluster;
import io.mars.types.LocalTable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Column pruning proven by the bytes the file system actually served to the Parquet readers: a job that uses 2 of 20 Parquet columns
 * reads those two columns' chunks (and footers) and not the other eighteen, and gives the same values as the job
 * that reads all twenty.
 */
class ParquetColumnPruningTest {
    private static final int COLUMNS = 20;
    private static final int ROWS = 40_000;

    /** Bytes the Parquet readers of this JVM have pulled from the file system so far (counted at the stream). */
    private static long localBytesRead() {
        return ParquetFiles.bytesRead();
    }

    @Test
    void aJobUsingTwoOfTwentyColumnsReadsOnlyThoseColumnChunks(@TempDir Path tmp) {
        Map<String, List<Double>> cols = new LinkedHashMap<>();
        for (int j = 0; j < COLUMNS; j++) {
            List<Double> v = new ArrayList<>(ROWS);
            for (int i = 0; i < ROWS; i++) {
                v.add(Math.sin(0.37 * i * (j + 1)) * 1000 + j); // not compressible, different per column
            }
            cols.put("c" + j, v);
        }
        try (LocalCluster cluster = new LocalCluster(2, Map.of());
             ClientSession session = ClientSession.open(cluster.supervisor(), Map.of(), null)) {
            LocalTable files = session.executeTables(DataFrames.fromColumns(cols, ROWS / 4).toParquet(tmp.toString()))
                    .get(0);
            assertThat(files.rowCount()).isEqualTo(4);

            long before = localBytesRead();
            DataFrame two = DataFrames.readParquet(tmp.toString()).select("c3", "c17").sum();
            LocalTable twoSums = session.executeTables(two).get(0);
            long readTwo = localBytesRead() - before;

            before = localBytesRead();
            LocalTable allSums = session.executeTables(DataFrames.readParquet(tmp.toString()).sum()).get(0);
            long readAll = localBytesRead() - before;

            long chunksTwo = 0;
            long chunksAll = 0;
            for (int i = 0; i < files.rowCount(); i++) {
                for (BlockMetaData b : ParquetFiles.footer(files.column("path").getString(i)).getBlocks()) {
                    for (ColumnChunkMetaData c : b.getColumns()) {
                        chunksAll += c.getTotalSize();
                        if (Set.of("c3", "c17").contains(c.getPath().toDotString())) {
                            chunksTwo += c.getTotalSize();
                        }
                    }
                }
            }
            System.out.printf("parquet bytes read: 2 of %d columns %d, all columns %d; column chunks: 2 columns %d,"
                    + " all %d%n", COLUMNS, readTwo, readAll, chunksTwo, chunksAll);
            assertThat(readAll).as("the full job reads every column chunk").isGreaterThanOrEqualTo(chunksAll);
            assertThat(readTwo).as("the pruned job reads its two columns' chunks").isGreaterThanOrEqualTo(chunksTwo);
            // and not the others: beyond those two it reads only footers and checksums, far below one more column
            assertThat(readTwo - chunksTwo).as("bytes read beyond the two columns (all chunks: %d)", chunksAll)
                    .isLessThan(chunksAll / COLUMNS);
            assertThat(readTwo * 5).isLessThan(readAll);
            assertThat(twoSums.column("c3").getDouble(0)).isEqualTo(allSums.column("c3").getDouble(0));
            assertThat(twoSums.column("c17").getDouble(0)).isEqualTo(allSums.column("c17").getDouble(0));
            assertThat(twoSums.columnNames()).containsExactly("c3", "c17");
        }
    }

    @Test
    void rowGroupsWhoseStatisticsRuleOutTheFilterAreNotRead(@TempDir Path tmp) {
        List<Long> ids = new ArrayList<>();
        List<Double> values = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
            ids.add((long) i);
            values.add(Math.cos(0.91 * i) * 50);
        }
        Map<String, List<?>> cols = new LinkedHashMap<>();
        cols.put("id", ids);
        cols.put("v", values);
        try (LocalCluster cluster = new LocalCluster(2, Map.of());
             ClientSession session = ClientSession.open(cluster.supervisor(), Map.of(), null)) {
            DataFrame frame = DataFrames.fromColumns(cols, ROWS / 4);
            LocalTable files = session.executeTables(frame.toParquet(tmp.toString())).get(0);
            long lastFile = 0;
            long allChunks = 0;
            for (int i = 0; i < files.rowCount(); i++) {
                for (BlockMetaData b : ParquetFiles.footer(files.column("path").getString(i)).getBlocks()) {
                    for (ColumnChunkMetaData c : b.getColumns()) {
                        allChunks += c.getTotalSize();
                        lastFile += i == files.rowCount() - 1 ? c.getTotalSize() : 0;
                    }
                }
            }
            long before = localBytesRead();
            DataFrame read = DataFrames.readParquet(tmp.toString(), List.of(),
                    io.mars.dataframe.RowFilter.where("id", ">=", 35_000L));
            List<LocalTable> results = session.executeTables(read.col("v").sum(), read.col("id").count());
            long bytes = localBytesRead() - before;
            LocalTable got = results.get(0);
            LocalTable count = results.get(1);
            // the same filter on the in-memory frame
            LocalTable want = session.executeTables(frame.filter(frame.col("id").ge(35_000L)).col("v").sum()).get(0);
            assertThat(got.column(0).getDouble(0)).isEqualTo(want.column(0).getDouble(0));
            assertThat(count.column(0).getLong(0)).isEqualTo(5_000L);
            System.out.printf("parquet filter id >= 35000: %d bytes read; last file's chunks %d, all chunks %d%n",
                    bytes, lastFile, allChunks);
            assertThat(bytes).as("the last file's row group is read").isGreaterThanOrEqualTo(lastFile);
            assertThat(bytes - lastFile).as("the other three row groups are not (only footers)")
                    .isLessThan(lastFile / 4);
        }
    }
}
