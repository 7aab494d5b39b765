package io.mars.it.golden;

import static io.mars.it.golden.UserErrors.assertUserError;
import static io.mars.it.golden.UserErrors.compact;
import static io.mars.tensor.Tensors.chunks;
import static io.mars.tensor.Tensors.shape;
import static org.assertj.core.api.Assertions.assertThat;

import io.mars.Session;
import io.mars.common.error.ErrorCode;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Wrong input fails as numpy would, with a user error whose code says what is wrong and whose message names the
 * offending values. Shape and dtype errors are raised while the expression is built, before anything runs.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class BadInputTest {

    @Test
    void rejectsOperandsThatCannotBroadcast() {
        Tensor a = Tensors.ones(shape(3, 4), chunks(2));
        Tensor b = Tensors.ones(shape(5), chunks(2));

        assertUserError(() -> a.add(b), ErrorCode.SHAPE_MISMATCH,
                m -> assertThat(compact(m)).contains("shapes(3,4)and(5,)cannotbebroadcast"));
    }

    @Test
    void rejectsReductionOverAnAxisTheArrayDoesNotHave() {
        Tensor a = Tensors.ones(shape(3, 4), chunks(2));

        assertUserError(() -> a.sum(2), ErrorCode.AXIS_OUT_OF_RANGE,
                m -> assertThat(m).contains("axis 2").contains("dimension 2"));
    }

    @Test
    void rejectsZeroChunkSize() {
        assertUserError(() -> Tensors.ones(shape(10), chunks(0)), ErrorCode.INVALID_CHUNK_SIZE,
                m -> assertThat(m).containsPattern("(?<![\\d.-])0(?![\\d.])").containsIgnoringCase("chunk"));
    }

    @Test
    void rejectsNegativeChunkSize() {
        assertUserError(() -> Tensors.arange(10, chunks(-3)), ErrorCode.INVALID_CHUNK_SIZE,
                m -> assertThat(m).contains("-3").containsIgnoringCase("chunk"));
    }

    @Test
    void rejectsNegativeOfABoolTensor() {
        Tensor flags = Tensors.full(shape(4), true, chunks(2));

        assertUserError(flags::negative, ErrorCode.UNSUPPORTED_DTYPE,
                m -> assertThat(m).contains("negative").contains("bool"));
    }

    @Test
    void rejectsSubtractionOfTwoBoolTensors() {
        Tensor a = Tensors.full(shape(4), true, chunks(2));
        Tensor b = Tensors.full(shape(4), false, chunks(3));

        assertUserError(() -> a.subtract(b), ErrorCode.UNSUPPORTED_DTYPE,
                m -> assertThat(m).contains("subtract").contains("bool"));
    }

    @Test
    void rejectsExecutionOnAClosedSession() {
        Session session = Session.local(1);
        Tensor t = Tensors.ones(shape(3), chunks(2)).sum();
        String id = session.id();
        session.close();

        assertThat(session.isClosed()).isTrue();
        assertUserError(() -> t.execute(session), ErrorCode.SESSION_CLOSED,
                m -> assertThat(m).contains(id).containsIgnoringCase("closed"));
    }

    @Test
    void rejectsDotOfMisalignedShapes() {
        Tensor a = Tensors.ones(shape(3, 4), chunks(2));
        Tensor b = Tensors.ones(shape(5), chunks(2));

        assertUserError(() -> a.dot(b), ErrorCode.SHAPE_MISMATCH,
                m -> assertThat(compact(m)).contains("(3,4)").contains("(5,)").contains("notaligned"));
    }

    @Test
    void rejectsReshapeToADifferentSize() {
        Tensor a = Tensors.arange(10, chunks(3));

        assertUserError(() -> a.reshape(3, 4), ErrorCode.SHAPE_MISMATCH,
                m -> assertThat(compact(m)).contains("size10").contains("(3,4)"));
    }
}
