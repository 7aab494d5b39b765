package io.mars.common.operand.dataframe;

import io.mars.types.DType;
import java.util.List;

/** An operand reading a file's columns, which column pruning can narrow to those read downstream. */
public interface ColumnsReader<R extends ColumnsReader<R>> {
    List<String> columns();

    List<DType> dtypes();

    /** The same read of only {@code keep} (a subset of {@link #columns()}, in order) with their {@code types}. */
    R withColumns(List<String> keep, List<DType> types);
}
