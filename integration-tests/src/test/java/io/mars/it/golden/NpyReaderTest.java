package io.mars.it.golden;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mars.types.DataType;
import io.mars.types.NDArray;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The {@code .npy} reader the golden tests depend on, checked on hand-built files and on the committed ones. */
class NpyReaderTest {

    @Test
    void readsVersion1Float64Matrix() {
        byte[] data = littleEndian(8 * 6, b -> {
            for (int i = 0; i < 6; i++) {
                b.putDouble(i - 2.5);
            }
        });
        NDArray a = NpyReader.read(npy(1, "{'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), }", data), "m");

        assertThat(a.dtype()).isEqualTo(DataType.FLOAT64);
        assertThat(a.shape()).containsExactly(2, 3);
        assertThat(a.toDoubleArray()).containsExactly(-2.5, -1.5, -0.5, 0.5, 1.5, 2.5);
    }

    @Test
    void readsVersion2Header() {
        byte[] data = littleEndian(4 * 3, b -> b.putInt(7).putInt(-1).putInt(Integer.MIN_VALUE));
        NDArray a = NpyReader.read(npy(2, "{'descr': '<i4', 'fortran_order': False, 'shape': (3,), }", data), "v2");

        assertThat(a.dtype()).isEqualTo(DataType.INT32);
        assertThat(a.toIntArray()).containsExactly(7, -1, Integer.MIN_VALUE);
    }

    @Test
    void readsZeroDimensionalBoolAndInt8() {
        NDArray scalar = NpyReader.read(npy(1, "{'descr': '|b1', 'fortran_order': False, 'shape': (), }",
                new byte[] {1}), "b");
        NDArray bytes = NpyReader.read(npy(1, "{'descr': '|i1', 'fortran_order': False, 'shape': (2,), }",
                new byte[] {-128, 127}), "i1");

        assertThat(scalar.shape()).isEmpty();
        assertThat(scalar.getBoolean()).isTrue();
        assertThat(bytes.dtype()).isEqualTo(DataType.INT8);
        assertThat(bytes.getLong(0)).isEqualTo(-128);
        assertThat(bytes.getLong(1)).isEqualTo(127);
    }

    @Test
    void rejectsFortranOrderAndBigEndianData() {
        byte[] eight = new byte[8];
        assertThatThrownBy(() -> NpyReader.read(npy(1, "{'descr': '<f8', 'fortran_order': True, 'shape': (1,), }",
                eight), "f")).hasMessageContaining("fortran_order");
        assertThatThrownBy(() -> NpyReader.read(npy(1, "{'descr': '>f8', 'fortran_order': False, 'shape': (1,), }",
                eight), "be")).hasMessageContaining("'>f8'");
    }

    @Test
    void rejectsTruncatedData() {
        assertThatThrownBy(() -> NpyReader.read(npy(1, "{'descr': '<i8', 'fortran_order': False, 'shape': (2,), }",
                new byte[8]), "short")).hasMessageContaining("16 data bytes");
    }

    @Test
    void readsTheCommittedVersion2Input() {
        // make_golden.py writes f64_6x4 in format 2.0 on purpose.
        NDArray a = GoldenExpressions.MANIFEST.input("f64_6x4");

        assertThat(a.dtype()).isEqualTo(DataType.FLOAT64);
        assertThat(a.shape()).containsExactly(6, 4);
        assertThat(a.getDouble(0, 0)).isEqualTo(0.0);
    }

    private static byte[] npy(int major, String dict, byte[] data) {
        int prefix = major == 1 ? 10 : 12;
        StringBuilder header = new StringBuilder(dict);
        while ((prefix + header.length() + 1) % 64 != 0) {
            header.append(' ');
        }
        header.append('\n');
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', (byte) major, 0});
        ByteBuffer len = ByteBuffer.allocate(major == 1 ? 2 : 4).order(ByteOrder.LITTLE_ENDIAN);
        if (major == 1) {
            len.putShort((short) header.length());
        } else {
            len.putInt(header.length());
        }
        out.writeBytes(len.array());
        out.writeBytes(header.toString().getBytes(StandardCharsets.ISO_8859_1));
        out.writeBytes(data);
        return out.toByteArray();
    }

    private static byte[] littleEndian(int size, java.util.function.Consumer<ByteBuffer> fill) {
        ByteBuffer b = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
        fill.accept(b);
        return b.array();
    }
}
