package io.mars.am.yarn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.util.Map;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.junit.jupiter.api.Test;

/** Which AM attempt runs, how many the application gets, and which one is the last. */
class AmAttemptsTest {
    @Test
    void readsTheAttemptFromTheContainerIdAndKnowsTheLastOne() {
        YarnConfiguration conf = new YarnConfiguration();
        conf.setInt(YarnConfiguration.RM_AM_MAX_ATTEMPTS, 4);
        Map<String, String> twoAttempts = Map.of(AmAttempts.MAX_ATTEMPTS, "2");

        AmAttempts first = AmAttempts.ofThisContainer(
                Map.of("CONTAINER_ID", "container_1700000000000_0007_01_000001"), twoAttempts, conf);
        AmAttempts second = AmAttempts.ofThisContainer(
                Map.of("CONTAINER_ID", "container_e17_1700000000000_0007_02_000001"), twoAttempts, conf);

        assertThat(first.applicationId()).isEqualTo("application_1700000000000_0007");
        assertThat(first.attempt()).isEqualTo(1);
        assertThat(first.last()).isFalse();
        assertThat(second.applicationId()).isEqualTo(first.applicationId());
        assertThat(second.attempt()).isEqualTo(2);
        assertThat(second.last()).isTrue();
        // the default is one attempt: the first is the last
        assertThat(AmAttempts.ofThisContainer(Map.of("CONTAINER_ID", "container_1700000000000_0007_01_000001"),
                Map.of(), conf).last()).isTrue();
    }

    @Test
    void theFailuresValidityIntervalIsADurationOrUnset() {
        assertThat(AmAttempts.validityIntervalMs(Map.of())).isEqualTo(-1);
        assertThat(AmAttempts.validityIntervalMs(Map.of(AmAttempts.VALIDITY_INTERVAL, "3600000"))).isEqualTo(3_600_000);
        assertThat(AmAttempts.validityIntervalMs(Map.of(AmAttempts.VALIDITY_INTERVAL, "1h"))).isEqualTo(3_600_000);
        assertThat(AmAttempts.validityIntervalMs(Map.of(AmAttempts.VALIDITY_INTERVAL, "90 s"))).isEqualTo(90_000);
        assertThat(AmAttempts.validityIntervalMs(Map.of(AmAttempts.VALIDITY_INTERVAL, "5m"))).isEqualTo(300_000);
        assertThat(AmAttempts.validityIntervalMs(Map.of(AmAttempts.VALIDITY_INTERVAL, "250ms"))).isEqualTo(250);
        for (String bad : new String[] {"0", "-5", "1d", "soon", "1.5h"}) {
            assertThatThrownBy(() -> AmAttempts.validityIntervalMs(Map.of(AmAttempts.VALIDITY_INTERVAL, bad)))
                    .isInstanceOfSatisfying(MarsException.class,
                            e -> assertThat(e.code()).isEqualTo(ErrorCode.INVALID_CONFIG))
                    .hasMessageContaining(AmAttempts.VALIDITY_INTERVAL).hasMessageContaining("'" + bad + "'");
        }
    }

    @Test
    void aRequestAboveTheClustersMaximumGetsTheMaximum() {
        YarnConfiguration conf = new YarnConfiguration();
        conf.setInt(YarnConfiguration.RM_AM_MAX_ATTEMPTS, 3);
        assertThat(AmAttempts.effective(Map.of(AmAttempts.MAX_ATTEMPTS, "5"), conf)).isEqualTo(3);
        assertThat(AmAttempts.effective(Map.of(AmAttempts.MAX_ATTEMPTS, "2"), conf)).isEqualTo(2);
        // the global maximum, when set, is the cap
        conf.setInt(YarnConfiguration.GLOBAL_RM_AM_MAX_ATTEMPTS, 4);
        assertThat(AmAttempts.effective(Map.of(AmAttempts.MAX_ATTEMPTS, "5"), conf)).isEqualTo(4);
    }

    @Test
    void rejectsAnInvalidRequestNamingTheKeyAndValue() {
        for (String bad : new String[] {"0", "-1", "two", ""}) {
            assertThatThrownBy(() -> AmAttempts.requested(Map.of(AmAttempts.MAX_ATTEMPTS, bad)))
                    .isInstanceOf(MarsException.class)
                    .hasMessageContaining("mars.yarn.am.max-attempts").hasMessageContaining("'" + bad + "'")
                    .satisfies(e -> assertThat(((MarsException) e).code()).isEqualTo(ErrorCode.INVALID_CONFIG));
        }
        assertThatThrownBy(() -> AmAttempts.ofThisContainer(Map.of(), Map.of(), new YarnConfiguration()))
                .isInstanceOf(MarsException.class).hasMessageContaining("CONTAINER_ID");
    }
}
