package io.mars.am.services.scheduling.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class KeyIndexTest {
    @Test
    void numbersKeysInTheOrderFirstSeenAndFindsThemAgain() {
        KeyIndex index = new KeyIndex(1000);
        for (int i = 0; i < 1000; i++) {
            assertThat(index.indexOf("k" + i)).isEqualTo(i);
        }
        assertThat(index.indexOf("k7")).isEqualTo(7);
        assertThat(index.find("k999")).isEqualTo(999);
        assertThat(index.find("absent")).isEqualTo(-1);
        assertThat(index.size()).isEqualTo(1000);
        assertThat(index.keysByIndex()[42]).isEqualTo("k42");
    }
}
