package io.mars.submit.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class MasterTest {
    @ParameterizedTest
    @ValueSource(strings = {"local", "local[1]", "local[16]", "local[*]"})
    void acceptsLocalMasters(String spec) {
        assertThat(Master.parse(spec, "--master").spec()).isEqualTo(spec);
    }

    @ParameterizedTest
    @ValueSource(strings = {"local[0]", "local[x]", "local[]", "local[-2]", "local[ 2]", "local[2", "LOCAL",
            "local[2]x", "", "mesos://host", "mars://host", "mars://host:0", "mars://host:70000", "mars://:7103",
            "mars://host:7103/x", "mars://host:port"})
    void rejectsMalformedMastersNamingThem(String spec) {
        assertThatThrownBy(() -> Master.parse(spec, "--master"))
                .isInstanceOfSatisfying(MarsException.class,
                        e -> assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT))
                .hasMessageContaining("--master")
                .hasMessageContaining(spec);
    }

    @org.junit.jupiter.api.Test
    void acceptsYarn() {
        assertThat(Master.parse("yarn", "--master").isYarn()).isTrue();
        assertThat(Master.parse("local[2]", "--master").isYarn()).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"mars://127.0.0.1:7103", "mars://sup.example.com:1", "mars://h:65535"})
    void acceptsAStandaloneSupervisor(String spec) {
        Master master = Master.parse(spec, "--master");
        assertThat(master.spec()).isEqualTo(spec);
        assertThat(master.isStandalone()).isTrue();
        assertThat(master.isYarn()).isFalse();
        assertThat(Master.parse("local[2]", "--master").isStandalone()).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"yarn-cluster", "yarn-client"})
    void rejectsOldSparkStyleYarnMastersPointingAtYarn(String spec) {
        assertThatThrownBy(() -> Master.parse(spec, "--master"))
                .hasMessageContaining("master '" + spec + "' is not supported; use yarn");
    }
}
