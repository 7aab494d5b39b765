package io.mars.it.local;

import io.mars.container.Worker;
import io.mars.container.services.storage.StorageConfig;
import io.mars.submit.client.ClientSession;
import io.mars.submit.local.LocalCluster;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * One job run on a two-worker local cluster with given settings, with what its workers spilled and read back: the
 * spill tests run a job with room to spare and again under a {@link #tight} quota, and compare.
 */
final class QuotaRuns {
    private QuotaRuns() {
    }

    /** A job's results and its workers' spill and read-back counts. */
    record Run<T>(List<T> results, long spills, long readBacks) {
    }

    /** A job: its results, computed in {@code session}. */
    @FunctionalInterface
    interface Job<T> {
        List<T> run(ClientSession session) throws IOException;
    }

    static <T> Run<T> run(Map<String, String> conf, Job<T> job) throws IOException {
        try (LocalCluster cluster = new LocalCluster(2, conf)) {
            List<T> results;
            try (ClientSession session = ClientSession.open(cluster.supervisor(), Map.of(), null)) {
                results = job.run(session);
            }
            long spills = 0;
            long readBacks = 0;
            for (Worker w : cluster.workers()) {
                spills += w.storage().stats().spills();
                readBacks += w.storage().stats().readBacks();
            }
            return new Run<>(results, spills, readBacks);
        }
    }

    /** A 2 MB memory quota a worker, spilling to {@code dir}. */
    static Map<String, String> tight(Path dir) {
        return Map.of(StorageConfig.CACHE_MEM, "2000000", StorageConfig.SPILL_DIRS, dir.toString());
    }
}
