package io.mars.it.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.am.state.StateStoreConfig;
import io.mars.am.web.WebConfig;
import io.mars.common.tiling.TilingConfig;
import io.mars.container.WorkerConfig;
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
    private static final Map<String, String> KEYS = Map.of(
            TilingConfig.CHUNK_STORE_LIMIT, "16777216",
            TilingConfig.COMBINE_SIZE, "4",
            WorkerConfig.SLOTS, "1",
            StateStoreConfig.QUORUM, "",
            StateStoreConfig.ROOT, "/mars",
            StateStoreConfig.BATCH_SIZE, "500",
            WebConfig.PORT, "0");

    @Test
    void builtInDefaultsArePinned() {
        TilingConfig tiling = TilingConfig.from(Map.of());
        assertThat(tiling.chunkStoreLimit()).isEqualTo(16L << 20);
        assertThat(tiling.combineSize()).isEqualTo(4);
        assertThat(WorkerConfig.from(Map.of()).slots()).isEqualTo(1);
        StateStoreConfig state = StateStoreConfig.from(Map.of());
        assertThat(state.quorum()).isNull();
        assertThat(state.root()).isEqualTo("/mars");
        assertThat(state.batchSize()).isEqualTo(500);
        assertThat(io.mars.am.yarn.WorkerSpec.from(Map.of()))
                .isEqualTo(new io.mars.am.yarn.WorkerSpec(2, 1024, 1, 6));
        assertThat(io.mars.am.yarn.WorkerSpec.from(Map.of("mars.yarn.workers", "4")).maxFailures()).isEqualTo(12);
        assertThat(WebConfig.from(Map.of()).port()).isZero();
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
