package io.mars.it.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.am.state.StateStoreConfig;
import io.mars.am.web.WebConfig;
import io.mars.common.tiling.TilingConfig;
import io.mars.container.WorkerConfig;
import io.mars.container.services.storage.StorageConfig;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * Pins the built-in defaults of every config class, and checks that conf/mars-defaults.properties documents every
 * key and sets nothing but those defaults (so the file and the code cannot drift apart).
 */
class ConfigDefaultsTest {
    private static final Path DEFAULTS = Path.of("..", "conf", "mars-defaults.properties");

    /** Every mars.* key a config class reads, with its built-in default ("" where unset means off). */
    private static final Map<String, String> KEYS = Map.ofEntries(
            Map.entry(TilingConfig.CHUNK_STORE_LIMIT, "16777216"),
            Map.entry(TilingConfig.COMBINE_SIZE, "4"),
            Map.entry(TilingConfig.SHUFFLE_GROUPS, "100000"),
            Map.entry(TilingConfig.BROADCAST_ROWS, "100000"),
            Map.entry(TilingConfig.CSV_CHUNK_BYTES, "67108864"),
            Map.entry(TilingConfig.COLUMN_CHUNK, "256"), // --- wide ---
            Map.entry(WorkerConfig.SLOTS, "1"),
            Map.entry(WorkerConfig.BLAS, "auto"),
            Map.entry(StorageConfig.CACHE_MEM, "50%"),
            Map.entry(StorageConfig.SOFT_LIMIT, "75%"),
            Map.entry(StorageConfig.HARD_LIMIT, "90%"),
            Map.entry(StorageConfig.SPILL_DIRS, ""),
            Map.entry(StorageConfig.SPILL_HDFS_DIR, ""),
            Map.entry(StorageConfig.SPILL_MAX_BYTES, "90%"),
            Map.entry(StateStoreConfig.QUORUM, ""),
            Map.entry(StateStoreConfig.ROOT, "/mars"),
            Map.entry(StateStoreConfig.BATCH_SIZE, "500"),
            Map.entry(io.mars.am.yarn.AmAttempts.MAX_ATTEMPTS, "1"),
            Map.entry(WebConfig.PORT, "0"),
            Map.entry(io.mars.submit.local.LocalWebConfig.PORT, "-1"),
            Map.entry(io.mars.am.yarn.ContainerFiles.NODE_CLASSPATH_PROPERTY, ""),
            Map.entry(io.mars.am.yarn.ContainerFiles.ARCHIVE_PROPERTY, ""),
            Map.entry(io.mars.am.services.scheduling.SchedulingConfig.MAX_ATTEMPTS, "4"),
            Map.entry(io.mars.am.yarn.ClientMode.KEEPALIVE_TIMEOUT, "60000"),
            Map.entry(io.mars.submit.client.YarnSessionProvider.HADOOP_CONF_DIR, ""),
            Map.entry(io.mars.submit.client.ClientModeApplication.AM_MEMORY, "1024"),
            Map.entry(io.mars.submit.client.ClientModeApplication.QUEUE, "default"),
            Map.entry(io.mars.submit.client.ClientModeApplication.JARS, ""),
            Map.entry(io.mars.submit.client.ClientConfig.MAX_RESULT_BYTES, "25%"),
            Map.entry(io.mars.submit.progress.ProgressConfig.INTERVAL, "10000"),
            Map.entry(io.mars.common.rpc.flight.RpcSecret.FILE_PROPERTY, "~/.mars/secret"),
            Map.entry(io.mars.am.history.EventLogConfig.DIR, ""),
            Map.entry(io.mars.am.history.EventLogConfig.HISTORY_ADDRESS, ""),
            Map.entry(io.mars.am.yarn.AppSpec.AM_JAVA_OPTIONS, ""),
            Map.entry(io.mars.am.yarn.WorkerSpec.JAVA_OPTIONS, ""),
            Map.entry(io.mars.am.yarn.KerberosConfig.PRINCIPAL, ""),
            Map.entry(io.mars.am.yarn.KerberosConfig.KEYTAB, ""),
            Map.entry(io.mars.am.yarn.KerberosConfig.POLL_INTERVAL, "60000"),
            Map.entry(io.mars.Eager.PROPERTY, "false"));

    @Test
    void builtInDefaultsArePinned() {
        TilingConfig tiling = TilingConfig.from(Map.of());
        assertThat(tiling.chunkStoreLimit()).isEqualTo(16L << 20);
        assertThat(tiling.combineSize()).isEqualTo(4);
        assertThat(tiling.shuffleGroups()).isEqualTo(100_000);
        assertThat(tiling.broadcastRows()).isEqualTo(100_000);
        assertThat(tiling.csvChunkBytes()).isEqualTo(64L << 20);
        assertThat(tiling.columnChunk()).isEqualTo(256); // --- wide ---
        assertThat(WorkerConfig.from(Map.of()).slots()).isEqualTo(1);
        assertThat(io.mars.container.kernels.BlasChoice.from(Map.of())).isEqualTo(io.mars.container.kernels.BlasChoice.AUTO);
        StorageConfig storage = StorageConfig.from(Map.of(), 1000, Map.of());
        assertThat(storage.cacheBytes()).isEqualTo(500);
        assertThat(storage.softLimit()).isEqualTo(0.75);
        assertThat(storage.hardLimit()).isEqualTo(0.9);
        assertThat(storage.spillDirs()).containsExactly(Path.of(System.getProperty("java.io.tmpdir")));
        assertThat(StorageConfig.from(Map.of(), 1000, Map.of("LOCAL_DIRS", "/d1,/d2")).spillDirs())
                .containsExactly(Path.of("/d1"), Path.of("/d2"));
        assertThat(storage.hdfsDir()).isNull();
        assertThat(storage.spillMax()).isEqualTo("90%");
        StateStoreConfig state = StateStoreConfig.from(Map.of());
        assertThat(state.quorum()).isNull();
        assertThat(state.root()).isEqualTo("/mars");
        assertThat(state.batchSize()).isEqualTo(500);
        assertThat(io.mars.am.services.scheduling.SchedulingConfig.from(Map.of()).maxAttempts()).isEqualTo(4);
        assertThat(io.mars.am.yarn.ClientMode.keepAliveTimeout(Map.of())).isEqualTo(java.time.Duration.ofSeconds(60));
        assertThat(io.mars.am.yarn.WorkerSpec.from(Map.of()))
                .isEqualTo(new io.mars.am.yarn.WorkerSpec(2, 1024, 1, 6, 2));
        assertThat(io.mars.am.yarn.WorkerSpec.from(Map.of("mars.yarn.workers", "4")).maxFailures()).isEqualTo(12);
        assertThat(io.mars.common.rpc.flight.HeartbeatConfig.from(Map.of())).isEqualTo(
                new io.mars.common.rpc.flight.HeartbeatConfig(java.time.Duration.ofSeconds(1), java.time.Duration.ofSeconds(15)));
        assertThat(WebConfig.from(Map.of()).port()).isZero();
        assertThat(io.mars.submit.local.LocalWebConfig.from(Map.of()).enabled()).isFalse();
        assertThat(io.mars.am.yarn.AmAttempts.requested(Map.of())).isEqualTo(1);
        assertThat(io.mars.submit.client.ClientConfig.from(Map.of()).maxResultBytes())
                .isEqualTo(Runtime.getRuntime().maxMemory() / 4);
        assertThat(io.mars.submit.progress.ProgressConfig.from(Map.of()).interval())
                .isEqualTo(java.time.Duration.ofSeconds(10));
        assertThat(io.mars.am.history.EventLogConfig.from(Map.of())).isEqualTo(
                new io.mars.am.history.EventLogConfig(java.util.Optional.empty(), java.util.Optional.empty()));
        assertThat(io.mars.Eager.requested(Map.of())).isFalse();
        assertThat(io.mars.am.yarn.KerberosConfig.from(Map.of())).isEqualTo(new io.mars.am.yarn.KerberosConfig(
                java.util.Optional.empty(), java.util.Optional.empty(), java.time.Duration.ofMinutes(1)));
        assertThat(io.mars.common.rpc.flight.RpcSecret.defaultFile())
                .isEqualTo(Path.of(System.getProperty("user.home"), ".mars", "secret"));
    }

    @Test
    void theReadmesConfigurationTableListsExactlyTheKeysMarsSubmitKnows() throws IOException {
        String readme = Files.readString(Path.of("..", "README.md"));
        int start = readme.indexOf("\n## Configuration");
        String section = readme.substring(start, readme.indexOf("\n## ", start + 1));
        java.util.Set<String> listed = new java.util.TreeSet<>();
        java.util.regex.Matcher row = java.util.regex.Pattern.compile("\n\\| `(mars\\.[a-z0-9.\\-]+)` \\|")
                .matcher(section);
        while (row.find()) {
            listed.add(row.group(1));
        }
        assertThat(listed).isEqualTo(new java.util.TreeSet<>(io.mars.submit.cli.KnownSettings.KEYS));
    }

    @Test
    void marsSubmitKnowsEveryKeySoItWarnsOnlyAboutTypos() {
        assertThat(io.mars.submit.cli.KnownSettings.KEYS).containsAll(KEYS.keySet());
    }

    @Test
    void theDefaultsFileDocumentsEveryKeyAndSetsOnlyTheDefaults() throws IOException {
        String text = Files.readString(DEFAULTS);
        for (String key : KEYS.keySet()) {
            assertThat(text).as("conf/mars-defaults.properties mentions " + key).contains(key + "=");
        }
        Properties set = new Properties();
        try (Reader r = Files.newBufferedReader(DEFAULTS)) {
            set.load(r);
        }
        for (String key : set.stringPropertyNames()) {
            assertThat(KEYS).as("a key the code reads").containsKey(key);
            assertThat(set.getProperty(key)).as("the file's value of " + key).isEqualTo(KEYS.get(key));
        }
    }
}
