package io.mars.it.golden;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.ErrorKind;
import io.mars.common.error.MarsException;
import java.util.function.Consumer;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;

/** The check every bad-input test makes: the call fails with a user error of the given code and message. */
final class UserErrors {
    private UserErrors() {
    }

    static void assertUserError(ThrowingCallable call, ErrorCode code, Consumer<String> message) {
        assertThatThrownBy(call)
                .isInstanceOfSatisfying(MarsException.class, e -> {
                    assertThat(e.code()).as("code of %s", e).isEqualTo(code);
                    assertThat(e.kind()).as("kind of %s", e).isEqualTo(ErrorKind.USER);
                    message.accept(e.getMessage());
                });
    }

    /** The call fails with a MarsException of the given code whose message holds every fragment. */
    static void assertFails(ThrowingCallable call, ErrorCode code, String... fragments) {
        var a = assertThatThrownBy(call).isInstanceOfSatisfying(MarsException.class,
                e -> assertThat(e.code()).isEqualTo(code));
        for (String f : fragments) {
            a.hasMessageContaining(f);
        }
    }

    /** The message without blanks, so {@code (3, 4)} and numpy's {@code (3,4)} both match. */
    static String compact(String message) {
        return message.replace(" ", "");
    }
}
