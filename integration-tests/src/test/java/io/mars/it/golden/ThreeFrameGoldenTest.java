package io.mars.it.golden;

import com.fasterxml.jackson.databind.JsonNode;
import io.mars.submit.client.ClientSession;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A golden test of three-frame cases (see {@link DataFrameGoldenTest#assertThreeFrameCase}): every case its pandas
 * script wrote has an expression here and the other way round, and each expression gives pandas' answer under every
 * chunking of {@link DataFrameGoldenTest#CHUNKINGS}. A subclass names its golden file and second frame, and builds its
 * cases.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class ThreeFrameGoldenTest {
    private final JsonNode golden;
    private final String other;

    /** {@code goldenFile} on the test class path; {@code other}: the name of the cases' second frame. */
    ThreeFrameGoldenTest(String goldenFile, String other) {
        this.golden = DataFrameGoldenTest.loadGolden(goldenFile);
        this.other = other;
    }

    /** The cases by name, as the script names them. */
    abstract Map<String, DataFrameGoldenTest.ThreeFrames> cases();

    /** The session the cases run in. */
    abstract ClientSession session();

    Stream<Arguments> goldenCases() {
        return DataFrameGoldenTest.caseArguments(golden, DataFrameGoldenTest.CHUNKINGS);
    }

    @Test
    void everyGoldenCaseHasAnExpressionAndViceVersa() {
        DataFrameGoldenTest.assertSameCases(golden, cases().keySet());
    }

    @ParameterizedTest(name = "{0} rows/chunk={1}")
    @MethodSource("goldenCases")
    void matchesPandas(String name, long chunkRows) {
        DataFrameGoldenTest.assertThreeFrameCase(golden, other, name, chunkRows, cases().get(name), session());
    }
}
