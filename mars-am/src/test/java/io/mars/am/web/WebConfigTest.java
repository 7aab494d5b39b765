package io.mars.am.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WebConfigTest {
    @Test
    void readsThePort() {
        assertThat(WebConfig.from(Map.of(WebConfig.PORT, " 8090 ")).port()).isEqualTo(8090);
    }

    @Test
    void aPortThatIsNoNumberOrOutOfRangeIsAConfigErrorNamingKeyAndValue() {
        assertThatThrownBy(() -> WebConfig.from(Map.of(WebConfig.PORT, "http")))
                .isInstanceOf(MarsException.class)
                .hasMessageContaining(WebConfig.PORT).hasMessageContaining("'http'")
                .satisfies(e -> assertThat(((MarsException) e).code()).isEqualTo(ErrorCode.INVALID_CONFIG));
        assertThatThrownBy(() -> WebConfig.from(Map.of(WebConfig.PORT, "70000")))
                .isInstanceOf(MarsException.class)
                .hasMessageContaining(WebConfig.PORT).hasMessageContaining("70000");
    }

    @Test
    void aPortInUseFailsTheStartWithAMessageNamingTheKey() throws Exception {
        try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"));
                AmWebServer web = new AmWebServer("127.0.0.1", new WebConfig(taken.getLocalPort()), java.util.List::of,
                        java.util.Optional.empty())) {
            assertThatThrownBy(web::start).isInstanceOf(MarsException.class)
                    .hasMessageContaining(String.valueOf(taken.getLocalPort())).hasMessageContaining(WebConfig.PORT);
        }
    }
}
