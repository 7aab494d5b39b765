package io.mars.common.wire;

import static io.mars.common.wire.WireAssertions.assertSameChunk;
import static io.mars.common.wire.WireAssertions.assertSameValue;
import static io.mars.tensor.Tensors.chunks;
import static io.mars.tensor.Tensors.shape;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.graph.ChunkGraph;
import io.mars.common.graph.ChunkNode;
import io.mars.common.graph.Subtask;
import io.mars.common.graph.TileableGraph;
import io.mars.common.graph.TileableNode;
import io.mars.common.model.ReductionState;
import io.mars.common.operand.Arg;
import io.mars.common.operand.ElementwiseFn;
import io.mars.common.operand.ReduceFn;
import io.mars.common.operand.Scalar;
import io.mars.common.operand.chunk.ChunkElementwise;
import io.mars.common.operand.chunk.ChunkFetch;
import io.mars.common.operand.chunk.ChunkFull;
import io.mars.common.operand.chunk.ChunkRand;
import io.mars.common.operand.chunk.ChunkReduceAgg;
import io.mars.common.operand.chunk.ChunkReduceMap;
import io.mars.common.operand.chunk.ChunkTensorDot;
import io.mars.common.wire.avro.ChunkGraphRecord;
import io.mars.common.wire.avro.ChunkNodeRecord;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import io.mars.types.ChunkData;
import io.mars.types.ChunkSpec;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class GraphCodecTest {
    private static final DataType F8 = DataType.FLOAT64;

    // ----- tileable graphs -----

    @Test
    void roundTripsATileableGraphBuiltThroughTheApi() {
        Tensor summed = Tensors.ones(shape(4, 6), chunks(2)).add(1).sum(new int[] {0}, true);
        Tensor random = Tensors.random(7).rand(shape(4, 6), chunks(3));
        Tensor fromArray = Tensors.array(new int[][] {{1, 2, 3}, {4, 5, 6}}, chunks(1, 2));
        Tensor mixed = summed.add(random).transpose().reshape(24).rechunk(ChunkSpec.explicit(new long[] {10, 14}));
        Tensor product = Tensors.arange(0, 24, 1, chunks(5)).reshape(4, 6).dot(random.T()).var(new int[] {1}, false, 1);
        Tensor scaled = fromArray.multiply(2.5).lessEqual(3.0);
        TileableGraph graph = graphOf(mixed, product, scaled);

        TileableGraph decoded = GraphCodec.decodeTileableGraph(GraphCodec.encode(graph));

        assertThat(decoded.outputs()).containsExactlyElementsOf(graph.outputs());
        assertThat(decoded.nodes()).hasSameSizeAs(graph.nodes());
        for (int i = 0; i < graph.nodes().size(); i++) {
            TileableNode e = graph.nodes().get(i);
            TileableNode a = decoded.nodes().get(i);
            assertThat(a.key()).isEqualTo(e.key());
            assertThat(a.inputs()).containsExactlyElementsOf(e.inputs());
            assertThat(a.dtype()).isEqualTo(e.dtype());
            assertThat(a.shape()).isEqualTo(e.shape());
            assertSameValue(e.op(), a.op(), e.key() + ".op");
        }
    }

    @Test
    void rejectsATileableGraphWhoseInputIsNotAnEarlierNode() {
        Tensor a = Tensors.ones(shape(2), chunks(1));
        Tensor b = a.add(1);
        TileableGraph graph = new TileableGraph(List.of(b.toNode(), a.toNode()), List.of(b.key()));

        assertThatThrownBy(() -> GraphCodec.encode(graph)).isInstanceOf(MarsException.class)
                .hasMessageContaining("'" + b.key() + "' reads '" + a.key() + "'");
    }

    // ----- chunk graphs -----

    @Test
    void roundTripsAChunkGraphRestoringInputsAsReferences() {
        ChunkGraph graph = smallChunkGraph();

        ChunkGraph decoded = GraphCodec.decodeChunkGraph(GraphCodec.encode(graph));

        assertThat(decoded.nodes()).hasSameSizeAs(graph.nodes());
        for (int i = 0; i < graph.nodes().size(); i++) {
            assertSameChunk(graph.nodes().get(i), decoded.nodes().get(i));
        }
        List<ChunkNode> n = decoded.nodes();
        assertThat(n.get(2).inputs().get(0)).isSameAs(n.get(0));
        assertThat(n.get(2).inputs().get(1)).isSameAs(n.get(1));
        assertThat(n.get(4).inputs()).containsExactly(n.get(3), n.get(3));
        assertThat(decoded.outputs()).containsExactly(n.get(4));
    }

    @Test
    void streamsAChunkGraphAsExactlyTheBytesOfItsRecord() {
        ChunkGraph graph = smallChunkGraph();

        byte[] streamed = GraphCodec.encode(graph);
        byte[] whole = AvroBinary.write(GraphCodec.toRecord(graph));

        assertThat(streamed).isEqualTo(whole);
        ChunkGraph viaRecord = GraphCodec.fromRecord(AvroBinary.read(streamed, ChunkGraphRecord.class, true));
        for (int i = 0; i < graph.nodes().size(); i++) {
            assertSameChunk(graph.nodes().get(i), viaRecord.nodes().get(i));
        }
    }

    @Test
    void roundTripsChunkNodesWithoutShapeOrIndex() {
        ChunkNode unknown = new ChunkNode("u", new ChunkFetch(), List.of(), DataType.INT8, null, null);
        ChunkGraph decoded = GraphCodec.decodeChunkGraph(GraphCodec.encode(new ChunkGraph(List.of(unknown),
                List.of(unknown))));

        assertThat(decoded.nodes().get(0).shape()).isNull();
        assertThat(decoded.nodes().get(0).index()).isNull();
    }

    @Test
    void rejectsAChunkGraphNodeReadingAKeyNotInTheGraph() {
        ChunkGraphRecord record = GraphCodec.toRecord(smallChunkGraph());
        ChunkNodeRecord third = record.getNodes().get(2);
        third.setInputs(List.of("c1", "elsewhere"));
        byte[] bytes = AvroBinary.write(record);

        assertThatThrownBy(() -> GraphCodec.decodeChunkGraph(bytes)).isInstanceOf(MarsException.class)
                .hasMessageContaining("chunk node 'c3' reads 'elsewhere'")
                .extracting(e -> ((MarsException) e).code()).isEqualTo(ErrorCode.SERIALIZATION_FAILED);
    }

    @Test
    void rejectsAnOutputThatIsNotANode() {
        ChunkGraphRecord record = GraphCodec.toRecord(smallChunkGraph());
        record.setOutputs(List.of("c5", "gone"));
        byte[] bytes = AvroBinary.write(record);

        assertThatThrownBy(() -> GraphCodec.decodeChunkGraph(bytes)).isInstanceOf(MarsException.class)
                .hasMessageContaining("output 'gone'");
    }

    @Test
    void namesTheNodeWhoseOperandCannotBeDecoded() {
        ChunkGraphRecord record = GraphCodec.toRecord(smallChunkGraph());
        record.getNodes().get(1).getOp().setType("chunk.random.gone");
        byte[] bytes = AvroBinary.write(record);

        assertThatThrownBy(() -> GraphCodec.decodeChunkGraph(bytes)).isInstanceOf(MarsException.class)
                .hasMessageContaining("chunk node 'c2'").hasMessageContaining("'chunk.random.gone'");
    }

    @Test
    void rejectsAnotherFormatVersionBeforeDecoding() {
        ChunkGraphRecord record = GraphCodec.toRecord(smallChunkGraph());
        record.setFormatVersion(2);
        byte[] bytes = AvroBinary.write(record);

        assertThatThrownBy(() -> GraphCodec.decodeChunkGraph(bytes)).isInstanceOf(MarsException.class)
                .hasMessageContaining("format version 2");
    }

    @Test
    void rejectsTruncatedAndPaddedBytes() {
        byte[] bytes = GraphCodec.encode(smallChunkGraph());

        assertThatThrownBy(() -> GraphCodec.decodeChunkGraph(Arrays.copyOf(bytes, bytes.length - 3)))
                .isInstanceOf(MarsException.class)
                .extracting(e -> ((MarsException) e).code()).isEqualTo(ErrorCode.SERIALIZATION_FAILED);
        assertThatThrownBy(() -> GraphCodec.decodeChunkGraph(Arrays.copyOf(bytes, bytes.length + 2)))
                .isInstanceOf(MarsException.class).hasMessageContaining("bytes left over");
    }

    // ----- subtasks -----

    @Test
    void roundTripsASubtaskWithExternalInputsAsFetchPlaceholders() {
        ChunkNode left = new ChunkNode("left", new ChunkFull(Scalar.of(1.0)), List.of(), F8, new long[] {3, 4},
                new int[] {1, 0});
        ChunkNode right = new ChunkNode("right", new ChunkRand(5, 0, new long[] {8, 8}, new long[] {0, 4}), List.of(),
                DataType.FLOAT32, new long[] {4, 2}, new int[] {0, 1});
        ChunkNode dot = new ChunkNode("dot", new ChunkTensorDot(new int[] {1}, new int[] {0}), List.of(left, right),
                F8, new long[] {3, 2}, new int[] {1, 1});
        ChunkNode neg = new ChunkNode("neg", new ChunkElementwise(ElementwiseFn.NEGATIVE, List.of(Arg.input(0))),
                List.of(dot), F8, new long[] {3, 2}, new int[] {1, 1});
        ChunkNode sum = new ChunkNode("sum", new ChunkElementwise(ElementwiseFn.ADD,
                List.of(Arg.input(0), Arg.input(1))), List.of(neg, left), F8, new long[] {3, 2}, new int[] {1, 1});
        Subtask subtask = new Subtask(17, List.of(dot, neg, sum), List.of("left", "right"), List.of("sum"), 4);

        Subtask decoded = GraphCodec.decodeSubtask(GraphCodec.encode(subtask));

        assertThat(decoded.id()).isEqualTo(17);
        assertThat(decoded.priority()).isEqualTo(4);
        assertThat(decoded.inputs()).containsExactly("left", "right");
        assertThat(decoded.outputs()).containsExactly("sum");
        assertThat(decoded.chunks()).hasSize(3);
        for (int i = 0; i < 3; i++) {
            assertSameChunk(subtask.chunks().get(i), decoded.chunks().get(i));
        }
        ChunkNode decodedDot = decoded.chunks().get(0);
        ChunkNode leftPlaceholder = decodedDot.inputs().get(0);
        ChunkNode rightPlaceholder = decodedDot.inputs().get(1);
        assertThat(leftPlaceholder.op()).isEqualTo(new ChunkFetch());
        assertThat(leftPlaceholder.inputs()).isEmpty();
        assertThat(leftPlaceholder.dtype()).isEqualTo(F8);
        assertThat(leftPlaceholder.shape()).containsExactly(3, 4);
        assertThat(leftPlaceholder.index()).containsExactly(1, 0);
        assertThat(rightPlaceholder.dtype()).isEqualTo(DataType.FLOAT32);
        assertThat(rightPlaceholder.shape()).containsExactly(4, 2);
        assertThat(decoded.chunks().get(1).inputs().get(0)).isSameAs(decodedDot);
        assertThat(decoded.chunks().get(2).inputs().get(1)).as("one placeholder per external key")
                .isSameAs(leftPlaceholder);
    }

    // ----- chunk data -----

    @Test
    void roundTripsArraysOfEveryDtypeIncludingZeroDimensionalAndEmpty() {
        List<NDArray> arrays = new ArrayList<>();
        arrays.add(NDArray.of(new boolean[] {true, false, true, true, false, false}, 2, 3));
        arrays.add(NDArray.of(new byte[] {Byte.MIN_VALUE, -1, 0, 1, Byte.MAX_VALUE, 7}, 3, 2));
        arrays.add(NDArray.of(new short[] {Short.MIN_VALUE, -300, 0, Short.MAX_VALUE}, 2, 2));
        arrays.add(NDArray.of(new int[] {Integer.MIN_VALUE, -70000, 0, Integer.MAX_VALUE}, 4));
        arrays.add(NDArray.of(new long[] {Long.MIN_VALUE, -1L << 40, 0, Long.MAX_VALUE, 5, 6, 7, 8}, 2, 2, 2));
        arrays.add(NDArray.of(new float[] {Float.NaN, Float.NEGATIVE_INFINITY, -0f, Float.MIN_VALUE}, 1, 4));
        arrays.add(NDArray.of(new double[] {Double.NaN, Double.POSITIVE_INFINITY, -0.0, Math.PI, 1e-310, -2}, 6));
        for (DataType t : DataType.values()) {
            NDArray scalar = NDArray.allocate(t);
            scalar.setLong(0, 1);
            arrays.add(scalar);
            arrays.add(NDArray.allocate(t, 0));
            arrays.add(NDArray.allocate(t, 3, 0, 2));
        }

        for (NDArray a : arrays) {
            ChunkData decoded = GraphCodec.decodeChunkData(GraphCodec.encode(a));

            assertThat(decoded).isInstanceOf(NDArray.class);
            assertThat(((NDArray) decoded).contentEquals(a)).as(a.toString()).isTrue();
        }
    }

    @Test
    void storesArrayElementsAsLittleEndianBytes() {
        var record = NDArrayCodec.encode(NDArray.of(new int[] {1, 0x01020304}, 2));

        assertThat(record.getDtype()).isEqualTo("int32");
        assertThat(record.getShape()).containsExactly(2L);
        byte[] bytes = new byte[record.getData().remaining()];
        record.getData().duplicate().get(bytes);
        assertThat(bytes).containsExactly(1, 0, 0, 0, 4, 3, 2, 1);
    }

    @Test
    void roundTripsAReductionState() {
        ReductionState state = new ReductionState(List.of(
                NDArray.of(new long[] {3, 4}, 1, 2),
                NDArray.of(new double[] {1.5, -2.5}, 1, 2),
                NDArray.of(new double[] {0.25, Double.NaN}, 1, 2)));

        ChunkData decoded = GraphCodec.decodeChunkData(GraphCodec.encode(state));

        assertThat(decoded).isInstanceOf(ReductionState.class);
        assertSameValue(state, decoded, "state");
    }

    // ----- helpers -----

    /** c1, c2 -> c3 = c1 + c2 -> c4 = map(c3) -> c5 = agg(c4, c4). */
    static ChunkGraph smallChunkGraph() {
        ChunkNode c1 = new ChunkNode("c1", new ChunkFull(Scalar.of(2L)), List.of(), DataType.INT64,
                new long[] {2, 3}, new int[] {0, 0});
        ChunkNode c2 = new ChunkNode("c2", new ChunkRand(11, 1, new long[] {4, 3}, new long[] {2, 0}), List.of(), F8,
                new long[] {2, 3}, new int[] {1, 0});
        ChunkNode c3 = new ChunkNode("c3", new ChunkElementwise(ElementwiseFn.ADD,
                List.of(Arg.input(0), Arg.input(1))), List.of(c1, c2), F8, new long[] {2, 3}, new int[] {0, 0});
        ChunkNode c4 = new ChunkNode("c4", new ChunkReduceMap(ReduceFn.VAR, new int[] {0}), List.of(c3), F8,
                new long[] {1, 3}, new int[] {0, 0});
        ChunkNode c5 = new ChunkNode("c5", new ChunkReduceAgg(ReduceFn.VAR, new int[] {0}, false, 1),
                List.of(c4, c4), F8, new long[] {3}, new int[] {0});
        return new ChunkGraph(List.of(c1, c2, c3, c4, c5), List.of(c5));
    }

    /** The nodes producing {@code outputs}, inputs first. */
    private static TileableGraph graphOf(Tensor... outputs) {
        List<TileableNode> nodes = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (Tensor t : outputs) {
            collect(t, seen, nodes);
        }
        return new TileableGraph(nodes, Arrays.stream(outputs).map(Tensor::key).toList());
    }

    private static void collect(Tensor t, Set<String> seen, List<TileableNode> nodes) {
        if (!seen.add(t.key())) {
            return;
        }
        for (Tensor in : t.inputs()) {
            collect(in, seen, nodes);
        }
        nodes.add(t.toNode());
    }
}
