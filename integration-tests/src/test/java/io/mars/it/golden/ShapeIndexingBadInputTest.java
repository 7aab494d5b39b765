package io.mars.it.golden;

import static io.mars.it.golden.UserErrors.assertUserError;
import static io.mars.tensor.Tensors.chunks;
import static io.mars.tensor.Tensors.shape;
import static org.assertj.core.api.Assertions.assertThat;

import io.mars.common.error.ErrorCode;
import io.mars.tensor.Index;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import io.mars.types.DataType;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Wrong shapes, axes and indices fail as numpy's do, with a user error naming the values: while the expression is
 * built when the shapes say so, and when executed for index values that are data.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ShapeIndexingBadInputTest {
    @RegisterExtension
    static final SharedSession CLUSTER = SharedSession.local(2);

    private final Tensor m = Tensors.ones(shape(6, 4), chunks(4));
    private final Tensor v = Tensors.arange(10, chunks(3));

    @Test
    void rejectsAnIntegerIndexPastTheEnd() {
        assertUserError(() -> v.get(Index.at(10)), ErrorCode.INDEX_OUT_OF_RANGE,
                msg -> assertThat(msg).isEqualTo("index 10 is out of bounds for axis 0 with size 10"));
        assertUserError(() -> m.get(Index.all(), Index.at(-5)), ErrorCode.INDEX_OUT_OF_RANGE,
                msg -> assertThat(msg).isEqualTo("index -5 is out of bounds for axis 1 with size 4"));
    }

    @Test
    void rejectsTooManyIndices() {
        assertUserError(() -> m.get(Index.at(1), Index.at(2), Index.at(3)), ErrorCode.INDEX_OUT_OF_RANGE,
                msg -> assertThat(msg).contains("too many indices").contains("2-dimensional").contains("3 were indexed"));
    }

    @Test
    void rejectsTwoEllipsesAndAZeroStep() {
        assertUserError(() -> m.get(Index.ellipsis(), Index.ellipsis()), ErrorCode.INVALID_ARGUMENT,
                msg -> assertThat(msg).contains("single ellipsis"));
        assertUserError(() -> v.get(Index.step(0)), ErrorCode.INVALID_ARGUMENT,
                msg -> assertThat(msg).contains("slice step cannot be zero"));
    }

    @Test
    void rejectsIndexArraysThatDoNotBroadcastAndMasksInsideAnExpression() {
        Tensor idx = Tensors.arange(2);
        assertUserError(() -> m.get(Index.of(idx), Index.of(Tensors.arange(3))), ErrorCode.SHAPE_MISMATCH,
                msg -> assertThat(msg).contains("could not be broadcast together with shapes (2,) (3,)"));
        Tensor far = m.get(Index.of(Tensors.array(new long[] {0, 1})), Index.of(Tensors.array(new long[] {1, 4})));
        assertUserError(() -> far.execute(CLUSTER.session()), ErrorCode.INDEX_OUT_OF_RANGE,
                msg -> assertThat(msg).contains("index 4 is out of bounds for axis 1 with size 4"));
        assertUserError(() -> m.get(Index.all(), Index.of(idx.gt(0))), ErrorCode.NOT_SUPPORTED,
                msg -> assertThat(msg).contains("bool").contains("get(mask)"));
        assertUserError(() -> m.get(Index.of(idx), Index.at(4)), ErrorCode.INDEX_OUT_OF_RANGE,
                msg -> assertThat(msg).isEqualTo("index 4 is out of bounds for axis 1 with size 4"));
    }

    @Test
    void failsAtExecutionForAnOutOfRangeIndexTensor() {
        Tensor idx = Tensors.array(new long[] {1, 10, 2}, chunks(2));
        Tensor taken = v.get(idx);

        assertThat(taken.shape()).containsExactly(3);
        assertUserError(() -> taken.execute(CLUSTER.session()), ErrorCode.INDEX_OUT_OF_RANGE,
                msg -> assertThat(msg).contains("index 10 is out of bounds for axis 0 with size 10"));
        Tensor negative = m.take(Tensors.array(new long[] {-5}), 1);
        assertUserError(() -> negative.execute(CLUSTER.session()), ErrorCode.INDEX_OUT_OF_RANGE,
                msg -> assertThat(msg).contains("index -5 is out of bounds for axis 1 with size 4"));
    }

    @Test
    void rejectsFloatIndexTensors() {
        assertUserError(() -> v.get(Tensors.ones(shape(2))), ErrorCode.INDEX_OUT_OF_RANGE,
                msg -> assertThat(msg).contains("integer (or boolean)").contains("float64"));
    }

    @Test
    void rejectsAMaskOfAnotherShape() {
        Tensor mask = Tensors.full(shape(9), true, chunks(3));
        assertUserError(() -> v.get(mask), ErrorCode.SHAPE_MISMATCH,
                msg -> assertThat(msg).contains("size of axis is 10").contains("boolean axis is 9"));
        assertUserError(() -> m.put(Tensors.full(shape(6, 3), true, chunks(3)), 1.0), ErrorCode.SHAPE_MISMATCH,
                msg -> assertThat(msg).contains("(6, 3)").contains("(6, 4)"));
        assertUserError(() -> m.put(m, 1.0), ErrorCode.UNSUPPORTED_DTYPE,
                msg -> assertThat(msg).contains("float64"));
        assertUserError(() -> m.put(m.gt(0), Tensors.ones(shape(3))), ErrorCode.SHAPE_MISMATCH,
                msg -> assertThat(msg).contains("(3,)").contains("(6, 4)"));
    }

    @Test
    void rejectsAxesOutOfRange() {
        assertUserError(() -> m.squeeze(2), ErrorCode.AXIS_OUT_OF_RANGE,
                msg -> assertThat(msg).contains("axis 2").contains("dimension 2"));
        assertUserError(() -> m.expandDims(3), ErrorCode.AXIS_OUT_OF_RANGE,
                msg -> assertThat(msg).contains("axis 3").contains("dimension 3"));
        assertUserError(() -> m.flip(-3), ErrorCode.AXIS_OUT_OF_RANGE, msg -> assertThat(msg).contains("axis -3"));
        assertUserError(() -> m.roll(1, 2), ErrorCode.AXIS_OUT_OF_RANGE, msg -> assertThat(msg).contains("axis 2"));
        assertUserError(() -> m.swapaxes(0, 2), ErrorCode.AXIS_OUT_OF_RANGE, msg -> assertThat(msg).contains("axis 2"));
        assertUserError(() -> Tensors.moveaxis(m, 0, 2), ErrorCode.AXIS_OUT_OF_RANGE,
                msg -> assertThat(msg).contains("destination: axis 2"));
        assertUserError(() -> Tensors.concatenate(List.of(m, m), 2), ErrorCode.AXIS_OUT_OF_RANGE,
                msg -> assertThat(msg).contains("axis 2"));
        assertUserError(() -> Tensors.stack(List.of(m, m), 3), ErrorCode.AXIS_OUT_OF_RANGE,
                msg -> assertThat(msg).contains("axis 3").contains("dimension 3"));
        assertUserError(() -> m.take(Tensors.arange(2), 2), ErrorCode.AXIS_OUT_OF_RANGE,
                msg -> assertThat(msg).contains("axis 2"));
    }

    @Test
    void rejectsSqueezingAnAxisLongerThanOne() {
        assertUserError(() -> m.squeeze(0), ErrorCode.INVALID_ARGUMENT,
                msg -> assertThat(msg).contains("size not equal to one").contains("(6, 4)"));
    }

    @Test
    void rejectsConcatenatingMismatchedShapes() {
        Tensor other = Tensors.ones(shape(6, 3), chunks(2));
        assertUserError(() -> Tensors.concatenate(List.of(m, other), 0), ErrorCode.SHAPE_MISMATCH,
                msg -> assertThat(msg).contains("along dimension 1, the array at index 0 has size 4 and the array at "
                        + "index 1 has size 3"));
        assertUserError(() -> Tensors.concatenate(List.of(m, v), 0), ErrorCode.SHAPE_MISMATCH,
                msg -> assertThat(msg).contains("index 0 has 2 dimension(s)").contains("index 1 has 1 dimension(s)"));
        assertUserError(() -> Tensors.concatenate(List.of(), 0), ErrorCode.INVALID_ARGUMENT,
                msg -> assertThat(msg).contains("need at least one array"));
        assertUserError(() -> Tensors.concatenate(List.of(Tensors.array(new double[] {1}).get(Index.at(0))), 0),
                ErrorCode.INVALID_ARGUMENT, msg -> assertThat(msg).contains("zero-dimensional"));
    }

    @Test
    void rejectsStackingMismatchedShapes() {
        assertUserError(() -> Tensors.stack(List.of(v, Tensors.arange(9)), 0), ErrorCode.SHAPE_MISMATCH,
                msg -> assertThat(msg).contains("same shape").contains("(10,)").contains("(9,)"));
    }

    @Test
    void rejectsWhatNeedsALengthThatIsNotKnownYet() {
        Tensor selected = v.get(v.gt(3));
        assertThat(selected.shape()).containsExactly(-1);
        assertUserError(selected::flip, ErrorCode.NOT_SUPPORTED,
                msg -> assertThat(msg).contains("flip").contains("(-1,)").contains("execute the tensor first"));
        assertUserError(() -> selected.get(Index.at(0)), ErrorCode.NOT_SUPPORTED,
                msg -> assertThat(msg).contains("integer index").contains("axis 0"));
        assertUserError(() -> selected.get(Index.slice(1, 3)), ErrorCode.NOT_SUPPORTED,
                msg -> assertThat(msg).contains("slice"));
        assertUserError(() -> Tensors.split(selected, 2, 0), ErrorCode.NOT_SUPPORTED,
                msg -> assertThat(msg).contains("split"));
        assertThat(selected.get(Index.all(), Index.newAxis()).shape()).containsExactly(-1, 1);
    }

    @Test
    void rejectsAnUnequalSplit() {
        assertUserError(() -> Tensors.split(v, 3, 0), ErrorCode.INVALID_ARGUMENT,
                msg -> assertThat(msg).contains("does not result in an equal division").contains("10").contains("3"));
        assertUserError(() -> Tensors.arraySplit(v, 0, 0), ErrorCode.INVALID_ARGUMENT,
                msg -> assertThat(msg).contains("larger than 0").contains("0"));
        assertThat(Tensors.arraySplit(v, 3, 0)).extracting(t -> t.shape()[0]).containsExactly(4L, 3L, 3L);
    }

    @Test
    void rejectsShapesThatCannotBroadcast() {
        assertUserError(() -> v.broadcastTo(4), ErrorCode.SHAPE_MISMATCH,
                msg -> assertThat(msg).contains("(10,)").contains("(4,)"));
        assertUserError(() -> m.broadcastTo(4), ErrorCode.SHAPE_MISMATCH,
                msg -> assertThat(msg).contains("(6, 4)").contains("(4,)"));
    }

    @Test
    void rejectsNegativeRepeatsAndReps() {
        assertUserError(() -> v.repeat(-1), ErrorCode.INVALID_ARGUMENT, msg -> assertThat(msg).contains("-1"));
        assertUserError(() -> m.repeat(new long[] {1, 2}, 0), ErrorCode.SHAPE_MISMATCH,
                msg -> assertThat(msg).contains("2 repeats for axis 0 of length 6"));
        assertUserError(() -> Tensors.tile(v, 2, -1), ErrorCode.INVALID_ARGUMENT,
                msg -> assertThat(msg).contains("[2, -1]"));
    }

    @Test
    void keepsTheDtypeOfTheArrayOnPut() {
        Tensor ints = Tensors.arange(4, chunks(2));
        assertThat(ints.put(ints.gt(1), 2.5).dtype()).isEqualTo(DataType.INT64);
        assertThat(ints.put(ints.gt(1), 2.5).execute(CLUSTER.session()).toLongArray()).containsExactly(0, 1, 2, 2);
    }
}
