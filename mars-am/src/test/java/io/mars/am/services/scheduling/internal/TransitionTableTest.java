package io.mars.am.services.scheduling.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TransitionTableTest {
    private enum Light { RED, GREEN }

    private enum Signal { GO, STOP }

    @Test
    void givesTheDeclaredTargetAndNullForAnythingElse() {
        TransitionTable<Light, Signal> t = TransitionTable.builder(Light.class, Signal.class)
                .add(Light.RED, Signal.GO, Light.GREEN).add(Light.GREEN, Signal.STOP, Light.RED).build();
        assertThat(t.next(Light.RED, Signal.GO)).isEqualTo(Light.GREEN);
        assertThat(t.next(Light.GREEN, Signal.STOP)).isEqualTo(Light.RED);
        assertThat(t.next(Light.RED, Signal.STOP)).isNull();
        assertThat(t.next(Light.GREEN, Signal.GO)).isNull();
        assertThat(t.state(1)).isEqualTo(Light.GREEN);
        assertThat(t.transitions()).hasSize(2);
    }

    @Test
    void refusesTwoTransitionsForOneStateAndEvent() {
        assertThatThrownBy(() -> TransitionTable.builder(Light.class, Signal.class)
                .add(Light.RED, Signal.GO, Light.GREEN).add(Light.RED, Signal.GO, Light.RED).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("GO in RED");
    }
}
