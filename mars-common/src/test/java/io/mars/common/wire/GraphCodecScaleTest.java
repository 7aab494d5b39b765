package io.mars.common.wire;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.common.graph.ChunkGraph;
import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.Arg;
import io.mars.common.operand.ElementwiseFn;
import io.mars.common.operand.Operand;
import io.mars.common.operand.ReduceFn;
import io.mars.common.operand.Scalar;
import io.mars.common.operand.chunk.ChunkElementwise;
import io.mars.common.operand.chunk.ChunkFull;
import io.mars.common.operand.chunk.ChunkRand;
import io.mars.common.operand.chunk.ChunkReduceMap;
import io.mars.types.DataType;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A micro-measure of graph encoding at supervisor scale; prints timings, asserts only correctness. */
class GraphCodecScaleTest {
    private static final int NODES = 100_000;

    @Test
    void encodesAndDecodesAHundredThousandChunkNodes() {
        ChunkGraph graph = bigGraph(NODES);
        ChunkGraph warmUp = bigGraph(NODES / 4);
        for (int i = 0; i < 3; i++) { // the JIT and the reflection caches
            GraphCodec.decodeChunkGraph(GraphCodec.encode(warmUp));
        }

        ChunkGraph decoded = null;
        for (int round = 1; round <= 2; round++) {
            long t0 = System.nanoTime();
            byte[] bytes = GraphCodec.encode(graph);
            long t1 = System.nanoTime();
            decoded = GraphCodec.decodeChunkGraph(bytes);
            long t2 = System.nanoTime();
            System.out.printf("chunk graph of %,d nodes, round %d: %,d bytes (%.0f per node), encode %d ms, "
                    + "decode %d ms%n", NODES, round, bytes.length, (double) bytes.length / NODES,
                    (t1 - t0) / 1_000_000, (t2 - t1) / 1_000_000);
        }

        assertThat(decoded.nodes()).hasSize(NODES);
        ChunkNode last = decoded.nodes().get(NODES - 1);
        assertThat(last.key()).isEqualTo(graph.nodes().get(NODES - 1).key());
        assertThat(last.inputs().get(0)).isSameAs(decoded.nodes().get(NODES - 2));
    }

    /** Quads of rand, full, add(rand, full), map(add): small nodes as tiling makes them. */
    private static ChunkGraph bigGraph(int n) {
        List<ChunkNode> nodes = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int row = i / 4;
            long[] shape = {100, 100};
            int[] index = {row, 0};
            String key = "c" + Integer.toString(i, 36) + "-0123456789abcdef";
            Operand op;
            List<ChunkNode> inputs;
            switch (i % 4) {
                case 0 -> {
                    op = new ChunkRand(42, 0, new long[] {100L * (n / 4 + 1), 100}, new long[] {100L * row, 0});
                    inputs = List.of();
                }
                case 1 -> {
                    op = new ChunkFull(Scalar.of(1.5));
                    inputs = List.of();
                }
                case 2 -> {
                    op = new ChunkElementwise(ElementwiseFn.ADD, List.of(Arg.input(0), Arg.input(1)));
                    inputs = List.of(nodes.get(i - 2), nodes.get(i - 1));
                }
                default -> {
                    op = new ChunkReduceMap(ReduceFn.SUM, new int[] {0, 1});
                    inputs = List.of(nodes.get(i - 1));
                }
            }
            nodes.add(new ChunkNode(key, op, inputs, DataType.FLOAT64, shape, index));
        }
        return new ChunkGraph(nodes, List.of(nodes.get(n - 1)));
    }
}
