package io.mars.dataframe;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;

/** Date and date-time literals as datetime64[ns] values: nanoseconds since the epoch, UTC. */
final class Timestamps {
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private Timestamps() {
    }

    static long nanos(LocalDate d) {
        return Math.multiplyExact(d.toEpochDay(), 86_400L * NANOS_PER_SECOND);
    }

    static long nanos(LocalDateTime t) {
        return Math.addExact(Math.multiplyExact(t.toEpochSecond(ZoneOffset.UTC), NANOS_PER_SECOND), t.getNano());
    }

    /** {@code 1998-09-02}, {@code 1998-09-02 10:30[:15[.5]]} or with a {@code T}, as pandas reads them. */
    static long parse(String text) {
        String t = text.trim();
        try {
            if (t.length() <= 10) {
                return nanos(LocalDate.parse(t));
            }
            return nanos(LocalDateTime.parse(t.replace(' ', 'T')));
        } catch (DateTimeParseException | ArithmeticException e) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "'" + text + "' is not a date or date-time; write it"
                    + " as 1998-09-02 or 1998-09-02 10:30:00");
        }
    }
}
