package io.mars.container.services.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StorageConfigTest {
    private static StorageConfig from(Map<String, String> conf) {
        return StorageConfig.from(conf, 4000, Map.of());
    }

    private static void rejects(Map<String, String> conf, String... mentions) {
        assertThatThrownBy(() -> from(conf)).isInstanceOf(MarsException.class)
                .satisfies(e -> assertThat(((MarsException) e).code()).isEqualTo(ErrorCode.INVALID_CONFIG))
                .hasMessageContainingAll(mentions);
    }

    @Test
    void cacheMemIsBytesOrAPercentageOfTheWorkersMemory() {
        assertThat(from(Map.of(StorageConfig.CACHE_MEM, "1234")).cacheBytes()).isEqualTo(1234);
        assertThat(from(Map.of(StorageConfig.CACHE_MEM, "25%")).cacheBytes()).isEqualTo(1000);
        StorageConfig c = from(Map.of(StorageConfig.CACHE_MEM, "1000", StorageConfig.SOFT_LIMIT, "50%",
                StorageConfig.HARD_LIMIT, "80"));
        assertThat(c.softBytes()).isEqualTo(500);
        assertThat(c.hardBytes()).isEqualTo(800);
    }

    @Test
    void spillDirsAreAListOrNone() {
        assertThat(from(Map.of(StorageConfig.SPILL_DIRS, " /a , /b,")).spillDirs())
                .containsExactly(Path.of("/a"), Path.of("/b"));
        assertThat(from(Map.of(StorageConfig.SPILL_DIRS, "none")).spillDirs()).isEmpty();
        assertThat(StorageConfig.from(Map.of(), 4000, Map.of("LOCAL_DIRS", "/y1,/y2")).spillDirs())
                .containsExactly(Path.of("/y1"), Path.of("/y2"));
    }

    @Test
    void badValuesAreRejectedNamingTheKeyAndValue() {
        rejects(Map.of(StorageConfig.CACHE_MEM, "lots"), StorageConfig.CACHE_MEM, "'lots'");
        rejects(Map.of(StorageConfig.CACHE_MEM, "0"), StorageConfig.CACHE_MEM, "'0'");
        rejects(Map.of(StorageConfig.CACHE_MEM, "150%"), StorageConfig.CACHE_MEM, "'150%'");
        rejects(Map.of(StorageConfig.SOFT_LIMIT, "95%"), StorageConfig.SOFT_LIMIT, "95.0%", "90.0%");
        rejects(Map.of(StorageConfig.HARD_LIMIT, "x"), StorageConfig.HARD_LIMIT, "'x'");
        rejects(Map.of(StorageConfig.SPILL_DIRS, " , "), StorageConfig.SPILL_DIRS);
    }
}
