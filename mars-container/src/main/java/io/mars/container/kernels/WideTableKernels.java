package io.mars.container.kernels;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.operand.dataframe.ChunkTableHConcat;
import io.mars.common.table.ArrowTables;
import io.mars.common.table.TableChunk;
import io.mars.types.ChunkData;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/** Kernels of dataframes cut by columns: stitching the column chunks of a row chunk into one batch. */
final class WideTableKernels {
    private WideTableKernels() {
    }

    static KernelRegistry register(KernelRegistry registry, BufferAllocator allocator) {
        return registry.with(ChunkTableHConcat.class, (node, op, in) -> hconcat(in, allocator));
    }

    /** The inputs' columns side by side in one batch, sharing their buffers (no value is copied). */
    static TableChunk hconcat(List<ChunkData> in, BufferAllocator allocator) {
        List<FieldVector> vectors = new ArrayList<>();
        int rows = DataFrameKernels.tableChunk(in.get(0)).rowCount();
        for (ChunkData d : in) {
            VectorSchemaRoot root = DataFrameKernels.tableChunk(d).root();
            if (root.getRowCount() != rows) {
                throw new MarsException(ErrorCode.INTERNAL_ERROR, "column chunks of one row chunk have " + rows
                        + " and " + root.getRowCount() + " rows; they cannot be put side by side");
            }
            vectors.addAll(root.getFieldVectors());
        }
        return new TableChunk(ArrowTables.batch(rows, vectors.size(), j -> {
            FieldVector v = vectors.get(j);
            return ArrowTables.share(v, v.getName(), 0, rows, allocator);
        }));
    }
}
