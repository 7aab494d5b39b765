package io.mars.common.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class KeysTest {
    @Test
    void aKeySplitsBeforeTheNumberEndingItWhenPrefixAndNumberSpellItAgain() {
        assertThat(Keys.numberStart("t1a-2.m0_41")).isEqualTo(9);
        assertThat(Keys.numberStart("t1a-2.0")).isEqualTo(6);
        assertThat(Keys.numberStart("t1a-17")).isEqualTo(4);
        assertThat(Keys.numberStart("t1a-2.07")).as("a leading zero").isEqualTo(-1);
        assertThat(Keys.numberStart("t.1234567890")).as("more than 9 digits").isEqualTo(-1);
        assertThat(Keys.numberStart("t.123456789")).isEqualTo(2);
        assertThat(Keys.numberStart("t1a-2.x")).isEqualTo(-1);
        assertThat(Keys.numberStart("42")).as("only digits").isEqualTo(-1);
        assertThat(Keys.numberStart("")).isEqualTo(-1);
        for (String key : new String[] {"t1a-2.m0_41", "a0", "tz.9", "t.123456789"}) {
            int s = Keys.numberStart(key);
            assertThat(key.substring(0, s) + Integer.parseInt(key.substring(s))).isEqualTo(key);
        }
    }
}
