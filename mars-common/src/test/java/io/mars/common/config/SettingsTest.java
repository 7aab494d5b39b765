package io.mars.common.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SettingsTest {
    @Test
    void absentKeysGiveTheDefaultAndValuesAreTrimmed() {
        Map<String, String> conf = Map.of("mars.a", " 42 ", "mars.b", "-7");
        assertThat(Settings.longValue(conf, "mars.a", 1)).isEqualTo(42);
        assertThat(Settings.intValue(conf, "mars.b", 1)).isEqualTo(-7);
        assertThat(Settings.longValue(conf, "mars.missing", 5)).isEqualTo(5);
        assertThat(Settings.intValue(conf, "mars.missing", 6)).isEqualTo(6);
    }

    @Test
    void aValueThatIsNoWholeNumberNamesKeyValueAndWhatIsExpected() {
        Map<String, String> conf = Map.of("mars.t", "10s", "mars.big", "3000000000");
        assertThatThrownBy(() -> Settings.longValue(conf, "mars.t", 1, "a whole number of ms"))
                .isInstanceOfSatisfying(MarsException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.INVALID_CONFIG))
                .hasMessageContaining("mars.t must be a whole number of ms, got '10s'");
        assertThat(Settings.longValue(conf, "mars.big", 1)).isEqualTo(3_000_000_000L);
        assertThatThrownBy(() -> Settings.intValue(conf, "mars.big", 1))
                .hasMessageContaining("mars.big must be a whole number, got '3000000000'");
    }
}
