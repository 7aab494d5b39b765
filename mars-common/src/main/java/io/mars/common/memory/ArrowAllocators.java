package io.mars.common.memory;

import org.apache.arrow.memory.AllocationListener;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.memory.rounding.SegmentRoundingPolicy;

/**
 * Every process's Arrow root allocator. Arrow rounds each buffer up to the next power of two by default, so a column
 * of 9 MB takes 16 MB of direct memory and a table's buffers may take up to twice the bytes the storage counts for
 * it; here buffers are rounded only to Netty's 8 KiB pages (Netty's own size classes then waste at most about an
 * eighth), so what a worker stores and what its process holds stay close.
 */
public final class ArrowAllocators {
    /** Netty's page: the granularity of its pooled allocations. */
    static final int SEGMENT_BYTES = 8192;

    private ArrowAllocators() {
    }

    /** A root allocator of at most {@code limit} bytes. */
    public static RootAllocator root(long limit) {
        return new RootAllocator(AllocationListener.NOOP, limit, new SegmentRoundingPolicy(SEGMENT_BYTES));
    }

    /** A root allocator bounded only by the JVM's direct memory. */
    public static RootAllocator root() {
        return root(Long.MAX_VALUE);
    }
}
