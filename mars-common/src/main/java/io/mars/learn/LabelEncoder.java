package io.mars.learn;

import io.mars.Session;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.dataframe.Series;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import io.mars.types.DType;
import io.mars.types.LocalTable;
import io.mars.types.NDArray;
import java.util.ArrayList;
import java.util.List;

/**
 * scikit-learn's {@code LabelEncoder}: each label as its position among the sorted distinct labels seen by fit.
 * Numeric labels come as a tensor, string labels as a series. {@link #fit} runs one task (the distinct labels);
 * transform and inverse transform are lazy, so a label fit never saw cannot fail them: it is encoded as -1 (where
 * scikit-learn raises).
 */
public final class LabelEncoder {
    private NDArray numericClasses;
    private List<String> stringClasses;

    /** Finds the sorted distinct values of numeric labels y (samples,). */
    public LabelEncoder fit(Tensor y, Session session) {
        Inputs.vector(y, "y");
        NDArray classes = session.execute(Tensors.unique(y));
        if (classes.dtype().isFloat() && classes.size() > 0 && Double.isNaN(classes.getDouble(classes.size() - 1))) {
            throw new MarsException(ErrorCode.NON_FINITE_INPUT, "Input y contains NaN.");
        }
        requireSome(classes.size(), "y");
        this.numericClasses = classes;
        this.stringClasses = null;
        return this;
    }

    /** Finds the sorted distinct values of the string labels of a series. */
    public LabelEncoder fit(Series y, Session session) {
        List<String> classes = distinctStrings(y, session);
        requireSome(classes.size(), y.name());
        this.stringClasses = classes;
        this.numericClasses = null;
        return this;
    }

    /** Each label's class index (int64), -1 for a label fit did not see; lazy. */
    public Tensor transform(Tensor y) {
        requireFitted();
        Inputs.vector(y, "y");
        if (numericClasses == null) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "This LabelEncoder was fitted on string labels; give"
                    + " them as a series");
        }
        Tensor classes = Inputs.tensor(numericClasses);
        long last = numericClasses.size() - 1;
        Tensor position = classes.searchsorted(y);
        Tensor found = classes.take(Tensors.minimum(position, last)).equal(y);
        return Tensors.where(found, position, -1L);
    }

    /** Each string label's class index (int64), -1 for a label fit did not see; lazy. */
    public Tensor transform(Series y) {
        requireFitted();
        if (stringClasses == null) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "This LabelEncoder was fitted on numeric labels;"
                    + " give them as a tensor");
        }
        // one comparison per class: the index plus one where the label matches, summed, less one
        Series code = null;
        for (int k = 0; k < stringClasses.size(); k++) {
            Series match = y.eq(stringClasses.get(k)).astype(DType.INT64).multiply((long) k + 1);
            code = code == null ? match : code.add(match);
        }
        return code.subtract(1L).toTensor();
    }

    public Tensor fitTransform(Tensor y, Session session) {
        return fit(y, session).transform(y);
    }

    /** The numeric labels of class indices, lazily. */
    public Tensor inverseTransform(Tensor codes) {
        requireFitted();
        if (numericClasses == null) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "This LabelEncoder was fitted on string labels;"
                    + " see classesAsStrings()");
        }
        return Inputs.tensor(numericClasses).take(Inputs.vector(codes, "y"));
    }

    /** scikit-learn's {@code classes_} of numeric labels, sorted. */
    public Tensor classes() {
        requireFitted();
        if (numericClasses == null) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "This LabelEncoder was fitted on string labels;"
                    + " see classesAsStrings()");
        }
        return Inputs.tensor(numericClasses);
    }

    /** scikit-learn's {@code classes_} of string labels, sorted. */
    public List<String> classesAsStrings() {
        requireFitted();
        if (stringClasses == null) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "This LabelEncoder was fitted on numeric labels;"
                    + " see classes()");
        }
        return stringClasses;
    }

    private static void requireSome(int classes, String name) {
        if (classes == 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "Input " + name + " holds no labels to encode");
        }
    }

    private void requireFitted() {
        Inputs.requireFitted(numericClasses != null ? numericClasses : stringClasses, "LabelEncoder");
    }

    /** The distinct non-null strings of a string series, sorted; a null among them is refused. */
    static List<String> distinctStrings(Series y, Session session) {
        if (y.dtype() != DType.STRING) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "Series '" + y.name() + "' holds " + y.dtype()
                    + ", not strings; give numeric labels as a tensor (Series.toTensor())");
        }
        LocalTable values = y.unique().execute(session);
        var column = values.column(0);
        List<String> out = new ArrayList<>(column.length());
        for (int i = 0; i < column.length(); i++) {
            if (column.isNull(i)) {
                throw new MarsException(ErrorCode.NON_FINITE_INPUT, "Input '" + y.name() + "' contains a missing"
                        + " value (null)");
            }
            out.add(column.getString(i));
        }
        out.sort(null);
        return List.copyOf(out);
    }
}
