package io.mars.common.concurrent;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;

/** Stopping the pools Mars owns. */
public final class Pools {
    private Pools() {
    }

    /**
     * Lets {@code pool} finish the work it has (no new work is taken) for up to {@code seconds}, then interrupts what
     * still runs. An interrupt of the caller while it waits interrupts the pool's threads too and is kept.
     */
    public static void stop(ExecutorService pool, long seconds) {
        pool.shutdown();
        try {
            if (!pool.awaitTermination(seconds, TimeUnit.SECONDS)) {
                pool.shutdownNow();
            }
        } catch (InterruptedException e) {
            pool.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }
}
