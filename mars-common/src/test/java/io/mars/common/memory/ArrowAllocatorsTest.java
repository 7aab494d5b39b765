package io.mars.common.memory;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;

class ArrowAllocatorsTest {
    @Test
    void aBufferTakesItsBytesRoundedToAPageNotToAPowerOfTwo() {
        try (RootAllocator root = ArrowAllocators.root();
             BufferAllocator child = root.newChildAllocator("worker", 0, Long.MAX_VALUE);
             ArrowBuf nineMb = child.buffer(9_000_000)) {
            // Arrow's default would take 16 MiB for it
            assertThat(child.getAllocatedMemory()).isBetween(9_000_000L, 9_000_000L + ArrowAllocators.SEGMENT_BYTES);
            assertThat(nineMb.capacity()).isGreaterThanOrEqualTo(9_000_000L);
        }
    }

    @Test
    void theLimitIsKept() {
        try (RootAllocator root = ArrowAllocators.root(1 << 20)) {
            assertThat(root.getLimit()).isEqualTo(1 << 20);
        }
    }
}
