package io.mars.common.memory;

import java.io.IOException;
import java.lang.management.BufferPoolMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What this JVM process holds, as the NodeManager's pmem check and the JVM see it: resident memory now and at its peak
 * ({@code VmRSS}/{@code VmHWM} of {@code /proc/self/status}; -1 where there is no procfs), committed heap, JDK direct
 * buffers (Netty's pools, Arrow's buffers among them), and the peaks of metaspace and code cache.
 *
 * @param rssBytes          resident set size now
 * @param peakRssBytes      the highest resident set size so far
 * @param heapCommittedBytes heap committed now
 * @param directBytes       JDK direct buffer bytes now
 * @param metaspacePeakBytes metaspace used at its peak
 * @param codeCachePeakBytes code cache used at its peak
 */
public record ProcessMemory(long rssBytes, long peakRssBytes, long heapCommittedBytes, long directBytes,
                            long metaspacePeakBytes, long codeCachePeakBytes) {
    private static final Path STATUS = Path.of("/proc/self/status");

    public static ProcessMemory sample() {
        long rss = -1;
        long hwm = -1;
        try {
            for (String line : Files.readAllLines(STATUS)) {
                if (line.startsWith("VmRSS:")) {
                    rss = kilobytes(line);
                } else if (line.startsWith("VmHWM:")) {
                    hwm = kilobytes(line);
                }
            }
        } catch (IOException | RuntimeException e) {
            // no procfs (not Linux): the JVM's own figures remain
        }
        long direct = 0;
        for (BufferPoolMXBean b : ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class)) {
            if (b.getName().equals("direct")) {
                direct = b.getMemoryUsed();
            }
        }
        long metaspace = 0;
        long code = 0;
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() != MemoryType.NON_HEAP) {
                continue;
            }
            if (p.getName().equals("Metaspace")) {
                metaspace = p.getPeakUsage().getUsed();
            } else if (p.getName().startsWith("CodeHeap") || p.getName().equals("Code Cache")) {
                code += p.getPeakUsage().getUsed();
            }
        }
        return new ProcessMemory(rss, hwm, ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getCommitted(),
                direct, metaspace, code);
    }

    private static long kilobytes(String line) {
        String[] parts = line.trim().split("\\s+");
        return Long.parseLong(parts[1]) * 1024;
    }

    public String describe() {
        return "resident " + (rssBytes >> 20) + " MB (peak " + (peakRssBytes >> 20) + " MB), heap committed "
                + (heapCommittedBytes >> 20) + " MB, direct buffers " + (directBytes >> 20) + " MB, metaspace peak "
                + (metaspacePeakBytes >> 20) + " MB, code cache peak " + (codeCachePeakBytes >> 20) + " MB";
    }
}
