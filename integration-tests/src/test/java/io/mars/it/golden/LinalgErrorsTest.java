package io.mars.it.golden;

import static io.mars.it.golden.UserErrors.assertUserError;
import static io.mars.it.golden.UserErrors.compact;
import static io.mars.tensor.Tensors.chunks;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mars.Session;
import io.mars.common.error.ErrorCode;
import io.mars.tensor.Linalg;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import io.mars.types.NDArray;
import java.util.concurrent.TimeUnit;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Bad inputs to linear algebra fail with a user error whose message names the values, as numpy's does. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LinalgErrorsTest {
    @RegisterExtension
    static final SharedSession CLUSTER = SharedSession.local(1);

    private static Session session() {
        return CLUSTER.session();
    }

    @Test
    void einsumNamesBothShapesAndTheSubscriptsOnSizeMismatch() {
        Tensor a = Tensors.ones(new long[] {3, 4}, chunks(2));
        Tensor b = Tensors.ones(new long[] {5, 2}, chunks(2));
        assertUserError(() -> Tensors.einsum("ij,jk->ik", a, b), ErrorCode.SHAPE_MISMATCH,
                m -> assertThat(compact(m)).contains("(3,4)").contains("(5,2)").contains("ij,jk->ik").contains("'j'"));
    }

    @Test
    void einsumRejectsWrongSubscriptCountsAndEllipsis() {
        Tensor a = Tensors.ones(new long[] {3, 4}, chunks(2));
        assertUserError(() -> Tensors.einsum("ijk->i", a), ErrorCode.SHAPE_MISMATCH,
                m -> assertThat(compact(m)).contains("(3,4)").contains("ijk"));
        assertUserError(() -> Tensors.einsum("ij,jk->ik", a), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("2 operand(s)").contains("1 were given"));
        assertUserError(() -> Tensors.einsum("...i->i", a), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("no '...' ellipsis provided").contains("...i->i"));
        assertUserError(() -> Tensors.einsum("...ijk->i...", a), ErrorCode.SHAPE_MISMATCH,
                m -> assertThat(compact(m)).contains("(3,4)").contains("...ijk"));
        assertUserError(() -> Tensors.einsum("i....j", a), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("ellipsis").contains("i....j"));
        assertUserError(() -> Tensors.einsum("...i,...i", a, Tensors.ones(new long[] {2, 4})),
                ErrorCode.SHAPE_MISMATCH, m -> assertThat(compact(m)).contains("broadcast").contains("(3,4)")
                        .contains("(2,4)"));
        assertUserError(() -> Tensors.einsum("ij->iz", a), ErrorCode.INVALID_ARGUMENT, m -> assertThat(m).contains("'z'"));
    }

    @Test
    void stackedMatmulNamesTheMismatchedCoreDimension() {
        Tensor a = Tensors.ones(new long[] {2, 3, 4}, chunks(2));
        Tensor b = Tensors.ones(new long[] {2, 5, 6}, chunks(2));
        assertUserError(() -> a.matmul(b), ErrorCode.SHAPE_MISMATCH,
                m -> assertThat(compact(m)).contains("(2,3,4)").contains("(2,5,6)").contains("size5isdifferentfrom4"));
    }

    @Test
    void squareOnlyFunctionsRejectNonSquareMatrices() {
        Tensor a = Tensors.ones(new long[] {3, 4}, chunks(2));
        for (ThrowingCallable call : new ThrowingCallable[] {() -> Linalg.inv(a), () -> Linalg.cholesky(a),
                () -> Linalg.solve(a, Tensors.ones(new long[] {3}, chunks(2)))}) {
            assertUserError(call, ErrorCode.SHAPE_MISMATCH,
                    m -> assertThat(compact(m)).contains("mustbesquare").contains("(3,4)"));
        }
        assertUserError(() -> Linalg.inv(Tensors.ones(new long[] {3}, chunks(2))), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("1-dimensional"));
    }

    @Test
    void solveNamesTheRightHandSideShape() {
        Tensor a = Tensors.ones(new long[] {3, 3}, chunks(2));
        assertUserError(() -> Linalg.solve(a, Tensors.ones(new long[] {4}, chunks(2))), ErrorCode.SHAPE_MISMATCH,
                m -> assertThat(compact(m)).contains("(3,3)").contains("(4,)"));
    }

    @Test
    void singularMatrixFailsSolveAndInvAsNumpy() {
        Tensor singular = Tensors.array(new double[][] {{1, 2}, {2, 4}}, chunks(1));
        assertUserError(() -> Linalg.inv(singular).execute(session()), ErrorCode.LINALG_ERROR,
                m -> assertThat(m).contains("Singular matrix"));
        assertUserError(() -> Linalg.solve(singular, Tensors.ones(new long[] {2}, chunks(1))).execute(session()),
                ErrorCode.LINALG_ERROR, m -> assertThat(m).contains("Singular matrix"));
    }

    @Test
    void choleskyOfANonPositiveDefiniteMatrixFailsAsNumpy() {
        Tensor notPd = Tensors.array(new double[][] {{1, 2}, {2, 1}}, chunks(1));
        assertUserError(() -> Linalg.cholesky(notPd).execute(session()), ErrorCode.LINALG_ERROR,
                m -> assertThat(m).contains("Matrix is not positive definite").contains("order 2"));
    }

    @Test
    void underdeterminedLstsqIsNotSupported() {
        Tensor a = Tensors.ones(new long[] {2, 3}, chunks(2));
        assertUserError(() -> Linalg.lstsq(a, Tensors.ones(new long[] {2}, chunks(2))), ErrorCode.NOT_SUPPORTED,
                m -> assertThat(compact(m)).contains("(2,3)"));
    }

    @Test
    void invalidNormOrdersAreRejected() {
        Tensor m = Tensors.ones(new long[] {3, 3}, chunks(2));
        assertUserError(() -> Linalg.norm(m, 3.0), ErrorCode.INVALID_ARGUMENT, s -> assertThat(s).contains("3.0"));
        assertUserError(() -> Linalg.norm(Tensors.ones(new long[] {3}, chunks(2)), "fro"), ErrorCode.INVALID_ARGUMENT,
                s -> assertThat(s).contains("fro"));
    }

    @Test
    void solveTriangularChecksShapesDtypesAndTheDiagonal() {
        Tensor a = Tensors.ones(new long[] {3, 3}, chunks(2));
        assertUserError(() -> Linalg.solveTriangular(Tensors.ones(new long[] {3, 4}), Tensors.ones(new long[] {3})),
                ErrorCode.SHAPE_MISMATCH, m -> assertThat(m).contains("square").contains("solve_triangular"));
        assertUserError(() -> Linalg.solveTriangular(a, Tensors.ones(new long[] {4})), ErrorCode.SHAPE_MISMATCH,
                m -> assertThat(compact(m)).contains("(3,3)").contains("(4,)"));
        assertUserError(() -> Linalg.solveTriangular(a, Tensors.complex(Tensors.ones(new long[] {3}),
                Tensors.ones(new long[] {3}))), ErrorCode.UNSUPPORTED_DTYPE, m -> assertThat(m).contains("complex128"));
        Tensor zeroDiagonal = Tensors.array(new double[][] {{1, 2, 3}, {0, 0, 4}, {0, 0, 5}});
        assertThatThrownBy(() -> Linalg.solveTriangular(zeroDiagonal, Tensors.ones(new long[] {3})).execute(session()))
                .isInstanceOfSatisfying(io.mars.common.error.MarsException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.LINALG_ERROR);
                    assertThat(e.getMessage()).contains("singular matrix: resolution failed at diagonal 1");
                });
        // with unit_diagonal the zero is not read
        NDArray x = Linalg.solveTriangular(zeroDiagonal, Tensors.ones(new long[] {3}), false, false, true)
                .execute(session());
        assertThat(x.toDoubleArray()).containsExactly(4.0, -3.0, 1.0);
    }
}
