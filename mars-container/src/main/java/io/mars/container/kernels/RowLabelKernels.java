package io.mars.container.kernels;

import io.mars.common.operand.dataframe.ChunkTableRowPositions;
import io.mars.common.operand.dataframe.TableRowPositions;
import io.mars.common.table.TableChunk;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.ArrowType;
import io.mars.common.table.ArrowTables;

/** The kernels of row labels (pandas' index): a chunk's row positions as its hidden index column. */
final class RowLabelKernels {
    private RowLabelKernels() {
    }

    static KernelRegistry register(KernelRegistry registry, BufferAllocator allocator) {
        return registry.with(ChunkTableRowPositions.class, (node, op, in) -> positions(op,
                DataFrameKernels.tableChunk(in.get(0)), allocator));
    }

    /** The input's columns (sharing its buffers) and {@code offset + row} as an int64 column, last. */
    static TableChunk positions(ChunkTableRowPositions op, TableChunk in, BufferAllocator allocator) {
        VectorSchemaRoot root = in.root();
        int n = root.getRowCount();
        List<FieldVector> columns = root.getFieldVectors();
        return new TableChunk(ArrowTables.batch(n, columns.size() + 1, j -> {
            if (j < columns.size()) {
                FieldVector v = columns.get(j);
                return ArrowTables.share(v, v.getName(), 0, n, allocator);
            }
            BigIntVector labels = new BigIntVector(TableRowPositions.INDEX_COLUMN,
                    FieldType.nullable(new ArrowType.Int(64, true)), allocator);
            try {
                labels.allocateNew(n);
                for (int i = 0; i < n; i++) {
                    labels.set(i, op.offset() + i);
                }
                labels.setValueCount(n);
                return labels;
            } catch (RuntimeException e) {
                labels.close();
                throw e;
            }
        }));
    }
}
