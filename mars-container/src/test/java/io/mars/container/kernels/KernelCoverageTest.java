package io.mars.container.kernels;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.common.operand.chunk.ChunkSort;
import io.mars.common.operand.dataframe.ChunkTableJoin;
import io.mars.common.wire.OperandCoverage;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The worker's half of operand completeness (mars-common's OperandCoverageTest checks wire names, tilers and pruning
 * rules): every chunk operand but chunk.fetch has a kernel in the registry a worker runs with.
 */
class KernelCoverageTest {
    private final BufferAllocator allocator = new RootAllocator();

    @AfterEach
    void closeAllocator() {
        allocator.close();
    }

    private KernelRegistry workerKernels() {
        return DataFrameKernels.register(KernelRegistry.standard(), allocator);
    }

    @Test
    void everyChunkOperandButFetchHasAKernel() {
        assertThat(OperandCoverage.missingKernels(workerKernels()::supports)).isEmpty();
    }

    @Test
    void namesAChunkOperandWhoseKernelIsMissing() {
        KernelRegistry withoutSort = workerKernels().without(ChunkSort.class).without(ChunkTableJoin.class);

        assertThat(OperandCoverage.missingKernels(withoutSort::supports)).containsExactlyInAnyOrder(
                "ChunkSort (chunk.sort) has no kernel in KernelRegistry",
                "ChunkTableJoin (chunk.df.join) has no kernel in KernelRegistry");
    }
}
