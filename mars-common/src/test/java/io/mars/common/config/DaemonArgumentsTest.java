package io.mars.common.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DaemonArgumentsTest {
    private static final Set<String> OPTIONS = Set.of("--port", "--phy-mem", "--spill-dir", "--slots");
    private static final Map<String, String> ALIASES = Map.of("-p", "--port");

    private static DaemonArguments parse(String... args) {
        return DaemonArguments.parse(args, OPTIONS, ALIASES);
    }

    @Test
    void readsLongShortAndEqualsFormsAndRepeatedConf() {
        DaemonArguments a = parse("-p", "7103", "--phy-mem=8g", "--conf", "mars.a=1", "--conf=mars.b= 2 ",
                "--spill-dir", "/a::/b:");
        assertThat(a.port("--port", 1)).isEqualTo(7103);
        assertThat(a.value("--phy-mem")).contains("8g");
        assertThat(a.conf()).containsExactlyInAnyOrderEntriesOf(Map.of("mars.a", "1", "mars.b", "2"));
        assertThat(a.list("--spill-dir", ":")).containsExactly("/a", "/b");
        assertThat(a.positive("--slots", 3)).isEqualTo(3);
        assertThat(a.help()).isFalse();
        assertThat(parse("--help").help()).isTrue();
    }

    @ParameterizedTest
    @CsvSource({"4g, 4294967296", "512M, 536870912", "1024, 1024", "2k, 2048", "1t, 1099511627776", "50%, 500",
            "12.5%, 125"})
    void sizesTakeSuffixesAndPercentages(String value, long bytes) {
        assertThat(parse().bytes("--phy-mem", value, 1000)).isEqualTo(bytes);
    }

    @ParameterizedTest
    @CsvSource({"0", "-1g", "lots", "4x", "0%", "101%", "g", "99999999999t"})
    void badSizesNameTheOptionAndValue(String value) {
        assertThatThrownBy(() -> parse().bytes("--phy-mem", value, 1000))
                .isInstanceOfSatisfying(MarsException.class, e -> assertThat(e.code()).isEqualTo(
                        ErrorCode.INVALID_ARGUMENT))
                .hasMessageContaining("--phy-mem " + value);
    }

    @Test
    void mistakesAreUsageErrorsNamingWhatWasWrong() {
        for (List<String> args : List.of(List.of("--bogus", "1"), List.of("--port"), List.of("--conf", "x=1"),
                List.of("--conf", "mars.x"), List.of("-p", "1", "--port", "2"))) {
            assertThatThrownBy(() -> parse(args.toArray(String[]::new)))
                    .as("%s", args)
                    .isInstanceOfSatisfying(MarsException.class, e -> assertThat(e.code()).isEqualTo(
                            ErrorCode.INVALID_ARGUMENT));
        }
        assertThatThrownBy(() -> parse("-p", "70000").port("--port", 0)).hasMessageContaining("--port 70000");
        assertThatThrownBy(() -> parse("--slots", "0").positive("--slots", 1)).hasMessageContaining("--slots 0");
    }
}
