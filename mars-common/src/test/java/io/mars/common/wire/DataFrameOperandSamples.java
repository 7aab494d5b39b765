package io.mars.common.wire;

import io.mars.common.operand.Operand;
import io.mars.common.operand.Scalar;
import io.mars.common.operand.dataframe.AggFn;
import io.mars.common.operand.dataframe.AggSpec;
import io.mars.common.operand.dataframe.ChunkTableAggCombine;
import io.mars.common.operand.dataframe.ChunkTableAggFinal;
import io.mars.common.operand.dataframe.ChunkTableAggMap;
import io.mars.common.operand.dataframe.ChunkTableAssemble;
import io.mars.common.operand.dataframe.ChunkTableFilter;
import io.mars.common.operand.dataframe.ChunkTableFromLocal;
import io.mars.common.operand.dataframe.ChunkTableFromTensor;
import io.mars.common.operand.dataframe.ChunkTableMap;
import io.mars.common.operand.dataframe.ChunkTableToTensor;
import io.mars.common.operand.dataframe.ColumnExpr;
import io.mars.common.operand.dataframe.ColumnRef;
import io.mars.common.operand.dataframe.DataFrameFromLocal;
import io.mars.common.operand.dataframe.DataFrameFromTensor;
import io.mars.common.operand.dataframe.DataFrameToTensor;
import io.mars.common.operand.dataframe.ExprFn;
import io.mars.common.operand.dataframe.TableAggregate;
import io.mars.common.operand.dataframe.TableFilter;
import io.mars.common.operand.dataframe.TableHead;
import io.mars.common.operand.dataframe.TableMap;
import io.mars.types.Column;
import io.mars.types.DType;
import io.mars.types.DataType;
import io.mars.types.LocalTable;
import java.util.Arrays;
import java.util.List;

/** One instance of every dataframe operand, with values that differ from defaults (nulls inside, non-empty lists). */
final class DataFrameOperandSamples {
    private DataFrameOperandSamples() {
    }

    static List<Operand> all() {
        LocalTable table = LocalTable.of(Column.ofLongs("k", 3, -1, 7),
                Column.of("x", DType.FLOAT64, Arrays.asList(1.5, null, -2.0)),
                Column.ofStrings("s", Arrays.asList("a", null, "ccc")));
        List<ColumnExpr> exprs = List.of(ColumnExpr.column("k2", DType.INT64, new ColumnRef(0, "k")),
                new ColumnExpr("y", DType.FLOAT64, ExprFn.SUBTRACT, List.of(new ColumnRef(1, "x")), Scalar.of(2.5), null,
                        true),
                new ColumnExpr("t", DType.BOOL, ExprFn.EQUAL, List.of(new ColumnRef(0, "s")), null, "ccc", false));
        List<AggSpec> aggs = List.of(new AggSpec("x", DType.FLOAT64, AggFn.STD, "x_std", 0),
                new AggSpec("k", DType.INT64, AggFn.SUM, "k", 1));
        return List.of(
                new DataFrameFromLocal(table, 2),
                new DataFrameFromTensor(List.of("a", "b")),
                new DataFrameToTensor(DataType.FLOAT32),
                new TableMap(exprs),
                new TableFilter(),
                new TableHead(5),
                new TableAggregate(List.of("s", "k"), aggs),
                new ChunkTableFromLocal(table),
                new ChunkTableFromTensor(List.of("d", "e"), 3),
                new ChunkTableToTensor(DataType.INT64, true),
                new ChunkTableMap(exprs),
                new ChunkTableFilter(),
                new ChunkTableAssemble(List.of(new ChunkTableAssemble.Piece(1, 3, 4), new ChunkTableAssemble.Piece(0, 0, 2))),
                new ChunkTableAggMap(List.of("s"), aggs),
                new ChunkTableAggCombine(List.of(), aggs),
                new ChunkTableAggFinal(List.of("k"), aggs));
    }
}
