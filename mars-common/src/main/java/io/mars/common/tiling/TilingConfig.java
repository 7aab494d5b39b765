package io.mars.common.tiling;

import io.mars.common.config.Settings;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.util.Map;

/**
 * Settings of tiling.
 *
 * <ul>
 *   <li>{@value #CHUNK_STORE_LIMIT}: the most bytes one automatically sized chunk may hold (default 16 MiB);</li>
 *   <li>{@value #COMBINE_SIZE}: how many partial results one node of a reduction or summation tree merges (default 4,
 *       at least 2);</li>
 *   <li>{@value #SHUFFLE_GROUPS}: a groupby whose partial aggregates of all chunks hold more rows than this is
 *       finished by a shuffle instead of a tree (default 100000);</li>
 *   <li>{@value #BROADCAST_ROWS}: a merge sends a side of at most this many rows whole to every chunk of the other
 *       side instead of shuffling both (default 100000);</li>
 *   <li>{@value #CSV_CHUNK_BYTES}: bytes of a CSV file per chunk of {@code readCsv} when the call does not say
 *       (default 64 MiB);</li>
 *   <li>{@value #COLUMN_CHUNK}: the most columns one chunk of a dataframe source holds; a wider source is also cut
 *       into groups of columns, a chunk grid of (row chunks, column chunks) (default 256, at least 1).</li>
 * </ul>
 */
public record TilingConfig(long chunkStoreLimit, int combineSize, long shuffleGroups, long broadcastRows,
                           long csvChunkBytes, int columnChunk) {
    public static final String CHUNK_STORE_LIMIT = "mars.tensor.chunk-store-limit";
    public static final String COMBINE_SIZE = "mars.task.combine-size";
    public static final String CSV_CHUNK_BYTES = "mars.dataframe.csv.chunk-bytes";
    public static final long DEFAULT_CHUNK_STORE_LIMIT = 16L << 20;
    public static final int DEFAULT_COMBINE_SIZE = 4;

    public static final String SHUFFLE_GROUPS = "mars.dataframe.shuffle-groups";
    public static final String BROADCAST_ROWS = "mars.dataframe.broadcast-rows";
    public static final long DEFAULT_SHUFFLE_GROUPS = 100_000;
    public static final long DEFAULT_BROADCAST_ROWS = 100_000;
    public static final long DEFAULT_CSV_CHUNK_BYTES = 64L << 20;
    // --- wide ---
    public static final String COLUMN_CHUNK = "mars.dataframe.column-chunk";
    public static final int DEFAULT_COLUMN_CHUNK = 256;

    public TilingConfig {
        if (chunkStoreLimit <= 0) {
            throw new MarsException(ErrorCode.INVALID_CONFIG, CHUNK_STORE_LIMIT + " must be positive, got " + chunkStoreLimit);
        }
        if (combineSize < 2) {
            throw new MarsException(ErrorCode.INVALID_CONFIG, COMBINE_SIZE + " must be at least 2, got " + combineSize);
        }
        if (shuffleGroups < 0) {
            throw new MarsException(ErrorCode.INVALID_CONFIG, SHUFFLE_GROUPS + " must be >= 0, got " + shuffleGroups);
        }
        if (broadcastRows < 0) {
            throw new MarsException(ErrorCode.INVALID_CONFIG, BROADCAST_ROWS + " must be >= 0, got " + broadcastRows);
        }
        if (csvChunkBytes <= 0) {
            throw new MarsException(ErrorCode.INVALID_CONFIG, CSV_CHUNK_BYTES + " must be positive, got "
                    + csvChunkBytes);
        }
        if (columnChunk < 1) {
            throw new MarsException(ErrorCode.INVALID_CONFIG, COLUMN_CHUNK + " must be at least 1, got " + columnChunk
                    + "; it is the most columns one dataframe chunk holds");
        }
    }

    /** The settings with the column chunk at its default. */
    public TilingConfig(long chunkStoreLimit, int combineSize, long shuffleGroups, long broadcastRows,
                        long csvChunkBytes) {
        this(chunkStoreLimit, combineSize, shuffleGroups, broadcastRows, csvChunkBytes, DEFAULT_COLUMN_CHUNK);
    }

    /** The tensor settings, with the dataframe ones at their defaults. */
    public TilingConfig(long chunkStoreLimit, int combineSize) {
        this(chunkStoreLimit, combineSize, DEFAULT_SHUFFLE_GROUPS, DEFAULT_BROADCAST_ROWS, DEFAULT_CSV_CHUNK_BYTES);
    }

    public static TilingConfig defaults() {
        return new TilingConfig(DEFAULT_CHUNK_STORE_LIMIT, DEFAULT_COMBINE_SIZE);
    }

    public static TilingConfig from(Map<String, String> conf) {
        return new TilingConfig(
                Settings.longValue(conf, CHUNK_STORE_LIMIT, DEFAULT_CHUNK_STORE_LIMIT),
                Settings.intValue(conf, COMBINE_SIZE, DEFAULT_COMBINE_SIZE),
                Settings.longValue(conf, SHUFFLE_GROUPS, DEFAULT_SHUFFLE_GROUPS),
                Settings.longValue(conf, BROADCAST_ROWS, DEFAULT_BROADCAST_ROWS),
                Settings.longValue(conf, CSV_CHUNK_BYTES, DEFAULT_CSV_CHUNK_BYTES),
                Settings.intValue(conf, COLUMN_CHUNK, DEFAULT_COLUMN_CHUNK));
    }
}
