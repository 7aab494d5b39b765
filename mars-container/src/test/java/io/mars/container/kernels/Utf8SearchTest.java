package io.mars.container.kernels;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.common.operand.dataframe.AccessorFn;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VarCharVector;
import org.junit.jupiter.api.Test;

/** The byte-level string tests agree with Java's String and Pattern on random values, multi-byte and with nulls. */
class Utf8SearchTest {
    /** Letters, a multi-byte letter, a four-byte one, and every line terminator Java's '.' does not match. */
    private static final String[] ALPHABET = {"a", "b", "c", " ", "é", "\uD83D\uDE00", "\n", "\r", "\u0085", "\u2028",
        "\u2029", "\u00C2"};

    @Test
    void everyTestAgreesWithJavaOnRandomValues() {
        Random random = new Random(15);
        List<String> values = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            values.add(i % 17 == 0 ? null : word(random, random.nextInt(12)));
        }
        String[] literals = {"", "a", "ab", "é", "\uD83D\uDE00a", "b c", "abcabc", "\u00C2"};
        String[] regexes = {"a.*b", ".*", "a.*", ".*é", "ab.*c.*a", "é.*\uD83D\uDE00", "c.*.*a"};
        try (BufferAllocator allocator = new RootAllocator(); VarCharVector v = vector(values, allocator)) {
            int n = values.size();
            for (String p : literals) {
                check(AccessorFn.STR_CONTAINS, p, v, values, s -> s.contains(p));
                check(AccessorFn.STR_STARTSWITH, p, v, values, s -> s.startsWith(p));
                check(AccessorFn.STR_ENDSWITH, p, v, values, s -> s.endsWith(p));
            }
            for (String r : regexes) {
                Pattern pattern = Pattern.compile(r);
                check(AccessorFn.STR_CONTAINS_REGEX, r, v, values, s -> pattern.matcher(s).find());
            }
            assertThat(Utf8Search.test(AccessorFn.STR_CONTAINS_REGEX, "a+b", v, n)).as("not literal pieces").isNull();
            assertThat(Utf8Search.test(AccessorFn.STR_CONTAINS_REGEX, "a\\.*b", v, n)).isNull();
            assertThat(Utf8Search.test(AccessorFn.STR_LEN, "", v, n)).as("not a test").isNull();
        }
    }

    @Test
    void piecesAreFoundInOrderWithoutOverlap() {
        byte[] data = "xaba".getBytes(StandardCharsets.UTF_8);
        assertThat(Utf8Search.inOrder(data, 0, 4, Utf8Search.literalPieces("ab.*ba"))).isFalse();
        assertThat(Utf8Search.inOrder(data, 0, 4, Utf8Search.literalPieces("ab.*a"))).isTrue();
        assertThat(Utf8Search.inOrder(data, 1, 3, Utf8Search.literalPieces("ab"))).isTrue();
        assertThat(Utf8Search.inOrder(data, 2, 4, Utf8Search.literalPieces("ab"))).as("bounded by the value").isFalse();
        assertThat(Utf8Search.indexOf(data, 0, 4, "ba".getBytes(StandardCharsets.UTF_8))).isEqualTo(2);
    }

    private interface Expected {
        boolean test(String s);
    }

    private static void check(AccessorFn fn, String pattern, VarCharVector v, List<String> values, Expected expected) {
        long[] got = Utf8Search.test(fn, pattern, v, values.size());
        assertThat(got).as(fn + " " + pattern).isNotNull();
        for (int i = 0; i < values.size(); i++) {
            String s = values.get(i);
            long want = s != null && expected.test(s) ? 1 : 0;
            assertThat(got[i]).as("%s '%s' of value %d '%s'", fn, pattern, i, s).isEqualTo(want);
        }
    }

    private static String word(Random random, int length) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < length; i++) {
            b.append(ALPHABET[random.nextInt(random.nextInt(4) == 0 ? ALPHABET.length : 6)]);
        }
        return b.toString();
    }

    private static VarCharVector vector(List<String> values, BufferAllocator allocator) {
        VarCharVector v = new VarCharVector("s", allocator);
        v.allocateNew();
        for (int i = 0; i < values.size(); i++) {
            if (values.get(i) == null) {
                v.setNull(i);
            } else {
                v.setSafe(i, values.get(i).getBytes(StandardCharsets.UTF_8));
            }
        }
        v.setValueCount(values.size());
        return v;
    }
}
