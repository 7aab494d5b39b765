package io.mars.submit.progress;

import java.util.Locale;

/**
 * How far a job has come, as {@code mars-submit} shows it: the tasks its sessions submitted so far and how many have
 * ended (a job submits its tasks one {@code execute()} at a time, so the total grows as it goes), the subtasks of the
 * task running now (or of the last one, once none runs), and the bytes its workers spilled when that is known.
 *
 * <p>When only YARN's own figure is known (the AM's REST API cannot be read, see {@link TrackingUrlProgress}),
 * {@code tasksTotal} is {@value #UNKNOWN} and {@code subtasksDone} out of {@code subtasksTotal} is that figure in
 * thousandths.
 *
 * @param tasksDone tasks that have ended (succeeded, failed or cancelled)
 * @param tasksTotal tasks submitted so far, or {@value #UNKNOWN}
 * @param subtasksDone subtasks finished of the running task (of the running ones, when several run at once)
 * @param subtasksTotal subtasks of the running task over the stages tiled so far; 0 while it is being tiled
 * @param spilledBytes bytes the workers spilled to disk since the job started, or {@value #UNKNOWN}
 */
public record JobProgress(int tasksDone, int tasksTotal, int subtasksDone, int subtasksTotal, long spilledBytes) {
    public static final int UNKNOWN = -1;
    private static final int PER_MILLE = 1000;

    public JobProgress {
        if (tasksTotal < UNKNOWN || tasksDone < 0 || (tasksTotal >= 0 && tasksDone > tasksTotal)) {
            throw new IllegalArgumentException("tasks done " + tasksDone + " of " + tasksTotal);
        }
        if (subtasksDone < 0 || subtasksTotal < 0 || subtasksDone > subtasksTotal) {
            throw new IllegalArgumentException("subtasks done " + subtasksDone + " of " + subtasksTotal);
        }
        if (spilledBytes < UNKNOWN) {
            throw new IllegalArgumentException("spilled bytes " + spilledBytes);
        }
    }

    /** YARN's figure for the application (the subtasks done over all its tasks' subtasks), nothing else. */
    public static JobProgress ofFraction(float fraction) {
        int done = Math.round(Math.max(0f, Math.min(1f, fraction)) * PER_MILLE);
        return new JobProgress(0, UNKNOWN, done, PER_MILLE, UNKNOWN);
    }

    /** Whether the tasks and subtasks are counted, rather than only YARN's fraction known. */
    public boolean counted() {
        return tasksTotal != UNKNOWN;
    }

    /** The line's text without the elapsed time, e.g. {@code tasks 1/2 done | subtasks 120/200 | spilled 1.2 GiB}. */
    public String summary() {
        StringBuilder text = new StringBuilder();
        if (!counted()) {
            text.append(String.format(Locale.ROOT, "%.1f%% of the subtasks done (YARN's figure)",
                    100.0 * subtasksDone / subtasksTotal));
        } else {
            text.append("tasks ").append(tasksDone).append('/').append(tasksTotal).append(" done");
            if (subtasksTotal > 0) {
                text.append(" | subtasks ").append(subtasksDone).append('/').append(subtasksTotal);
            }
        }
        if (spilledBytes > 0) {
            text.append(" | spilled ").append(bytes(spilledBytes));
        }
        return text.toString();
    }

    /** {@code 512 B}, {@code 3.0 KiB}, {@code 1.2 GiB}. */
    static String bytes(long n) {
        if (n < 1024) {
            return n + " B";
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
        double v = n;
        int unit = -1;
        while (v >= 1024 && unit < units.length - 1) {
            v /= 1024;
            unit++;
        }
        return String.format(Locale.ROOT, "%.1f %s", v, units[unit]);
    }
}
