package io.mars.am.yarn;

import io.mars.common.config.Settings;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.memory.WorkerMemory;
import java.util.Map;

/**
 * The worker containers an application asks for, from its {@code mars.*} settings ({@code mars-submit --workers,
 * --worker-memory, --worker-vcores} set them).
 *
 * @param count       {@value #WORKERS}: worker containers (default 2)
 * @param memoryMb    {@value #MEMORY}: each container's memory in MB (default 1024, at least
 *                    {@value WorkerMemory#MIN_CONTAINER_MB}); {@link WorkerMemory} divides it into heap, direct
 *                    memory (Arrow) and JVM overhead
 * @param vcores      {@value #VCORES}: each container's vcores, which is its number of subtask slots (default 1)
 * @param maxFailures {@value #MAX_FAILURES}: lost workers replaced before the application fails (default 3 per
 *                    worker asked for); preempted, node-lost and AM-killed containers do not count
 * @param nodeMaxFailures {@value #NODE_MAX_FAILURES}: counted worker failures on one node after which the AM asks
 *                    for no more containers there (default 2), as long as other nodes remain
 */
public record WorkerSpec(int count, int memoryMb, int vcores, int maxFailures, int nodeMaxFailures) {
    public static final String WORKERS = "mars.yarn.workers";
    public static final String MEMORY = WorkerMemory.CONTAINER_MB;
    public static final String VCORES = "mars.yarn.worker.vcores";
    /**
     * JVM options of every worker container (Spark's {@code spark.executor.extraJavaOptions}), after Mars's memory
     * flags, e.g. {@code -Djava.security.krb5.conf=...}; a heap flag here overrides the container's layout.
     */
    public static final String JAVA_OPTIONS = "mars.yarn.worker.java-options";
    public static final String MAX_FAILURES = "mars.worker.max-failures";
    public static final String NODE_MAX_FAILURES = "mars.yarn.node.max-failures";

    public WorkerSpec {
        if (nodeMaxFailures < 1) {
            throw new MarsException(ErrorCode.INVALID_CONFIG, NODE_MAX_FAILURES + " must be at least 1, got "
                    + nodeMaxFailures);
        }
        if (count < 1 || vcores < 1 || maxFailures < 0) {
            throw new MarsException(ErrorCode.INVALID_CONFIG, "worker containers need " + WORKERS + " >= 1, " + VCORES
                    + " >= 1 and " + MAX_FAILURES + " >= 0; got " + count + ", " + vcores + ", " + maxFailures);
        }
        if (memoryMb < WorkerMemory.MIN_CONTAINER_MB) {
            WorkerMemory.forContainer(memoryMb, MEMORY); // throws, naming the minimum
        }
    }

    public static WorkerSpec from(Map<String, String> properties) {
        int count = intValue(properties, WORKERS, 2);
        return new WorkerSpec(count, intValue(properties, MEMORY, 1024), intValue(properties, VCORES, 1),
                intValue(properties, MAX_FAILURES, 3 * count), intValue(properties, NODE_MAX_FAILURES, 2));
    }

    /** How a worker JVM divides its container: heap, direct memory, overhead. */
    public WorkerMemory memory() {
        return WorkerMemory.forContainer(memoryMb, MEMORY);
    }

    private static int intValue(Map<String, String> properties, String key, int otherwise) {
        return Settings.intValue(properties, key, otherwise);
    }
}
