package io.mars.learn;

import io.mars.Persisted;
import io.mars.Session;
import io.mars.common.graph.Tileable;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.dataframe.DataFrame;
import io.mars.dataframe.Series;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import io.mars.types.ChunkSpec;
import io.mars.types.DType;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import io.mars.types.Shapes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** The checks scikit-learn's {@code check_array} and {@code check_X_y} make, with Mars's error codes. */
final class Inputs {
    private Inputs() {
    }

    /** {@code x} as a float64 matrix of known shape (samples, features). */
    static Tensor matrix(Tensor x, String name) {
        requireKnownShape(x, name);
        if (x.ndim() != 2) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "Expected 2D array, got " + x.ndim() + "D array"
                    + " instead: " + name + " of shape " + Shapes.toString(x.shape()) + "; reshape it to (-1, 1) for"
                    + " one feature or (1, -1) for one sample");
        }
        return asFloat(x);
    }

    /** The numeric columns of a frame as a float64 matrix (rows × columns); a string column is refused, named. */
    static Tensor matrix(DataFrame x, String name) {
        List<String> columns = x.columns();
        for (int j = 0; j < columns.size(); j++) {
            if (x.dtypes().get(j) == DType.STRING) {
                throw new MarsException(ErrorCode.INVALID_ARGUMENT, name + " column '" + columns.get(j) + "' holds"
                        + " strings; encode it first (OneHotEncoder, LabelEncoder) or drop it");
            }
        }
        return matrix(x.toTensor(), name);
    }

    /** A numeric series (labels or targets) as a tensor; a string series is refused. */
    static Tensor vector(Series y, String name) {
        if (y.dtype() == DType.STRING) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, name + " series '" + y.name() + "' holds strings;"
                    + " encode it first with LabelEncoder");
        }
        return y.toTensor();
    }

    /** {@code y} as a float64 vector (one target) or matrix (several) with as many rows as {@code x}. */
    static Tensor targets(Tensor y, String name, Tensor x) {
        requireKnownShape(y, name);
        if (y.ndim() < 1 || y.ndim() > 2) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, name + " must be 1- or 2-dimensional, got shape "
                    + Shapes.toString(y.shape()));
        }
        sameSamples(x, "X", y, name);
        return asFloat(y);
    }

    /** A 1-d vector of known length, as the metrics of labels take. */
    static Tensor vector(Tensor y, String name) {
        requireKnownShape(y, name);
        if (y.ndim() != 1) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, name + " must be 1-dimensional, got shape "
                    + Shapes.toString(y.shape()));
        }
        return y;
    }

    /** Both arrays have the same number of rows (samples), as scikit-learn's {@code check_consistent_length}. */
    static void sameSamples(Tensor a, String aName, Tensor b, String bName) {
        long na = a.shape()[0];
        long nb = b.shape()[0];
        if (na != nb) {
            throw new MarsException(ErrorCode.INCONSISTENT_SAMPLES, "Found input variables with inconsistent numbers"
                    + " of samples: [" + na + ", " + nb + "] (" + aName + " of shape " + Shapes.toString(a.shape())
                    + ", " + bName + " of shape " + Shapes.toString(b.shape()) + ")");
        }
    }

    static void sameFeatures(Tensor x, long expected, String estimator) {
        long got = x.shape()[1];
        if (got != expected) {
            throw new MarsException(ErrorCode.SHAPE_MISMATCH, "X has " + got + " features, but " + estimator
                    + " is expecting " + expected + " features as input (X of shape " + Shapes.toString(x.shape())
                    + ")");
        }
    }

    static void requireFitted(Object attribute, String estimator) {
        if (attribute == null) {
            throw new MarsException(ErrorCode.NOT_FITTED, "This " + estimator + " instance is not fitted yet. Call"
                    + " 'fit' with appropriate arguments before using this estimator.");
        }
    }

    /**
     * Runs, in one task, a check that each named input is finite (no NaN, no infinity) together with
     * {@code alsoCompute}, and returns the values of the latter. A non-finite input fails with NON_FINITE_INPUT
     * naming it, as scikit-learn refuses such input before fitting.
     */
    static List<NDArray> requireFinite(Session session, List<String> names, List<Tensor> inputs,
            Tensor... alsoCompute) {
        // scikit-learn's fast path: one sum per input, finite unless the input holds NaN or infinity (or its sum
        // overflows); only then the exact checks, which name what was found
        List<Tensor> run = new ArrayList<>();
        for (Tensor t : inputs) {
            run.add(t.sum());
        }
        run.addAll(Arrays.asList(alsoCompute));
        List<NDArray> values = session.execute(run.toArray(new Tensor[0]));
        for (int i = 0; i < inputs.size(); i++) {
            if (!Double.isFinite(values.get(i).getDouble())) {
                requireFiniteExactly(session, names.get(i), inputs.get(i));
            }
        }
        return values.subList(inputs.size(), values.size());
    }

    /**
     * X kept on the workers for an iterative fit ({@link Session#persist}), with its column means (and
     * {@code alsoCompute}) computed in the same task, so that X's source (a .npy or Parquet file, a chain of operations)
     * is read once, not once for the checks and once more to keep it. The means are also X's finiteness check (as
     * {@link #requireFinite}): every element enters one of them, so a NaN or an infinity in X makes one non-finite,
     * and only then are X's elements looked at. Closing it releases X and those values.
     */
    record Kept(Persisted persisted, double[] means, List<NDArray> values) implements AutoCloseable {
        static Kept of(Session session, String name, Tensor x, Tensor... alsoCompute) {
            Tensor[] reductions = new Tensor[alsoCompute.length + 1];
            reductions[0] = x.mean(new int[] {0});
            System.arraycopy(alsoCompute, 0, reductions, 1, alsoCompute.length);
            Tileable[] kept = new Tileable[reductions.length + 1];
            kept[0] = x;
            System.arraycopy(reductions, 0, kept, 1, reductions.length);
            Persisted persisted = session.persist(kept);
            try {
                // stored by the persisting task: fetched, not computed again
                List<NDArray> values = session.execute(reductions);
                double[] means = values.get(0).toDoubleArray();
                for (double m : means) {
                    if (!Double.isFinite(m)) {
                        requireFiniteExactly(session, name, x);
                        break;
                    }
                }
                return new Kept(persisted, means, values.subList(1, values.size()));
            } catch (RuntimeException e) {
                persisted.close();
                throw e;
            }
        }

        @Override
        public void close() {
            persisted.close();
        }
    }

    /** Fails with NON_FINITE_INPUT, naming the input, if it holds NaN or infinity (two passes over it). */
    static void requireFiniteExactly(Session session, String name, Tensor input) {
        List<NDArray> found = session.execute(Tensors.isnan(input).any(), Tensors.isinf(input).any());
        if (found.get(0).getBoolean()) {
            throw new MarsException(ErrorCode.NON_FINITE_INPUT, "Input " + name + " contains NaN.");
        }
        if (found.get(1).getBoolean()) {
            throw new MarsException(ErrorCode.NON_FINITE_INPUT, "Input " + name + " contains infinity or a value too"
                    + " large for dtype('float64').");
        }
    }

    /** A small array computed on the client (a fitted attribute) as a tensor of one chunk. */
    static Tensor tensor(NDArray value) {
        return Tensors.array(value, ChunkSpec.of(Math.max(1, Arrays.stream(value.shapeView()).max().orElse(1))));
    }

    static Tensor tensor(double[] values) {
        return tensor(NDArray.of(values.clone(), values.length));
    }

    static Tensor tensor(double[][] rows) {
        int cols = rows.length == 0 ? 0 : rows[0].length;
        double[] flat = new double[rows.length * cols];
        for (int i = 0; i < rows.length; i++) {
            System.arraycopy(rows[i], 0, flat, i * cols, cols);
        }
        return tensor(NDArray.of(flat, rows.length, cols));
    }

    static Tensor asFloat(Tensor x) {
        return x.dtype() == DataType.FLOAT64 ? x : Tensors.astype(x, DataType.FLOAT64);
    }

    static void requireKnownShape(Tensor x, String name) {
        if (!Shapes.isKnown(x.shape())) {
            throw new MarsException(ErrorCode.NOT_SUPPORTED, name + " has a shape known only once computed ("
                    + Shapes.toString(x.shape()) + "); execute it first");
        }
    }
}
