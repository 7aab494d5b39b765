package io.mars.tensor;

import io.mars.Session;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.model.Keys;
import io.mars.common.operand.Operand;
import io.mars.common.operand.Scalar;
import io.mars.common.operand.tensor.TensorDiag;
import io.mars.common.operand.tensor.TensorElementwise;
import io.mars.common.operand.tensor.TensorEye;
import io.mars.common.operand.tensor.TensorFromNpy;
import io.mars.common.operand.tensor.TensorFull;
import io.mars.common.operand.tensor.TensorLinspace;
import io.mars.common.operand.tensor.TensorToNpy;
import io.mars.common.operand.tensor.TensorTriangle;
import io.mars.types.ChunkSpec;
import io.mars.types.DataType;
import io.mars.types.Npy;
import io.mars.types.Shapes;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.List;

/** The creation functions behind {@link Tensors}: filled tensors, ranges, eye/diag/tril/triu and {@code .npy} I/O. */
final class Creation {
    private Creation() {
    }

    static Tensor full(long[] shape, Scalar value, DataType dtype, ChunkSpec chunks) {
        TensorRandom.checkShape(shape);
        chunks.resolve(shape, dtype, Long.MAX_VALUE);
        return new Tensor(new TensorFull(value, chunks), List.of(), dtype, shape);
    }

    /** A tensor like {@code t} (shape, and dtype unless given) filled with {@code value}, cut as {@code t} is. */
    static Tensor fullLike(Tensor t, Scalar value, DataType dtype, ChunkSpec chunks) {
        if (Shapes.size(t.shape()) == Shapes.UNKNOWN) {
            throw new MarsException(ErrorCode.NOT_SUPPORTED, "a tensor like one of unknown shape "
                    + Shapes.toString(t.shape()) + " is not supported yet; execute it first");
        }
        return full(t.shape(), value, dtype == null ? t.dtype() : dtype, chunks == null ? chunksOf(t) : chunks);
    }

    /**
     * The chunking {@code t} was declared with: a creation operand's own spec, followed through element-wise
     * operations to their first input of the same shape; automatic when {@code t} does not say.
     */
    static ChunkSpec chunksOf(Tensor t) {
        Tensor cur = t;
        while (true) {
            Operand op = cur.op();
            if (op instanceof Record r) {
                for (RecordComponent c : r.getClass().getRecordComponents()) {
                    if (c.getType() == ChunkSpec.class) {
                        try {
                            return (ChunkSpec) c.getAccessor().invoke(r);
                        } catch (ReflectiveOperationException e) {
                            throw new IllegalStateException("cannot read " + c.getName() + " of " + op.wireName(), e);
                        }
                    }
                }
            }
            Tensor next = null;
            if (op instanceof TensorElementwise) {
                for (Tensor in : cur.inputs()) {
                    if (Arrays.equals(in.shape(), cur.shape())) {
                        next = in;
                        break;
                    }
                }
            }
            if (next == null) {
                return ChunkSpec.auto();
            }
            cur = next;
        }
    }

    static Tensor linspace(double start, double stop, long num, boolean endpoint, DataType dtype, ChunkSpec chunks) {
        if (num < 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "Number of samples, " + num + ", must be non-negative.");
        }
        long[] shape = {num};
        chunks.resolve(shape, dtype, Long.MAX_VALUE);
        return new Tensor(new TensorLinspace(start, stop, num, endpoint, chunks), List.of(), dtype, shape);
    }

    static Tensor eye(long n, long m, long k, DataType dtype, ChunkSpec chunks) {
        long[] shape = {n, m};
        if (n < 0 || m < 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "negative dimensions are not allowed: eye(N=" + n
                    + ", M=" + m + ")");
        }
        chunks.resolve(shape, dtype, Long.MAX_VALUE);
        return new Tensor(new TensorEye(k, chunks), List.of(), dtype, shape);
    }

    static Tensor diag(Tensor v, long k) {
        long[] s = v.shape();
        if (s.length == 1) {
            long size = s[0] == Shapes.UNKNOWN ? Shapes.UNKNOWN : Math.addExact(s[0], Math.abs(k));
            return new Tensor(new TensorDiag(k), List.of(v), v.dtype(), new long[] {size, size});
        }
        if (s.length == 2) {
            long row = Math.max(-k, 0);
            long col = Math.max(k, 0);
            long len = s[0] == Shapes.UNKNOWN || s[1] == Shapes.UNKNOWN ? Shapes.UNKNOWN
                    : Math.max(0, Math.min(s[0] - row, s[1] - col));
            return new Tensor(new TensorDiag(k), List.of(v), v.dtype(), new long[] {len});
        }
        throw new MarsException(ErrorCode.INVALID_ARGUMENT, "Input must be 1- or 2-d. (diag of an array of shape "
                + Shapes.toString(s) + ")");
    }

    static Tensor triangle(Tensor m, long k, boolean lower) {
        String name = lower ? "tril" : "triu";
        if (m.ndim() == 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, name + " needs an array of at least 1 dimension, got"
                    + " a 0-d array");
        }
        Tensor src = m;
        if (m.ndim() == 1) {
            // numpy treats a vector as the rows of a square matrix: mask * broadcast(m)
            long n = m.shape()[0];
            if (n == Shapes.UNKNOWN) {
                throw new MarsException(ErrorCode.NOT_SUPPORTED, name + " of a vector of unknown length is not"
                        + " supported yet; execute it first");
            }
            src = full(new long[] {n, 1}, Scalar.of(1L), m.dtype(), ChunkSpec.auto()).multiply(m);
        }
        return new Tensor(new TensorTriangle(k, lower), List.of(src), src.dtype(), src.shape());
    }

    static Tensor fromNpy(String path, ChunkSpec chunks) {
        Path local = Npy.localPath(path).toAbsolutePath();
        Npy.Header h = Npy.readHeader(local);
        chunks.resolve(h.shape(), h.dtype(), Long.MAX_VALUE);
        return new Tensor(new TensorFromNpy(local.toString(), h.dataOffset(), chunks), List.of(), h.dtype(),
                h.shape());
    }

    /**
     * Writes {@code t} as {@code numpy.save} would. On a session whose workers see the client's files, the client
     * writes the header and sizes the file, and every chunk writes its own bytes where it holds them, so a tensor larger
     * than the client's memory never passes through it; otherwise the client fetches it and writes it. Either way the
     * file appears whole or not at all: it is written under a temporary name beside {@code path} and renamed.
     */
    static void toNpy(Tensor t, String path, Session session) {
        Path local = Npy.localPath(path).toAbsolutePath();
        Path partial = local.resolveSibling("." + local.getFileName() + ".partial-" + Keys.newKey("npy"));
        boolean done = false;
        try {
            long[] shape = t.shape();
            if (!session.workersShareLocalFiles() || shape.length == 0 || !Shapes.isKnown(shape)) {
                Npy.write(t.execute(session), partial);
            } else {
                writeFromWorkers(t, shape, partial, session);
            }
            Files.move(partial, local, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            done = true;
        } catch (IOException e) {
            throw new MarsException(ErrorCode.FILE_IO_FAILED, "cannot write " + local + ": " + e);
        } finally {
            if (!done) {
                try {
                    Files.deleteIfExists(partial);
                } catch (IOException ignored) {
                    // the error being thrown says what went wrong; a leftover temporary file is named after the target
                }
            }
        }
    }

    private static void writeFromWorkers(Tensor t, long[] shape, Path file, Session session) throws IOException {
        byte[] header = Npy.header(t.dtype(), shape);
        long nbytes = Shapes.size(shape) * t.dtype().itemSize();
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) { // a new file: its name is unique
            f.write(header);
            f.setLength(header.length + nbytes);
        }
        Tensor writers = new Tensor(new TensorToNpy(file.toString(), header.length), List.of(t), DataType.INT64,
                new long[0]);
        long written = session.execute(writers).toLongArray()[0];
        session.release(writers);
        if (written != nbytes) {
            throw new MarsException(ErrorCode.INTERNAL_ERROR, "the workers wrote " + written + " bytes of " + file
                    + ", the array holds " + nbytes);
        }
    }
}
