package io.mars.common.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The lexer states composed from byte ranges find, from any offset, the same record starts as the tokenizer reading
 * the whole text from its start: checked on random texts made of quotes, delimiters, CR, LF and letters.
 */
class CsvStatesTest {
    private static final byte[] ALPHABET = {'"', '"', ',', '\n', '\r', 'a', 'b', ' '};
    /** Without quotes the scan takes its fast path (all states outside quotes meet at a block's last line break). */
    private static final byte[] NO_QUOTES = {',', '\n', '\r', 'a', 'b', ' ', 'c', 'd'};

    @Test
    void fromAnyOffsetTheNextRecordIsTheOneTheTokenizerFindsFromTheStart() throws IOException {
        check(ALPHABET, 42);
    }

    @Test
    void theSameWithoutQuotes() throws IOException {
        check(NO_QUOTES, 7);
    }

    private static void check(byte[] alphabet, long seed) throws IOException {
        Random rnd = new Random(seed);
        CsvStates states = new CsvStates(',');
        for (int round = 0; round < 304; round++) {
            // the last rounds span several of the scan's 64 KiB blocks
            byte[] text = new byte[round < 300 ? 1 + rnd.nextInt(200) : 150_000 + rnd.nextInt(100_000)];
            for (int i = 0; i < text.length; i++) {
                text[i] = alphabet[rnd.nextInt(alphabet.length)];
            }
            List<Long> starts = recordStarts(text);
            // cut the text at random points into ranges, compose their transfer functions
            List<Integer> cuts = new ArrayList<>(List.of(0));
            while (cuts.get(cuts.size() - 1) < text.length) {
                int step = text.length > 1000 ? 1 + rnd.nextInt(90_000) : 1 + rnd.nextInt(17);
                cuts.add(Math.min(text.length, cuts.get(cuts.size() - 1) + step));
            }
            long[][] transfers = new long[cuts.size() - 2][];
            for (int k = 0; k < transfers.length; k++) {
                transfers[k] = states.transfer(new ByteArrayInputStream(text, cuts.get(k), text.length),
                        cuts.get(k + 1) - cuts.get(k));
            }
            long[] startStates = CsvStates.startStates(transfers);
            assertEquals(cuts.size() - 1, startStates.length);
            for (int k = 1; k < startStates.length; k++) {
                int at = cuts.get(k);
                CsvTokenizer t = new CsvTokenizer(new ByteArrayInputStream(text, at, text.length), ',', at);
                long expected = starts.stream().filter(s -> s >= at).findFirst().orElse(-1L);
                boolean found = t.skipToRecordStart(states, (int) startStates[k]);
                assertEquals(expected, found ? t.position() : -1L,
                        "round " + round + ", offset " + at + " of '" + new String(text).replace("\n", "\\n")
                                .replace("\r", "\\r") + "'");
            }
        }
    }

    @Test
    void aTransferOfNoBytesIsTheIdentity() throws IOException {
        long[] identity = new long[CsvStates.COUNT];
        for (int s = 0; s < identity.length; s++) {
            identity[s] = s;
        }
        assertArrayEquals(identity, new CsvStates(';').transfer(new ByteArrayInputStream(new byte[0]), 0));
    }

    /** The positions where the tokenizer, reading from the start, begins each record. */
    private static List<Long> recordStarts(byte[] text) throws IOException {
        CsvTokenizer t = new CsvTokenizer(new ByteArrayInputStream(text), ',', 0);
        List<Long> out = new ArrayList<>();
        List<String> fields = new ArrayList<>();
        while (true) {
            long at = t.position();
            if (!t.next(fields)) {
                return out;
            }
            out.add(at);
        }
    }
}
