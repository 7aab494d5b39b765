package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import io.mars.types.WriteMode;
import java.util.Objects;

/**
 * Commits a write once every part is written: its inputs are the write's {@link ChunkWrite} chunks, in part order,
 * whose files it moves from {@code dir}'s temporary directory of job {@code job} into {@code dir} as {@code mode} says;
 * then it writes {@code _SUCCESS} and deletes the temporary directory. Its data is the table of the files in place
 * ({@code path}, {@code rows}), one row per part.
 */
@WireName("chunk.df.write.commit")
public record ChunkWriteCommit(String dir, String job, WriteMode mode) implements TableChunkOperand {
    public ChunkWriteCommit {
        Objects.requireNonNull(dir, "dir");
        Objects.requireNonNull(job, "job");
        Objects.requireNonNull(mode, "mode");
    }
}
