package io.mars.submit.progress;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StderrTerminalTest {
    private final PrintStream captured = new PrintStream(new ByteArrayOutputStream());

    @Test
    void theLaunchersAnswerDecides() {
        assertThat(StderrTerminal.columns(Map.of(StderrTerminal.COLUMNS_ENV, "132"), System.err)).isEqualTo(132);
        assertThat(StderrTerminal.columns(Map.of(StderrTerminal.COLUMNS_ENV, "0"), System.err)).isZero();
        assertThat(StderrTerminal.columns(Map.of(StderrTerminal.COLUMNS_ENV, "wide"), System.err)).isZero();
    }

    @Test
    void withoutItAStreamOtherThanTheJvmsStderrIsNoTerminal() {
        assertThat(StderrTerminal.columns(Map.of("COLUMNS", "132"), captured)).isZero();
        // a test JVM has no console
        assertThat(StderrTerminal.columns(Map.of(), System.err)).isEqualTo(System.console() == null ? 0 : 80);
    }
}
