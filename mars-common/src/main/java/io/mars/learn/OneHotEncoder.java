package io.mars.learn;

import io.mars.Session;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.dataframe.DataFrame;
import io.mars.dataframe.Series;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import io.mars.types.DType;
import io.mars.types.LocalTable;
import java.util.ArrayList;
import java.util.List;

/**
 * scikit-learn's {@code OneHotEncoder} for the categorical columns of a DataFrame (strings or integers): each
 * column becomes one 0/1 indicator per category, the categories of a column sorted as scikit-learn sorts them.
 * {@link #fit} runs one task per column (its distinct values); {@link #transform} is lazy and gives a dense
 * float64 tensor (scikit-learn's {@code sparse_output=False}). A category fit did not see gets all zeros, as
 * scikit-learn's {@code handle_unknown='ignore'} (its default, 'error', would need a task to check).
 */
public final class OneHotEncoder {
    /** A category of one column: its text (string columns) or its value (integer columns). */
    private record Category(String text, long value) {
    }

    private List<String> columns;
    private List<List<Category>> categories;

    /** Finds each column's sorted distinct values. Every column of the frame is encoded. */
    public OneHotEncoder fit(DataFrame frame, Session session) {
        List<String> names = List.copyOf(frame.columns());
        List<List<Category>> found = new ArrayList<>();
        for (String name : names) {
            Series column = frame.col(name);
            found.add(switch (column.dtype()) {
                case STRING -> LabelEncoder.distinctStrings(column, session).stream()
                        .map(s -> new Category(s, 0)).toList();
                case INT32, INT64 -> distinctIntegers(column, session);
                default -> throw new MarsException(ErrorCode.INVALID_ARGUMENT, "OneHotEncoder encodes string and"
                        + " integer columns; column '" + name + "' holds " + column.dtype());
            });
        }
        this.columns = names;
        this.categories = List.copyOf(found);
        return this;
    }

    /** The indicators of each row (rows × all columns' categories), column by column, lazily. */
    public Tensor transform(DataFrame frame) {
        Inputs.requireFitted(columns, "OneHotEncoder");
        if (!frame.columns().equals(columns)) {
            throw new MarsException(ErrorCode.SHAPE_MISMATCH, "The feature names should match those that were"
                    + " passed during fit: fitted on " + columns + ", got " + frame.columns());
        }
        List<Tensor> indicators = new ArrayList<>();
        for (int j = 0; j < columns.size(); j++) {
            Series column = frame.col(columns.get(j));
            boolean text = column.dtype() == DType.STRING;
            for (Category c : categories.get(j)) {
                Series match = text ? column.eq(c.text()) : column.eq((double) c.value());
                indicators.add(match.astype(DType.FLOAT64).toTensor());
            }
        }
        return Tensors.stack(indicators, 1);
    }

    public Tensor fitTransform(DataFrame frame, Session session) {
        return fit(frame, session).transform(frame);
    }

    /** scikit-learn's {@code categories_}: each column's categories, as text. */
    public List<List<String>> categories() {
        Inputs.requireFitted(columns, "OneHotEncoder");
        return categories.stream().map(cs -> cs.stream().map(Category::text).toList()).toList();
    }

    /** scikit-learn's {@code get_feature_names_out()}: {@code column_category} for each output column. */
    public List<String> featureNamesOut() {
        Inputs.requireFitted(columns, "OneHotEncoder");
        List<String> out = new ArrayList<>();
        for (int j = 0; j < columns.size(); j++) {
            for (Category c : categories.get(j)) {
                out.add(columns.get(j) + "_" + c.text());
            }
        }
        return out;
    }

    private static List<Category> distinctIntegers(Series column, Session session) {
        LocalTable values = column.unique().execute(session);
        var data = values.column(0);
        List<Long> distinct = new ArrayList<>();
        for (int i = 0; i < data.length(); i++) {
            if (data.isNull(i)) {
                throw new MarsException(ErrorCode.NON_FINITE_INPUT, "Input '" + column.name() + "' contains a"
                        + " missing value (null)");
            }
            distinct.add(data.getLong(i));
        }
        distinct.sort(null);
        return distinct.stream().map(v -> new Category(Long.toString(v), v)).toList();
    }
}
