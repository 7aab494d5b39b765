package io.mars.common.table;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;

/** Booleans kept as longs (any non-zero long is true) packed into Arrow's bits and read back as 0 and 1. */
class ArrowBuffersTest {
    @Test
    void everyNonZeroLongIsATrueBitWhateverItsValue() {
        Random random = new Random(3);
        long[] special = {0, 1, -1, Long.MIN_VALUE, Long.MAX_VALUE, 2, 1L << 32, 1L << 63 >>> 1};
        for (int n : new int[] {0, 1, 7, 8, 9, 63, 64, 1001}) {
            long[] values = new long[n];
            for (int i = 0; i < n; i++) {
                values[i] = random.nextBoolean() ? special[random.nextInt(special.length)] : 0;
            }
            try (BufferAllocator allocator = new RootAllocator();
                 ArrowBuf buf = allocator.buffer(Math.max(1, ArrowBuffers.bitBytes(n)))) {
                buf.setZero(0, buf.capacity());
                ArrowBuffers.putLongsAsBits(buf, values, n);
                long[] back = new long[n];
                ArrowBuffers.getBitsAsLongs(buf, back, n);
                for (int i = 0; i < n; i++) {
                    assertThat(back[i]).as("value %d of %d: %d", i, n, values[i]).isEqualTo(values[i] != 0 ? 1 : 0);
                }
            }
        }
    }
}
