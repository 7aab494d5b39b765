package io.mars.common.optimize.pruning;

import io.mars.common.operand.Operand;
import io.mars.common.operand.dataframe.DataFrameFromLocal;
import io.mars.common.operand.dataframe.DataFrameFromTensor;
import io.mars.common.operand.dataframe.DataFrameReadCsv;
import io.mars.common.operand.dataframe.DataFrameReadParquet;
import io.mars.common.operand.dataframe.DataFrameTpch;
import io.mars.common.operand.dataframe.DataFrameToTensor;
import io.mars.common.operand.dataframe.DataFrameWrite;
import io.mars.common.operand.dataframe.SeriesAccessor;
import io.mars.common.operand.dataframe.SeriesMap;
import io.mars.common.operand.dataframe.TableAggPartial;
import io.mars.common.operand.dataframe.TableAggStates;
import io.mars.common.operand.dataframe.TableAggregate;
import io.mars.common.operand.dataframe.TableConcat;
import io.mars.common.operand.dataframe.TableDropDuplicates;
import io.mars.common.operand.dataframe.TableFilter;
import io.mars.common.operand.dataframe.TableHead;
import io.mars.common.operand.dataframe.TableMap;
import io.mars.common.operand.dataframe.TableMapPartitions;
import io.mars.common.operand.dataframe.TableMerge;
import io.mars.common.operand.dataframe.TableRequireRows;
import io.mars.common.operand.dataframe.TableRowPositions;
import io.mars.common.operand.dataframe.TableSortValues;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The column-pruning rule of each table operand, by operand class. Every tileable dataframe operand has an entry,
 * {@link NeedsAllColumns} included, so that what a new one does is a decision (the operand completeness test fails
 * on a table operand without one). Immutable: {@link #with} gives a new set of rules.
 */
public final class PruningRules {
    private static final PruningRules STANDARD = new PruningRules(Map.of())
            .with(DataFrameReadCsv.class, new PruneReaderColumns<>())
            .with(DataFrameReadParquet.class, new PruneReaderColumns<>())
            .with(DataFrameTpch.class, new PruneReaderColumns<>())
            .with(TableMap.class, new PruneMapColumns())
            .with(TableFilter.class, new PruneFilterColumns())
            .with(TableHead.class, new PruneHeadColumns())
            .with(TableSortValues.class, new PruneSortValuesColumns())
            .with(TableDropDuplicates.class, new PruneDropDuplicatesColumns())
            .with(TableAggregate.class, new PruneAggregateColumns())
            .with(TableAggPartial.class, new PruneAggPartialColumns())
            .with(SeriesAccessor.class, new PruneSeriesAccessorColumns())
            .with(TableRowPositions.class, new PruneRowPositionsColumns())
            .with(SeriesMap.class, new PruneSeriesMapColumns())
            // a user function may read any column of its partition
            .with(TableMapPartitions.class, new NeedsAllColumns<>())
            .with(io.mars.common.operand.dataframe.TableApplyRows.class, new NeedsAllColumns<>())
            .with(io.mars.common.operand.dataframe.TableApplyRowsExpand.class, new NeedsAllColumns<>())
            .with(io.mars.common.operand.dataframe.TableGroupApply.class, new NeedsAllColumns<>())
            .with(io.mars.common.operand.dataframe.SeriesApplyWhole.class, new NeedsAllColumns<>())
            .with(io.mars.common.operand.dataframe.TableAlignSeries.class, new NeedsAllColumns<>())
            // sources from local data or a tensor: nothing to prune yet
            .with(DataFrameFromLocal.class, new NeedsAllColumns<>())
            .with(DataFrameFromTensor.class, new NeedsAllColumns<>())
            // every column goes into the result: a tensor, a file, the partial states of a tree
            .with(DataFrameToTensor.class, new NeedsAllColumns<>())
            .with(DataFrameWrite.class, new NeedsAllColumns<>())
            .with(TableAggStates.class, new NeedsAllColumns<>())
            .with(TableMerge.class, new PruneMergeColumns())
            // not taught yet: a concat's parts may be labelled differently
            .with(TableConcat.class, new NeedsAllColumns<>())
            .with(TableRequireRows.class, new NeedsAllColumns<>())
            // not taught yet: running and window functions pass every column through
            .with(io.mars.common.operand.dataframe.TableScan.class, new NeedsAllColumns<>())
            .with(io.mars.common.operand.dataframe.TableWindow.class, new NeedsAllColumns<>())
            .with(io.mars.common.operand.dataframe.TableEwm.class, new NeedsAllColumns<>())
            .with(io.mars.common.operand.dataframe.TableGroupScan.class, new NeedsAllColumns<>())
            .with(io.mars.common.operand.dataframe.TableIloc.class, new NeedsAllColumns<>());

    private static final PruningRule<Operand> NOT_A_TABLE = new NeedsAllColumns<>();

    private final Map<Class<? extends Operand>, PruningRule<?>> rules;

    private PruningRules(Map<Class<? extends Operand>, PruningRule<?>> rules) {
        this.rules = Map.copyOf(rules);
    }

    /** The rules of every built-in table operand. */
    public static PruningRules standard() {
        return STANDARD;
    }

    /** These rules plus (or with a replaced) rule for operands of class {@code type}. */
    public <O extends Operand> PruningRules with(Class<O> type, PruningRule<O> rule) {
        Map<Class<? extends Operand>, PruningRule<?>> copy = new HashMap<>(rules);
        copy.put(Objects.requireNonNull(type, "type"), Objects.requireNonNull(rule, "rule"));
        return new PruningRules(copy);
    }

    /** These rules without the one for {@code type}: what a forgotten entry looks like, for tests. */
    public PruningRules without(Class<? extends Operand> type) {
        Map<Class<? extends Operand>, PruningRule<?>> copy = new HashMap<>(rules);
        copy.remove(type);
        return new PruningRules(copy);
    }

    public boolean has(Class<? extends Operand> type) {
        return rules.containsKey(type);
    }

    /**
     * The rule for {@code op}'s class; for an operand without one (tensor operands, which read no table) every
     * column of every input is needed.
     */
    @SuppressWarnings("unchecked")
    public PruningRule<Operand> ruleFor(Operand op) {
        PruningRule<?> rule = rules.get(op.getClass());
        return rule == null ? NOT_A_TABLE : (PruningRule<Operand>) rule;
    }
}
