package io.mars.container.services.storage;

/**
 * What a worker's storage holds and has moved, for the REST API and the AM status page.
 *
 * @param chunks          chunks stored, whatever their level
 * @param memoryBytes     bytes of chunk data in memory
 * @param reservedBytes   bytes reserved by running subtasks for their working memory
 * @param diskBytes       bytes of spill files on local disks
 * @param hdfsBytes       bytes of spill files on HDFS
 * @param diskFiles       spill files on local disks
 * @param hdfsFiles       spill files on HDFS
 * @param spills          chunks written to a spill level so far
 * @param spilledBytes    bytes written to spill files so far
 * @param spillNanos      time spent writing spill files so far
 * @param readBacks       chunks read back from a spill level so far
 * @param readBackBytes   bytes read back so far
 * @param readBackNanos   time spent reading spill files so far
 * @param corruptFiles    spill files found corrupted on read (their chunks were reported lost)
 * @param waits           puts and reservations that had to wait for memory
 */
public record StorageStats(int chunks, long memoryBytes, long reservedBytes, long diskBytes, long hdfsBytes,
                           int diskFiles, int hdfsFiles, long spills, long spilledBytes, long spillNanos,
                           long readBacks, long readBackBytes, long readBackNanos, long corruptFiles, long waits) {
    /** Spill write throughput so far, bytes per second (0 before the first spill). */
    public double spillBytesPerSecond() {
        return spillNanos == 0 ? 0 : spilledBytes * 1e9 / spillNanos;
    }

    /** Read-back throughput so far, bytes per second (0 before the first read-back). */
    public double readBackBytesPerSecond() {
        return readBackNanos == 0 ? 0 : readBackBytes * 1e9 / readBackNanos;
    }
}
