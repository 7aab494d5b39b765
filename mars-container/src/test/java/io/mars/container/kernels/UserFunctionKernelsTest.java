package io.mars.container.kernels;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.ErrorKind;
import io.mars.common.error.MarsException;
import io.mars.types.DType;
import org.junit.jupiter.api.Test;

/** The heap bound of a column gathered whole for DataFrame.apply(axis=0). */
class UserFunctionKernelsTest {
    private static final long HEAP = 1L << 30;

    @Test
    void aWholeColumnUnderAQuarterOfTheHeapIsGathered() {
        assertThatCode(() -> UserFunctionKernels.checkWholeColumnFits("x", DType.FLOAT64, 29_000_000, 0, HEAP))
                .doesNotThrowAnyException();
        assertThatCode(() -> UserFunctionKernels.checkWholeColumnFits("s", DType.STRING, 1_000_000, 10_000_000, HEAP))
                .doesNotThrowAnyException();
    }

    @Test
    void aWholeColumnOverAQuarterOfTheHeapIsRefusedNamingItsSize() {
        assertThatThrownBy(() -> UserFunctionKernels.checkWholeColumnFits("x", DType.FLOAT64, 30_000_000, 0, HEAP))
                .isInstanceOfSatisfying(MarsException.class, e -> {
                    org.assertj.core.api.Assertions.assertThat(e.code()).isEqualTo(ErrorCode.WORKING_SET_TOO_LARGE);
                    org.assertj.core.api.Assertions.assertThat(e.kind()).isEqualTo(ErrorKind.INSUFFICIENT_RESOURCES);
                })
                .hasMessageContaining("column 'x' (30000000 rows of float64)")
                .hasMessageContaining("270000000 bytes").hasMessageContaining("larger heap");
        assertThatThrownBy(() -> UserFunctionKernels.checkWholeColumnFits("s", DType.STRING, 1_000_000, 120_000_000,
                HEAP)).hasMessageContaining("column 's'");
        // past what one heap column can index, whatever the heap
        assertThatThrownBy(() -> UserFunctionKernels.checkWholeColumnFits("b", DType.BOOL, 1L << 31, 0,
                Long.MAX_VALUE)).hasMessageContaining("2147483648 rows");
    }
}
