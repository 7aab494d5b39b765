package io.mars.common.error;

/** What kind of failure an error is; decides retries, the CLI exit code and what the UI shows. */
public enum ErrorKind {
    /** The user's input or program is wrong; retrying cannot help. */
    USER,
    /** The cluster cannot give what was asked (memory, containers, slots). */
    INSUFFICIENT_RESOURCES,
    /** A system we depend on (YARN, HDFS, ZooKeeper, the network) failed. */
    EXTERNAL,
    /** A bug in Mars. */
    INTERNAL
}
