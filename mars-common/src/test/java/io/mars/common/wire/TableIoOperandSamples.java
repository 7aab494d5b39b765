package io.mars.common.wire;

import io.mars.common.operand.Operand;
import io.mars.common.operand.Scalar;
import io.mars.common.operand.dataframe.ChunkCsvScan;
import io.mars.common.operand.dataframe.ChunkCsvStates;
import io.mars.common.operand.dataframe.ChunkReadCsv;
import io.mars.common.operand.dataframe.ChunkReadParquet;
import io.mars.common.operand.dataframe.ChunkWrite;
import io.mars.common.operand.dataframe.ChunkWriteCommit;
import io.mars.common.operand.dataframe.CompareOp;
import io.mars.common.operand.dataframe.CsvLayout;
import io.mars.common.operand.dataframe.DataFrameReadCsv;
import io.mars.common.operand.dataframe.DataFrameReadParquet;
import io.mars.common.operand.dataframe.DataFrameWrite;
import io.mars.common.operand.dataframe.DataFrameTpch;
import io.mars.common.operand.dataframe.ChunkTpch;
import io.mars.common.operand.dataframe.RowPredicate;
import io.mars.common.operand.dataframe.TableWriteFormat;
import io.mars.types.DType;
import io.mars.types.WriteMode;
import java.util.List;

/** One instance of every dataframe IO operand, with values that differ from defaults. */
final class TableIoOperandSamples {
    private TableIoOperandSamples() {
    }

    static List<Operand> all() {
        CsvLayout layout = new CsvLayout(";", false, List.of("a", "b", "c"), List.of("", "NA", "-"));
        List<RowPredicate> filter = List.of(new RowPredicate("a", CompareOp.GE, Scalar.of(2.5), null),
                new RowPredicate("c", CompareOp.NE, null, "x"));
        return List.of(
                new DataFrameReadCsv("hdfs://nn/data/*.csv", layout, List.of("a", "c"),
                        List.of(DType.FLOAT64, DType.TIMESTAMP), 4096),
                new ChunkReadCsv("hdfs://nn/data/1.csv", 4096, 8192, layout, List.of("c"), List.of(DType.STRING), 1),
                new ChunkCsvScan("hdfs://nn/data/1.csv", 4096, 8192, ";"),
                new ChunkCsvStates(),
                new DataFrameReadParquet("/data/p", List.of("a", "b"), List.of(DType.INT32, DType.BOOL), filter),
                new ChunkReadParquet("/data/p/part-1.parquet", 3, List.of("b"), List.of(DType.BOOL), filter, 1000),
                new DataFrameWrite("/out", TableWriteFormat.PARQUET, "|", "zstd", WriteMode.APPEND),
                new ChunkWrite("/out/_temporary/df1-2", "part-00002.csv", TableWriteFormat.CSV, "\t", "snappy"),
                new ChunkWriteCommit("hdfs://nn/out", "df1-2", WriteMode.OVERWRITE),
                new DataFrameTpch("lineitem", 0.5, 3, List.of("l_orderkey", "l_shipdate"),
                        List.of(DType.INT64, DType.TIMESTAMP)),
                new ChunkTpch("orders", 10.0, 2, 7, List.of("o_comment"), List.of(DType.STRING)));
    }
}
