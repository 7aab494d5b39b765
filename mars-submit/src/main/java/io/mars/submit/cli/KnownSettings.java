package io.mars.submit.cli;

import io.mars.Session;
import io.mars.am.history.EventLogConfig;
import io.mars.am.services.scheduling.SchedulingConfig;
import io.mars.am.state.StateStoreConfig;
import io.mars.am.web.WebConfig;
import io.mars.am.yarn.AmAttempts;
import io.mars.am.yarn.AppSpec;
import io.mars.am.yarn.ClientMode;
import io.mars.am.yarn.ContainerFiles;
import io.mars.am.yarn.WorkerSpec;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.rpc.flight.HeartbeatConfig;
import io.mars.common.rpc.flight.RpcSecret;
import io.mars.common.tiling.TilingConfig;
import io.mars.container.WorkerConfig;
import io.mars.container.services.storage.StorageConfig;
import io.mars.submit.client.ClientConfig;
import io.mars.submit.client.ClientModeApplication;
import io.mars.submit.client.YarnSessionProvider;
import io.mars.submit.progress.ProgressConfig;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Every {@code mars.*} setting a user may give, and the check mars-submit makes of them before anything runs: a value
 * a config class refuses is a usage error (exit 2) naming the key and the value, as any bad flag; a key no part of
 * Mars reads gets a warning naming the closest known one (a typo would otherwise be ignored silently).
 */
public final class KnownSettings {
    /** The keys a user may set; the settings mars-submit itself writes (master, name) are among them. */
    public static final Set<String> KEYS = Set.of(
            Session.MASTER_PROPERTY, SubmitRequest.APP_NAME_PROPERTY,
            TilingConfig.CHUNK_STORE_LIMIT, TilingConfig.COMBINE_SIZE, TilingConfig.SHUFFLE_GROUPS,
            TilingConfig.BROADCAST_ROWS, TilingConfig.CSV_CHUNK_BYTES, TilingConfig.COLUMN_CHUNK,
            WorkerConfig.SLOTS, WorkerConfig.BLAS, StorageConfig.CACHE_MEM, StorageConfig.SOFT_LIMIT, StorageConfig.HARD_LIMIT,
            StorageConfig.SPILL_DIRS, StorageConfig.SPILL_HDFS_DIR, StorageConfig.SPILL_MAX_BYTES,
            HeartbeatConfig.INTERVAL, HeartbeatConfig.TIMEOUT, SchedulingConfig.MAX_ATTEMPTS,
            ClientConfig.MAX_RESULT_BYTES, WebConfig.PORT,
            StateStoreConfig.QUORUM, StateStoreConfig.ROOT, StateStoreConfig.BATCH_SIZE,
            AmAttempts.MAX_ATTEMPTS, AmAttempts.VALIDITY_INTERVAL, AmAttempts.FAILOVER_WAIT, WorkerSpec.WORKERS, WorkerSpec.MEMORY, WorkerSpec.VCORES, WorkerSpec.MAX_FAILURES,
            WorkerSpec.NODE_MAX_FAILURES, ClientMode.KEEPALIVE_TIMEOUT, ContainerFiles.NODE_CLASSPATH_PROPERTY,
            ContainerFiles.ARCHIVE_PROPERTY, AppSpec.JAVA_HOME_PROPERTY, YarnSessionProvider.HADOOP_CONF_DIR,
            ClientModeApplication.AM_MEMORY, ClientModeApplication.QUEUE, ClientModeApplication.JARS,
            ProgressConfig.INTERVAL, RpcSecret.FILE_PROPERTY, EventLogConfig.DIR, EventLogConfig.HISTORY_ADDRESS,
            AppSpec.AM_JAVA_OPTIONS, io.mars.am.yarn.KerberosConfig.PRINCIPAL, io.mars.am.yarn.KerberosConfig.KEYTAB,
            io.mars.am.yarn.KerberosConfig.POLL_INTERVAL, WorkerSpec.JAVA_OPTIONS, io.mars.Eager.PROPERTY,
            io.mars.submit.local.LocalWebConfig.PORT, io.mars.common.rpc.SupervisorGateway.SESSION_ID);

    private KnownSettings() {
    }

    /**
     * Reads the settings as the cluster will, so a malformed or out-of-range value fails here and not at a job's first
     * use. The YARN settings are checked by the YARN submission itself (a refusal, exit 4, as the README says).
     */
    static void checkValues(Map<String, String> settings) {
        try {
            TilingConfig.from(settings);
            StorageConfig.from(settings, 1L << 30, Map.of());
            WorkerConfig.from(settings);
            HeartbeatConfig.from(settings);
            SchedulingConfig.from(settings);
            ClientConfig.from(settings);
            WebConfig.from(settings);
            io.mars.submit.local.LocalWebConfig.from(settings);
            ProgressConfig.from(settings);
        } catch (MarsException e) {
            if (e.code() != ErrorCode.INVALID_CONFIG) {
                throw e;
            }
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, e.getMessage(), e);
        }
    }

    /** A warning for a key nothing reads, naming the closest known key when one is near; empty for known keys. */
    static Optional<String> unknown(String key) {
        if (KEYS.contains(key)) {
            return Optional.empty();
        }
        String closest = null;
        int best = Integer.MAX_VALUE;
        for (String k : KEYS) {
            int d = distance(key, k);
            if (d < best) {
                best = d;
                closest = k;
            }
        }
        String hint = closest != null && best <= Math.max(3, key.length() / 4) ? "; did you mean " + closest + "?" : "";
        return Optional.of("setting " + key + " is not read by Mars and has no effect" + hint);
    }

    /** Levenshtein distance. */
    static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitute = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                cur[j] = Math.min(substitute, Math.min(prev[j], cur[j - 1]) + 1);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
