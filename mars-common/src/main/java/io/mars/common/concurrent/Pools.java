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

    /**
     * Interrupts what {@code pool} runs and drops what it has queued or scheduled (a timer's next run), then waits up
     * to {@code seconds} for its threads to end. An interrupt of the caller while it waits is kept.
     */
    public static void stopNow(ExecutorService pool, long seconds) {
        pool.shutdownNow();
        try {
            pool.awaitTermination(seconds, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
