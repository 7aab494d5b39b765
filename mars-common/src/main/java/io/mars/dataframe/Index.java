package io.mars.dataframe;

import io.mars.Session;
import io.mars.common.graph.Tileable;
import io.mars.common.graph.TileableNode;
import io.mars.common.operand.Operand;
import io.mars.common.operand.dataframe.ColumnExpr;
import io.mars.common.operand.dataframe.ColumnRef;
import io.mars.common.operand.dataframe.TableMap;
import io.mars.tensor.Tensor;
import io.mars.types.Column;
import io.mars.types.DType;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The row labels of a {@link DataFrame} or {@link Series} (pandas' {@code df.index}), lazy and cut by rows like its
 * frame: a one-column table whose values are the labels in row order. A frame built from data has the positions
 * {@code 0..n-1} (pandas' RangeIndex); {@code setIndex} makes a column the labels; operations moving rows keep them.
 */
public final class Index implements Tileable {
    private final String key;
    private final Operand op;
    private final List<Tileable> inputs;
    private final String name;
    private final DType dtype;
    private final long length;

    private Index(Operand op, List<? extends Tileable> inputs, String name, DType dtype, long length) {
        this.key = io.mars.common.wire.TileableKeys.newKey("ix", op, inputs);
        this.op = Objects.requireNonNull(op, "op");
        this.inputs = List.copyOf(inputs);
        this.name = name;
        this.dtype = Objects.requireNonNull(dtype, "dtype");
        this.length = length;
    }

    /** The labels of {@code table} (a frame or series whose labels are stored), a column of its chunks. */
    static Index of(Tileable table, RowLabels labels, long length) {
        ColumnExpr values = ColumnExpr.column(valueName(labels.name()), labels.dtype(),
                new ColumnRef(0, RowLabels.COLUMN));
        return new Index(new TableMap(List.of(values)), List.of(table), labels.name(), labels.dtype(), length);
    }

    /** The name of the one column an index's chunks hold. */
    private static String valueName(String name) {
        return name == null ? "index" : name;
    }

    @Override
    public String key() {
        return key;
    }

    @Override
    public List<Tileable> tileableInputs() {
        return inputs;
    }

    @Override
    public TileableNode toNode() {
        return new TileableNode(key, op, inputKeys(), null, new long[] {length});
    }

    /** pandas' {@code Index.name}: empty when the index has none (a RangeIndex, or positions kept by a row op). */
    public Optional<String> name() {
        return Optional.ofNullable(name);
    }

    public DType dtype() {
        return dtype;
    }

    /** The number of labels, or -1 when known only once computed. */
    public long length() {
        return length;
    }

    /** Runs the graph and returns the labels, named as the index ({@code ""} for none). */
    public Column execute(Session session) {
        Column c = session.executeTables(this).get(0).column(0);
        return c.withName(name == null ? "" : name);
    }

    /** The labels as a series (pandas' {@code Index.to_series()}, but labelled by position). */
    public Series toSeries() {
        String n = valueName(name);
        return new Series(new TableMap(List.of(ColumnExpr.column(n, dtype, new ColumnRef(0, n)))), List.of(this), n,
                dtype, length);
    }

    /** The labels as a 1-d tensor (pandas' {@code Index.to_numpy()}). */
    public Tensor toTensor() {
        return toSeries().toTensor();
    }

    /** pandas' {@code Index.size}, lazily: the number of labels, nulls included, as a one-row int64 series. */
    public Series size() {
        return toSeries().isna().count();
    }

    /** The number of non-null labels, as a one-row int64 series. */
    public Series count() {
        return toSeries().count();
    }

    /** The smallest label (nulls skipped), as a one-row series. */
    public Series min() {
        return toSeries().min();
    }

    public Series max() {
        return toSeries().max();
    }

    /** pandas' {@code Index.unique()}: the distinct labels in order of first appearance, as an index of that name. */
    public Index unique() {
        Series u = toSeries().unique();
        String n = valueName(name);
        return new Index(new TableMap(List.of(ColumnExpr.column(n, dtype, new ColumnRef(0, n)))), List.of(u), name,
                dtype, u.length());
    }

    @Override
    public String toString() {
        return "Index[" + (name == null ? "" : name + ", ") + dtype + ", " + (length < 0 ? "?" : length) + " labels]";
    }
}
