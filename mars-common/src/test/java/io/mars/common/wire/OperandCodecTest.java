package io.mars.common.wire;

import static io.mars.common.wire.WireAssertions.assertSameValue;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.operand.Arg;
import io.mars.common.operand.ElementwiseFn;
import io.mars.common.operand.Operand;
import io.mars.common.operand.ReduceFn;
import io.mars.common.operand.Scalar;
import io.mars.common.operand.WireName;
import io.mars.common.operand.chunk.ChunkRand;
import io.mars.common.operand.chunk.ChunkReduceMap;
import io.mars.common.operand.tensor.TensorDot;
import io.mars.common.operand.tensor.TensorElementwise;
import io.mars.common.operand.tensor.TensorRechunk;
import io.mars.common.wire.avro.LongArray;
import io.mars.common.wire.avro.OperandRecord;
import io.mars.common.wire.avro.Value;
import io.mars.types.ChunkSpec;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.specific.SpecificDatumReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class OperandCodecTest {
    static Stream<Operand> samples() {
        return OperandSamples.all().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("samples")
    void roundTripsEveryOperandComponentByComponent(Operand op) {
        Operand decoded = OperandCodec.fromBytes(OperandCodec.toBytes(op));

        assertSameValue(op, decoded, op.wireName());
    }

    @Test
    void samplesCoverEveryRegisteredOperand() {
        assertThat(OperandSamples.all()).extracting(Object::getClass)
                .containsExactlyInAnyOrderElementsOf(OperandRegistry.operands());
    }

    @Test
    void storesTheWireNameNotTheClassName() throws Exception {
        byte[] bytes = OperandCodec.toBytes(new ChunkReduceMap(ReduceFn.MEAN, new int[] {1}));

        OperandRecord record = new SpecificDatumReader<>(OperandRecord.class)
                .read(null, DecoderFactory.get().binaryDecoder(bytes, null));
        assertThat(record.getType()).isEqualTo("chunk.reduce.map");
        assertThat(record.getParams()).containsOnlyKeys("fn", "axes");
        assertThat(new String(bytes, StandardCharsets.ISO_8859_1)).doesNotContain("ChunkReduceMap")
                .doesNotContain("io.mars");
        assertThat(OperandCodec.decode(record)).isInstanceOf(ChunkReduceMap.class);
    }

    @Test
    void roundTripsNullComponents() {
        Operand decoded = OperandCodec.fromBytes(OperandCodec.toBytes(new TensorDot(null, new int[0])));

        assertSameValue(new TensorDot(null, new int[0]), decoded, "tensordot");
    }

    @Test
    void rejectsAnUnknownWireName() {
        OperandRecord record = new OperandRecord("tensor.no_such_op", new HashMap<>());

        assertThatThrownBy(() -> OperandCodec.decode(record)).isInstanceOf(MarsException.class)
                .hasMessageContaining("'tensor.no_such_op'")
                .extracting(e -> ((MarsException) e).code()).isEqualTo(ErrorCode.SERIALIZATION_FAILED);
    }

    @Test
    void rejectsAMissingParamNamingTheWireNameAndParam() {
        OperandRecord record = OperandCodec.encode(new ChunkRand(1, 2, new long[] {4}, new long[] {0}));
        record.getParams().remove("offset");

        assertThatThrownBy(() -> OperandCodec.decode(record)).isInstanceOf(MarsException.class)
                .hasMessageContaining("'chunk.random.rand'").hasMessageContaining("param 'offset' is missing")
                .extracting(e -> ((MarsException) e).code()).isEqualTo(ErrorCode.SERIALIZATION_FAILED);
    }

    @Test
    @SuppressWarnings("unchecked")
    void namesTheFullPathOfAMissingNestedParam() {
        OperandRecord record = OperandCodec.encode(new TensorElementwise(ElementwiseFn.ADD,
                List.of(Arg.input(0), Arg.constant(Scalar.of(2L)))));
        List<Value> args = (List<Value>) record.getParams().get("args").getValue();
        Map<String, Value> constant = (Map<String, Value>) ((Map<String, Value>) args.get(1).getValue())
                .get("constant").getValue();
        constant.remove("kind");

        assertThatThrownBy(() -> OperandCodec.decode(record)).isInstanceOf(MarsException.class)
                .hasMessageContaining("'tensor.elementwise'").hasMessageContaining("param 'args[1].constant.kind' is missing");
    }

    @Test
    void rejectsAMistypedParam() {
        OperandRecord record = OperandCodec.encode(new ChunkRand(1, 2, new long[] {4}, new long[] {0}));
        record.getParams().put("seed", new Value("one"));

        assertThatThrownBy(() -> OperandCodec.decode(record)).isInstanceOf(MarsException.class)
                .hasMessageContaining("'chunk.random.rand'").hasMessageContaining("param 'seed' should be long, got string");
    }

    @Test
    void rejectsAParamTheOperandDoesNotHave() {
        OperandRecord record = OperandCodec.encode(new ChunkReduceMap(ReduceFn.SUM, new int[] {0}));
        record.getParams().put("keepdims", new Value(true));

        assertThatThrownBy(() -> OperandCodec.decode(record)).isInstanceOf(MarsException.class)
                .hasMessageContaining("'chunk.reduce.map'").hasMessageContaining("param 'keepdims' is not a component");
    }

    @Test
    void rejectsAnUnknownEnumConstant() {
        OperandRecord record = OperandCodec.encode(new ChunkReduceMap(ReduceFn.SUM, new int[] {0}));
        record.getParams().put("fn", new Value("MEDIAN"));

        assertThatThrownBy(() -> OperandCodec.decode(record)).isInstanceOf(MarsException.class)
                .hasMessageContaining("param 'fn' is 'MEDIAN', not a ReduceFn constant");
    }

    @Test
    void reportsValuesTheConstructorRejects() {
        OperandRecord record = OperandCodec.encode(new TensorRechunk(ChunkSpec.of(4)));
        @SuppressWarnings("unchecked")
        Map<String, Value> chunks = (Map<String, Value>) record.getParams().get("chunks").getValue();
        chunks.put("sizes", new Value(new LongArray(List.of(-4L))));

        assertThatThrownBy(() -> OperandCodec.decode(record)).isInstanceOf(MarsException.class)
                .hasMessageContaining("'tensor.rechunk'").hasMessageContaining("param 'chunks' was rejected by ChunkSpec")
                .hasMessageContaining("chunk size must be positive");
    }

    @Test
    void refusesToEncodeAnUnregisteredOperand() {
        assertThatThrownBy(() -> OperandCodec.encode(new Unregistered(3))).isInstanceOf(MarsException.class)
                .hasMessageContaining(Unregistered.class.getName()).hasMessageContaining("not registered");
    }

    @Test
    void namesAComponentTypeTheWireCannotHold() {
        assertThatThrownBy(() -> RecordCodec.of(Opaque.class)).isInstanceOf(MarsException.class)
                .hasMessageContaining("component 'payload'").hasMessageContaining("java.lang.Object");
    }

    @Test
    void roundTripsEverySupportedComponentTypeThroughAvroBytes() {
        AllTypes value = new AllTypes(true, 7, -8L, 0.5, Boolean.FALSE, null, Long.MAX_VALUE, Double.NaN, "héllo",
                new byte[] {1, -2, 3}, DataType.INT16, ReduceFn.STD, new long[] {1, -2}, new int[] {3},
                new double[] {Double.NEGATIVE_INFINITY}, new long[][] {{1, 2}, {}, null},
                List.of(List.of(Scalar.of(1L)), List.of()), Arrays.asList(Arg.input(2), null),
                new AllTypes[] {null}, NDArray.of(new short[] {-1, 2}, 2), ChunkSpec.explicit(new long[] {2, 3}));

        byte[] bytes = AvroBinary.write(new OperandRecord("test.all", RecordCodec.of(AllTypes.class).encode(value)));
        OperandRecord record = AvroBinary.read(bytes, OperandRecord.class, false);

        assertSameValue(value, RecordCodec.of(AllTypes.class).decode(record.getParams()), "all");
    }

    record AllTypes(boolean bool, int i, long l, double d, Boolean boxedBool, Integer boxedInt, Long boxedLong,
            Double boxedDouble, String s, byte[] bytes, DataType dtype, ReduceFn fn, long[] longs, int[] ints,
            double[] doubles, long[][] nested, List<List<Scalar>> lists, List<Arg> withNull, AllTypes[] self,
            NDArray array, ChunkSpec spec) {
    }

    @WireName("test.unregistered")
    record Unregistered(int x) implements Operand {
    }

    record Opaque(Object payload) {
    }
}
