package io.mars.common.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.types.Column;
import io.mars.types.DType;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.junit.jupiter.api.Test;

/** A string column read from Arrow holds the values written, whether they repeat a lot, rarely, or are long. */
class Utf8StringsTest {
    @Test
    void fewDistinctValuesRoundTripAndShareOneStringEach() {
        Random random = new Random(5);
        List<String> words = List.of("MAIL", "SHIP", "", "é", "\uD834\uDD1E", "R", "F");
        List<String> values = new ArrayList<>();
        for (int i = 0; i < 10_001; i++) {
            values.add(random.nextInt(9) == 0 ? null : words.get(random.nextInt(words.size())));
        }
        List<String> back = roundTrip(values);
        assertThat(back).isEqualTo(values);
        String first = back.get(values.indexOf("SHIP"));
        assertThat(back.stream().filter("SHIP"::equals).allMatch(s -> s == first)).isTrue();
    }

    @Test
    void shortValuesThatDifferOnlyInLengthOrZeroBytesStayApart() {
        Random random = new Random(7);
        List<String> words = List.of("", "\0", "\0\0", "a", "a\0", "\0a", "ÿ", "\u00ff\u0000", "abcdefg", "abcdefgh",
                "abcdefg\0", "bcdefga", "\uD834\uDD1E\u00e9\u0001");
        List<String> values = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            values.add(random.nextInt(11) == 0 ? null : words.get(random.nextInt(words.size())));
        }
        assertThat(roundTrip(values)).isEqualTo(values);
    }

    @Test
    void distinctAndLongValuesRoundTrip() {
        Random random = new Random(6);
        List<String> values = new ArrayList<>();
        for (int i = 0; i < 9_000; i++) {
            int length = random.nextInt(i < 4_000 ? 12 : 80);
            StringBuilder b = new StringBuilder();
            for (int k = 0; k < length; k++) {
                b.append(k % 7 == 3 ? (char) ('α' + random.nextInt(20)) : (char) ('a' + random.nextInt(26)));
            }
            values.add(i % 97 == 0 ? null : b.toString());
        }
        assertThat(roundTrip(values)).isEqualTo(values);
        assertThat(roundTrip(List.of())).isEmpty();
    }

    private static List<String> roundTrip(List<String> values) {
        try (BufferAllocator allocator = new RootAllocator();
             FieldVector v = ArrowTables.toVector(Column.of("s", DType.STRING, values), allocator)) {
            return ArrowTables.toColumn(v, values.size()).strings();
        }
    }
}
