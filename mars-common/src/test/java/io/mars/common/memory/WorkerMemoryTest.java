package io.mars.common.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import org.junit.jupiter.api.Test;

class WorkerMemoryTest {
    private static final long MB = 1L << 20;

    @Test
    void heapDirectMemoryAndTheCappedOverheadAddUpToNoMoreThanTheContainer() {
        for (int mb = WorkerMemory.MIN_CONTAINER_MB; mb <= 65_536; mb += 37) {
            WorkerMemory m = WorkerMemory.forContainer(mb, "k");
            long capped = WorkerMemory.METASPACE_MB * MB + WorkerMemory.CODE_CACHE_MB * MB;
            assertThat(m.heapBytes() + m.directBytes() + capped).as("%d MB", mb).isLessThan(m.containerBytes());
            assertThat(m.heapBytes() + m.directBytes() + m.overheadBytes()).isEqualTo(m.containerBytes());
            assertThat(m.overheadBytes()).as("overhead covers the fixed parts and the GC's share")
                    .isGreaterThanOrEqualTo(WorkerMemory.FIXED_OVERHEAD_MB * MB + m.heapBytes() / 16);
            assertThat(m.arrowBytes()).isLessThan(m.directBytes());
            assertThat(m.dataBytes()).isLessThanOrEqualTo(Math.min(m.heapBytes(), m.arrowBytes()));
        }
    }

    @Test
    void theJvmFlagsAreTheLayout() {
        WorkerMemory m = WorkerMemory.forContainer(1024, "k");
        assertThat(m.jvmOptions()).contains("-Xmx" + m.heapBytes() / MB + "m",
                "-XX:MaxDirectMemorySize=" + m.directBytes() / MB + "m",
                "-XX:MaxMetaspaceSize=" + WorkerMemory.METASPACE_MB + "m",
                "-XX:ReservedCodeCacheSize=" + WorkerMemory.CODE_CACHE_MB + "m",
                "-Dio.netty.maxDirectMemory=0");
        assertThat(m.describe()).contains("container 1024 MB").contains("heap " + m.heapBytes() / MB + " MB");
    }

    @Test
    void largePoolChunksOnlyWithGigabytesOfDirectMemory() {
        assertThat(WorkerMemory.forContainer(1024, "k").jvmOptions()).doesNotContain("-Dio.netty.allocator.maxOrder=11");
        WorkerMemory big = WorkerMemory.forContainer(8192, "k");
        assertThat(big.directBytes()).isGreaterThanOrEqualTo(WorkerMemory.LARGE_POOL_CHUNKS_MB * MB);
        assertThat(big.jvmOptions()).contains("-Dio.netty.allocator.maxOrder=11");
    }

    @Test
    void aJvmsDirectMemoryIsItsLastMaxDirectMemorySizeOrElseItsHeap() {
        long heap = 768 * MB;
        assertThat(WorkerMemory.maxDirectBytes(java.util.List.of("-Xmx768m"), heap)).isEqualTo(heap);
        assertThat(WorkerMemory.maxDirectBytes(java.util.List.of("-XX:MaxDirectMemorySize=2g"), heap))
                .isEqualTo(2048 * MB);
        assertThat(WorkerMemory.maxDirectBytes(java.util.List.of("-XX:MaxDirectMemorySize=2g",
                "-XX:MaxDirectMemorySize=512M"), heap)).isEqualTo(512 * MB);
        assertThat(WorkerMemory.maxDirectBytes(java.util.List.of("-XX:MaxDirectMemorySize=65536k"), heap))
                .isEqualTo(64 * MB);
        assertThat(WorkerMemory.maxDirectBytes(java.util.List.of("-XX:MaxDirectMemorySize=1048576"), heap))
                .isEqualTo(MB);
        // mars-submit's default heap: Netty's own 4 MiB chunks; from a gigabyte, 16 MiB ones
        assertThat(WorkerMemory.largePoolChunks(heap)).isFalse();
        assertThat(WorkerMemory.largePoolChunks(WorkerMemory.LARGE_POOL_CHUNKS_MB * MB)).isTrue();
    }

    @Test
    void aContainerTooSmallForTheJvmIsAConfigErrorNamingTheMinimum() {
        assertThatThrownBy(() -> WorkerMemory.forContainer(256, "mars.yarn.worker.memory"))
                .isInstanceOf(MarsException.class)
                .satisfies(e -> assertThat(((MarsException) e).code()).isEqualTo(ErrorCode.INVALID_CONFIG))
                .hasMessageContaining("mars.yarn.worker.memory=256")
                .hasMessageContaining("at least " + WorkerMemory.MIN_CONTAINER_MB + " MB");
    }
}
