package io.mars.common.graph;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.common.operand.Scalar;
import io.mars.common.operand.chunk.ChunkFull;
import io.mars.types.DataType;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ChunkPositionsTest {
    private static ChunkNode node(String key) {
        return new ChunkNode(key, new ChunkFull(Scalar.of(1.0)), List.of(), DataType.FLOAT64, new long[] {1},
                new int[] {0});
    }

    @Test
    void findsEachNodeByIdentityAtItsFirstPositionAndGrows() {
        List<ChunkNode> nodes = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            nodes.add(node("same-key")); // equal keys, distinct nodes
        }
        nodes.add(nodes.get(7)); // a repeat keeps its first position
        ChunkPositions p = new ChunkPositions(4);
        for (ChunkNode n : nodes) {
            p.add(n);
        }
        assertThat(p.size()).isEqualTo(10_000);
        for (int i = 0; i < 10_000; i++) {
            assertThat(p.get(nodes.get(i))).isEqualTo(i);
        }
        assertThat(p.add(nodes.get(3))).isFalse();
        assertThat(p.get(node("same-key"))).isEqualTo(-1);
        assertThat(ChunkPositions.of(nodes).get(nodes.get(9_999))).isEqualTo(9_999);
    }
}
