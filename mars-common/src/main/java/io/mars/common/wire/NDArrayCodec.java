package io.mars.common.wire;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.wire.avro.NDArrayRecord;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import io.mars.types.Shapes;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/** Converts {@link NDArray}s to and from {@link NDArrayRecord}: numpy dtype name, shape, little-endian C-order bytes. */
public final class NDArrayCodec {
    private NDArrayCodec() {
    }

    public static NDArrayRecord encode(NDArray array) {
        long nbytes = array.nbytes();
        if (nbytes > Integer.MAX_VALUE - 8) {
            throw new MarsException(ErrorCode.SERIALIZATION_FAILED, "an array of shape "
                    + Shapes.toString(array.shapeView()) + " and dtype " + array.dtype() + " has " + nbytes
                    + " bytes, more than one Avro bytes field holds; use smaller chunks");
        }
        byte[] bytes = new byte[(int) nbytes];
        ByteBuffer buf = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        Object data = array.data();
        switch (array.dtype()) {
            case BOOL -> {
                boolean[] b = (boolean[]) data;
                for (int i = 0; i < b.length; i++) {
                    bytes[i] = b[i] ? (byte) 1 : (byte) 0;
                }
            }
            case INT8 -> System.arraycopy(data, 0, bytes, 0, bytes.length);
            case INT16 -> buf.asShortBuffer().put((short[]) data);
            case INT32 -> buf.asIntBuffer().put((int[]) data);
            case INT64 -> buf.asLongBuffer().put((long[]) data);
            case FLOAT32, COMPLEX64 -> buf.asFloatBuffer().put((float[]) data);
            case FLOAT64, COMPLEX128 -> buf.asDoubleBuffer().put((double[]) data);
        }
        return new NDArrayRecord(array.dtype().numpyName(), Wire.longList(array.shapeView()), ByteBuffer.wrap(bytes));
    }

    public static NDArray decode(NDArrayRecord record) {
        DataType dtype = Wire.dtype(record.getDtype(), "array");
        long[] shape = Wire.longArray(record.getShape());
        if (shape == null) {
            throw new MarsException(ErrorCode.SERIALIZATION_FAILED, "an array record has no shape");
        }
        for (long d : shape) {
            if (d < 0) {
                throw new MarsException(ErrorCode.SERIALIZATION_FAILED,
                        "an array record has the negative shape " + Shapes.toString(shape));
            }
        }
        long size = Shapes.size(shape);
        ByteBuffer in = record.getData().duplicate().order(ByteOrder.LITTLE_ENDIAN);
        if (in.remaining() != size * dtype.itemSize()) {
            throw new MarsException(ErrorCode.SERIALIZATION_FAILED, "an array record of shape " + Shapes.toString(shape)
                    + " and dtype " + dtype + " needs " + size * dtype.itemSize() + " bytes, has " + in.remaining());
        }
        Object data = NDArray.newStorage(dtype, (int) size);
        switch (dtype) {
            case BOOL -> {
                boolean[] b = (boolean[]) data;
                for (int i = 0; i < b.length; i++) {
                    b[i] = in.get(in.position() + i) != 0;
                }
            }
            case INT8 -> in.get((byte[]) data);
            case INT16 -> in.asShortBuffer().get((short[]) data);
            case INT32 -> in.asIntBuffer().get((int[]) data);
            case INT64 -> in.asLongBuffer().get((long[]) data);
            case FLOAT32, COMPLEX64 -> in.asFloatBuffer().get((float[]) data);
            case FLOAT64, COMPLEX128 -> in.asDoubleBuffer().get((double[]) data);
        }
        return new NDArray(dtype, shape, data);
    }

    static List<NDArrayRecord> encodeAll(List<NDArray> arrays) {
        List<NDArrayRecord> out = new ArrayList<>(arrays.size());
        for (NDArray a : arrays) {
            out.add(encode(a));
        }
        return out;
    }

    static List<NDArray> decodeAll(List<NDArrayRecord> records) {
        List<NDArray> out = new ArrayList<>(records.size());
        for (NDArrayRecord r : records) {
            out.add(decode(r));
        }
        return out;
    }
}
