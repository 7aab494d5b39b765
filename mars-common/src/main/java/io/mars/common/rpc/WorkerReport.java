package io.mars.common.rpc;

/**
 * What a worker stores, has moved and holds in memory, for the AM's REST API and status page. Process figures are the
 * worker's JVM (in the local cluster, the one JVM all workers share).
 *
 * @param chunks        chunks stored, whatever their level
 * @param memoryBytes   chunk bytes in memory
 * @param reservedBytes working memory reserved by running subtasks
 * @param diskBytes     bytes of spill files on local disks
 * @param hdfsBytes     bytes of spill files on HDFS
 * @param spills        chunks written to a spill level so far
 * @param readBacks     chunks read back from a spill level so far
 * @param spillBytesPerSecond    spill write throughput so far (0 before the first spill)
 * @param readBackBytesPerSecond read-back throughput so far (0 before the first read-back)
 * @param rssBytes      the process's resident memory now (-1 where unknown)
 * @param peakRssBytes  the process's highest resident memory so far (-1 where unknown)
 * @param metaspacePeakBytes the process's metaspace use at its peak
 * @param directBytes   the process's JDK direct buffers now (Netty's pools, Arrow's buffers among them)
 */
public record WorkerReport(int chunks, long memoryBytes, long reservedBytes, long diskBytes, long hdfsBytes,
                           long spills, long readBacks, double spillBytesPerSecond, double readBackBytesPerSecond,
                           long rssBytes, long peakRssBytes,
                           long metaspacePeakBytes, long directBytes) {
}
