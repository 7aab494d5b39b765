package io.mars.it.golden;

import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import io.mars.types.ChunkSpec;
import io.mars.types.NDArray;

/**
 * The ways the learn tests cut their data sets (a few thousand rows): one chunk; rows in equal chunks with a shorter
 * last one; and uneven rows with the features cut too, the targets cut differently from X, so that every sum over
 * rows or features crosses chunks and the engine has to rechunk one side.
 */
enum LearnChunking {
    ONE_CHUNK,
    ROWS_700,
    UNEVEN_ROWS_AND_FEATURES;

    /** X, or any matrix whose rows are samples. */
    Tensor matrix(NDArray data) {
        long[] s = data.shape();
        return Tensors.array(data, switch (this) {
            case ONE_CHUNK -> ChunkSpec.of(s[0], s[1]);
            case ROWS_700 -> ChunkSpec.of(700, s[1]);
            case UNEVEN_ROWS_AND_FEATURES -> ChunkSpec.explicit(new long[] {1, s[0] - 301, 300},
                    s[1] == 1 ? new long[] {1} : new long[] {s[1] - 1, 1});
        });
    }

    /** y, or any vector or matrix of targets whose rows are samples. */
    Tensor targets(NDArray data) {
        long[] s = data.shape();
        long rows = switch (this) {
            case ONE_CHUNK -> s[0];
            case ROWS_700 -> 700;
            case UNEVEN_ROWS_AND_FEATURES -> 500;
        };
        return Tensors.array(data, s.length == 1 ? ChunkSpec.of(rows) : ChunkSpec.of(rows, s[1]));
    }
}
