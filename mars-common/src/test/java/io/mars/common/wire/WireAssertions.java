package io.mars.common.wire;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.common.graph.ChunkNode;
import io.mars.types.NDArray;
import java.lang.reflect.RecordComponent;
import java.util.List;
import java.util.Objects;

/** Deep comparison of decoded values, component by component, for records that hold arrays. */
final class WireAssertions {
    private WireAssertions() {
    }

    /** Records component by component, arrays by content, NDArrays by {@code contentEquals}, lists element-wise. */
    static void assertSameValue(Object expected, Object actual, String path) {
        if (expected == null || actual == null) {
            assertThat(actual).as(path).isEqualTo(expected);
            return;
        }
        if (!(expected instanceof List)) {
            assertThat(actual.getClass()).as(path + " class").isEqualTo(expected.getClass());
        }
        if (expected instanceof NDArray e) {
            assertThat(e.contentEquals((NDArray) actual)).as(path + ": " + e + " vs " + actual).isTrue();
        } else if (expected.getClass().isRecord()) {
            for (RecordComponent c : expected.getClass().getRecordComponents()) {
                assertSameValue(read(c, expected), read(c, actual), path + "." + c.getName());
            }
        } else if (expected instanceof List<?> e) {
            assertThat(actual).as(path).isInstanceOf(List.class);
            List<?> a = (List<?>) actual;
            assertThat(a).as(path + " size").hasSize(e.size());
            for (int i = 0; i < e.size(); i++) {
                assertSameValue(e.get(i), a.get(i), path + "[" + i + "]");
            }
        } else if (expected.getClass().isArray() && !expected.getClass().getComponentType().isPrimitive()) {
            Object[] e = (Object[]) expected;
            Object[] a = (Object[]) actual;
            assertThat(a).as(path + " length").hasSize(e.length);
            for (int i = 0; i < e.length; i++) {
                assertSameValue(e[i], a[i], path + "[" + i + "]");
            }
        } else {
            // primitive arrays by content (NaN equals NaN, as Arrays.equals does), everything else by equals
            assertThat(Objects.deepEquals(expected, actual)).as(path + ": " + expected + " vs " + actual).isTrue();
        }
    }

    /** Same key, operand, dtype, shape, index and input keys. */
    static void assertSameChunk(ChunkNode expected, ChunkNode actual) {
        String path = "chunk " + expected.key();
        assertThat(actual.key()).isEqualTo(expected.key());
        assertSameValue(expected.op(), actual.op(), path + ".op");
        assertThat(actual.dtype()).as(path + ".dtype").isEqualTo(expected.dtype());
        assertThat(actual.shape()).as(path + ".shape").isEqualTo(expected.shape());
        assertThat(actual.index()).as(path + ".index").isEqualTo(expected.index());
        assertThat(actual.inputs()).extracting(ChunkNode::key).as(path + ".inputs")
                .containsExactlyElementsOf(expected.inputs().stream().map(ChunkNode::key).toList());
    }

    private static Object read(RecordComponent c, Object record) {
        try {
            return c.getAccessor().invoke(record);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }
}
