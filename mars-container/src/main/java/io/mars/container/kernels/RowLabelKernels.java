package io.mars.container.kernels;

import io.mars.common.operand.dataframe.ChunkTableRowPositions;
import io.mars.common.operand.dataframe.TableRowPositions;
import io.mars.common.table.ArrowBuffers;
import io.mars.common.table.ArrowTables;
import io.mars.common.table.TableChunk;
import io.mars.types.DType;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

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
            BigIntVector labels = (BigIntVector) ArrowTables.field(TableRowPositions.INDEX_COLUMN, DType.INT64)
                    .createVector(allocator);
            try {
                labels.allocateNew(n);
                org.apache.arrow.memory.ArrowBuf data = labels.getDataBuffer();
                long first = op.offset();
                for (int i = 0; i < n; i++) {
                    data.setLong((long) i * Long.BYTES, first + i);
                }
                ArrowBuffers.setValidity(labels.getValidityBuffer(), n, null, null); // no label is null
                labels.setValueCount(n);
                return labels;
            } catch (RuntimeException | Error e) {
                labels.close();
                throw e;
            }
        }));
    }
}
