package io.mars.it.golden;

import static io.mars.it.golden.ElementwiseGoldenExpressions.MANIFEST;
import static org.assertj.core.api.Assertions.assertThat;

import io.mars.tensor.Tensor;
import io.mars.types.NDArray;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The element-wise surface (math, rounding, logical, bitwise, where, clip, nan_to_num, astype) gives numpy's shape,
 * dtype and values on the embedded two-worker cluster, whatever the chunking. Expected arrays come from
 * {@code src/test/python/golden_elementwise.py}; see {@code golden/elementwise/cases.tsv}.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ElementwiseGoldenTest {
    private static final List<String> GROUPS = List.of("unary", "binary", "promotion", "scalar", "broadcast",
            "logical", "bitwise", "predicate", "where", "clip", "around", "nan_to_num", "astype", "empty");
    /** The promotion table has many cases: two chunkings (one and several chunks per operand) say enough there. */
    private static final Set<Chunking> PROMOTION_CHUNKINGS = Set.of(Chunking.WHOLE, Chunking.MIXED);

    @RegisterExtension
    static final SharedSession CLUSTER = SharedSession.local(2);

    static Stream<Arguments> casesOf(String group) {
        Set<Chunking> tried = group.equals("promotion") ? PROMOTION_CHUNKINGS : EnumSet.allOf(Chunking.class);
        return Chunking.casesWithChunkings(MANIFEST.group(group), tried, MANIFEST::operandShapes, c -> false);
    }

    static Stream<Arguments> unary() { return casesOf("unary"); }
    static Stream<Arguments> binary() { return casesOf("binary"); }
    static Stream<Arguments> promotion() { return casesOf("promotion"); }
    static Stream<Arguments> scalar() { return casesOf("scalar"); }
    static Stream<Arguments> broadcast() { return casesOf("broadcast"); }
    static Stream<Arguments> logical() { return casesOf("logical"); }
    static Stream<Arguments> bitwise() { return casesOf("bitwise"); }
    static Stream<Arguments> predicate() { return casesOf("predicate"); }
    static Stream<Arguments> where() { return casesOf("where"); }
    static Stream<Arguments> clip() { return casesOf("clip"); }
    static Stream<Arguments> around() { return casesOf("around"); }
    static Stream<Arguments> nanToNum() { return casesOf("nan_to_num"); }
    static Stream<Arguments> astype() { return casesOf("astype"); }
    static Stream<Arguments> empty() { return casesOf("empty"); }

    @ParameterizedTest(name = "{0} [{1}]")
    @MethodSource("unary")
    void computesUnaryFunctionsAsNumpy(GoldenCase c, Chunking chunking) {
        check(c, chunking);
    }

    @ParameterizedTest(name = "{0} [{1}]")
    @MethodSource("binary")
    void computesBinaryFunctionsAsNumpy(GoldenCase c, Chunking chunking) {
        check(c, chunking);
    }

    @ParameterizedTest(name = "{0} [{1}]")
    @MethodSource("promotion")
    void promotesMixedDtypesAsNumpy(GoldenCase c, Chunking chunking) {
        check(c, chunking);
    }

    @ParameterizedTest(name = "{0} [{1}]")
    @MethodSource("scalar")
    void treatsScalarsOnEitherSideAsWeak(GoldenCase c, Chunking chunking) {
        check(c, chunking);
    }

    @ParameterizedTest(name = "{0} [{1}]")
    @MethodSource("broadcast")
    void broadcastsAsNumpy(GoldenCase c, Chunking chunking) {
        check(c, chunking);
    }

    @ParameterizedTest(name = "{0} [{1}]")
    @MethodSource("logical")
    void readsAnyDtypeAsTruthInLogicalFunctions(GoldenCase c, Chunking chunking) {
        check(c, chunking);
    }

    @ParameterizedTest(name = "{0} [{1}]")
    @MethodSource("bitwise")
    void computesBitwiseFunctionsAndShiftsAsNumpy(GoldenCase c, Chunking chunking) {
        check(c, chunking);
    }

    @ParameterizedTest(name = "{0} [{1}]")
    @MethodSource("predicate")
    void detectsNanAndInfinities(GoldenCase c, Chunking chunking) {
        check(c, chunking);
    }

    @ParameterizedTest(name = "{0} [{1}]")
    @MethodSource("where")
    void selectsWithWhereAsNumpy(GoldenCase c, Chunking chunking) {
        check(c, chunking);
    }

    @ParameterizedTest(name = "{0} [{1}]")
    @MethodSource("clip")
    void clipsAsNumpy(GoldenCase c, Chunking chunking) {
        check(c, chunking);
    }

    @ParameterizedTest(name = "{0} [{1}]")
    @MethodSource("around")
    void roundsHalfToEvenAtDecimalsAsNumpy(GoldenCase c, Chunking chunking) {
        check(c, chunking);
    }

    @ParameterizedTest(name = "{0} [{1}]")
    @MethodSource("nanToNum")
    void replacesNanAndInfinitiesAsNumpy(GoldenCase c, Chunking chunking) {
        check(c, chunking);
    }

    @ParameterizedTest(name = "{0} [{1}]")
    @MethodSource("astype")
    void castsAsNumpy(GoldenCase c, Chunking chunking) {
        check(c, chunking);
    }

    @ParameterizedTest(name = "{0} [{1}]")
    @MethodSource("empty")
    void handlesEmptyAndZeroDimensionalTensors(GoldenCase c, Chunking chunking) {
        check(c, chunking);
    }

    @Test
    void everyGoldenCaseIsInATestedGroup() {
        GoldenAssertions.assertCasesNamedUniquelyAndKnown(MANIFEST.cases(), "group", GoldenCase::group, GROUPS);
        assertThat(MANIFEST.provenance()).startsWith("# generated by golden_elementwise.py with numpy 2.");
    }

    @Test
    void goldenFilesStaySmall() {
        assertThat(MANIFEST.totalBytes()).as("bytes of element-wise golden files").isLessThan(1L << 20);
    }

    private static void check(GoldenCase c, Chunking chunking) {
        NDArray expected = MANIFEST.expected(c);
        Tensor tensor = ElementwiseGoldenExpressions.build(c, chunking);
        // The lazily declared metadata must be numpy's before anything runs.
        GoldenAssertions.assertDeclaredAsNumpy(c, tensor, expected);
        GoldenAssertions.assertExecutesAsNumpy(c, chunking, tensor, expected, CLUSTER.session());
    }
}
