package io.mars.common.graph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mars.common.operand.Scalar;
import io.mars.common.operand.chunk.ChunkFull;
import io.mars.types.DataType;
import java.util.List;
import org.junit.jupiter.api.Test;

class ChunkNodeTest {
    private static ChunkNode node(String key, List<ChunkNode> inputs) {
        return new ChunkNode(key, new ChunkFull(Scalar.of(1.0)), inputs, DataType.FLOAT64, new long[] {1}, new int[] {0});
    }

    private static ChunkNode node(String prefix, int number) {
        return new ChunkNode(prefix, number, new ChunkFull(Scalar.of(1.0)), List.of(), DataType.FLOAT64,
                new long[] {1}, new int[] {0});
    }

    @Test
    void aKeyKeptAsPrefixAndNumberSpellsThePrefixFollowedByTheNumber() {
        assertThat(node("t1a-2.m0_", 41).key()).isEqualTo("t1a-2.m0_41");
        assertThat(node("t1a-2.", 0).key()).isEqualTo("t1a-2.0");
        assertThat(node("t1a-2.", 0).toString()).endsWith("[t1a-2.0]");
        assertThatThrownBy(() -> node("t.", -1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void hasKeyComparesWithTheSpelledKeyWithoutMakingIt() {
        ChunkNode parts = node("t1a-2.m0_", 41);
        assertThat(parts.hasKey("t1a-2.m0_41")).isTrue();
        assertThat(parts.hasKey("t1a-2.m0_4")).isFalse();
        assertThat(parts.hasKey("t1a-2.m0_410")).isFalse();
        assertThat(parts.hasKey("t1a-2.m0_041")).isFalse();
        assertThat(parts.hasKey("t1a-2.m1_41")).isFalse();
        assertThat(parts.hasKey("t1a-2.m0_99999999999")).isFalse();
        assertThat(node("t.", 0).hasKey("t.0")).isTrue();
        assertThat(node("t.", 0).hasKey("t.00")).isFalse();
        ChunkNode whole = node("t1a-2.m0_41", List.of());
        assertThat(whole.hasKey("t1a-2.m0_41")).isTrue();
        assertThat(whole.sameKey(parts)).isTrue();
        assertThat(parts.sameKey(whole)).isTrue();
        assertThat(parts.sameKey(node("t1a-2.m0_", 41))).isTrue();
        assertThat(parts.sameKey(node("t1a-2.m0_", 42))).isFalse();
    }

    @Test
    void inputsAreListsInTheOrderGivenWithRepeats() {
        ChunkNode a = node("a", List.of());
        ChunkNode b = node("b", List.of());
        assertThat(a.inputs()).isEmpty();
        assertThat(a.inputCount()).isZero();
        ChunkNode one = node("one", List.of(a));
        assertThat(one.inputs()).containsExactly(a);
        assertThat(one.input(0)).isSameAs(a);
        ChunkNode three = node("three", List.of(a, b, a));
        assertThat(three.inputs()).containsExactly(a, b, a);
        assertThat(three.inputCount()).isEqualTo(3);
        assertThat(three.input(2)).isSameAs(a);
        assertThatThrownBy(() -> three.inputs().set(0, b)).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> one.input(1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> a.input(0)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> node("x", java.util.Arrays.asList(a, null))).isInstanceOf(NullPointerException.class);
    }
}
