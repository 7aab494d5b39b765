package io.mars.container.kernels;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.operand.dataframe.AggSpec;
import io.mars.common.table.Columns;
import io.mars.types.Column;
import io.mars.types.DType;
import io.mars.types.LocalTable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Hash aggregation of heap columns into mergeable states. A state table has the key columns, then for aggregation
 * {@code i} the columns {@code i.n} (non-null count, or rows for size), {@code i.s} (sum), {@code i.mean} and
 * {@code i.m2} (var/std, merged with Chan et al.'s pairwise formula), or {@code i.v} (min, max, first, last). Rows
 * with a null key are dropped; with no keys there is always exactly one group.
 */
final class TableAggregation {
    private final List<String> keys;
    private final List<AggSpec> aggs;
    /** Group numbers of a single long-backed key (bool, ints, timestamps). */
    private LongGroupIds longIds;
    private int groupCount;
    private final List<int[]> keyRows = new ArrayList<>();
    private final Acc[] accs;

    TableAggregation(List<String> keys, List<AggSpec> aggs) {
        this.keys = keys;
        this.aggs = aggs;
        this.accs = new Acc[aggs.size()];
        for (int i = 0; i < accs.length; i++) {
            accs[i] = new Acc(aggs.get(i));
        }
        if (keys.isEmpty()) {
            groupCount = 1;
            grow(1);
        }
    }

    /** The most groups whose sums are added in lanes (four accumulators a group). */
    private static final int LANE_GROUPS = 4096;

    int groupCount() {
        return groupCount;
    }

    /** The group of each of the {@code n} rows of a table holding the key columns, -1 for a null key. */
    private int[] groups(List<Column> kc, int n) {
        int[] out = new int[n];
        if (keys.isEmpty()) {
            return out;
        }
        if (kc.size() == 1 && kc.get(0).dtype().isLongBacked()) {
            Column c = kc.get(0);
            long[] v = c.longs();
            byte[] nulls = c.nulls();
            LongGroupIds ids = longIds == null ? longIds = new LongGroupIds() : longIds;
            ids.number(v, nulls, n, out, r -> newGroup(kc, r));
            return out;
        }
        combinedGroups(kc, n, out);
        return out;
    }

    // --- several keys, or one of text or floats: each key column's values numbered by a dictionary of its own
    // (kept across calls, so a value keeps its number); then the pair (number of the first k columns' values, number
    // of column k's value) numbered in turn, column by column, so any number of keys of any width stays unboxed ---

    private LongGroupIds[] numberDicts;
    private Map<String, Integer>[] textDicts;
    /** {@code prefixIds[k]} numbers the pairs (number of columns 0..k, number of column k + 1's value). */
    private LongGroupIds[] prefixIds;
    /** Numbers the last prefix number (or the single column's number) as the group. */
    private LongGroupIds groupOfPrefix;

    @SuppressWarnings({"unchecked", "rawtypes"})
    private void combinedGroups(List<Column> kc, int n, int[] out) {
        int width = kc.size();
        if (numberDicts == null) {
            numberDicts = new LongGroupIds[width];
            textDicts = new Map[width];
            prefixIds = new LongGroupIds[width];
            groupOfPrefix = new LongGroupIds();
        }
        int[] prefix = new int[n];
        numberColumn(0, kc.get(0), n, prefix);
        int[] ids = new int[n];
        long[] pairs = new long[n];
        byte[] nulls = null;
        for (int k = 1; k < width; k++) {
            LongGroupIds level = prefixIds[k] == null ? prefixIds[k] = new LongGroupIds() : prefixIds[k];
            if (kc.get(k).dtype() == DType.STRING) {
                nulls = numberTextAfter(k, kc.get(k), n, prefix, nulls, level);
                continue;
            }
            numberColumn(k, kc.get(k), n, ids);
            for (int r = 0; r < n; r++) {
                if (prefix[r] < 0 || ids[r] < 0) {
                    nulls = nulls == null ? new byte[n] : nulls;
                    nulls[r] = 1;
                } else {
                    pairs[r] = (long) prefix[r] << 32 | ids[r];
                }
            }
            level.number(pairs, nulls, n, prefix, r -> { });
        }
        for (int r = 0; r < n; r++) {
            pairs[r] = prefix[r];
            if (prefix[r] < 0) {
                nulls = nulls == null ? new byte[n] : nulls;
                nulls[r] = 1;
            }
        }
        groupOfPrefix.number(pairs, nulls, n, out, r -> newGroup(kc, r));
    }

    /** {@code lastText[k][p]}: the first text of key column k seen after prefix number p; null before one is. */
    private String[][] lastText;
    /** {@code lastNext[k][p]}: the prefix number (p, {@code lastText[k][p]}) got. */
    private int[][] lastNext;

    /**
     * Replaces each row's {@code prefix} number by the number of the pair (prefix, its value of text column {@code k}),
     * as the pair numbering of the other columns does, with a shortcut for text that the keys before it determine
     * (a customer's name, address and comment after its key, as TPC-H groups them): the first text seen after each
     * prefix number gets a new pair number without hashing, and a later row whose text equals it takes that number
     * with one comparison. Other texts after the prefix go through the column's dictionary and {@code level}'s table
     * (the first text is never looked up there: its rows always take the shortcut). Numbers are handed out in row
     * order, as before. Null prefixes and null texts give -1 and mark {@code nulls} (returned, allocated when
     * needed).
     */
    private byte[] numberTextAfter(int k, Column c, int n, int[] prefix, byte[] nulls, LongGroupIds level) {
        if (lastText == null) {
            lastText = new String[textDicts.length][];
            lastNext = new int[textDicts.length][];
        }
        Map<String, Integer> dict = textDict(k);
        String[] texts = lastText[k] == null ? new String[16] : lastText[k];
        int[] next = lastNext[k] == null ? new int[16] : lastNext[k];
        List<String> v = c.strings();
        for (int r = 0; r < n; r++) {
            int p = prefix[r];
            String text = p < 0 || c.isNull(r) ? null : v.get(r);
            if (text == null) {
                nulls = nulls == null ? new byte[n] : nulls;
                nulls[r] = 1;
                prefix[r] = -1;
                continue;
            }
            if (p >= texts.length) {
                int size = Math.max(p + 1, texts.length * 2);
                texts = Arrays.copyOf(texts, size);
                next = Arrays.copyOf(next, size);
            }
            if (texts[p] == null) {
                // the first row of this prefix: its pair is new, and every later row of the pair hits the
                // shortcut, so the pair needs a number but no key in the dictionary or the level's table
                texts[p] = text;
                next[p] = level.unkeyed();
                prefix[r] = next[p];
                continue;
            }
            if (texts[p] == text || texts[p].equals(text)) {
                prefix[r] = next[p];
                continue;
            }
            prefix[r] = LongGroupIds.idOf(level.idOrAdd((long) p << 32 | textNumber(dict, text)));
        }
        lastText[k] = texts;
        lastNext[k] = next;
        return nulls;
    }

    /** The dictionary of text key column {@code k}, kept across calls so that a text keeps its number. */
    private Map<String, Integer> textDict(int k) {
        return textDicts[k] == null ? textDicts[k] = new HashMap<>() : textDicts[k];
    }

    /** The number of {@code text} in {@code dict}: the one it has, or the next one. */
    private static int textNumber(Map<String, Integer> dict, String text) {
        Integer id = dict.get(text);
        if (id == null) {
            id = dict.size();
            dict.put(text, id);
        }
        return id;
    }

    /** Numbers column {@code k}'s values into {@code ids} (-1 for null); returns how many values it has seen in all. */
    private int numberColumn(int k, Column c, int n, int[] ids) {
        if (c.dtype() == DType.STRING) {
            Map<String, Integer> dict = textDict(k);
            List<String> v = c.strings();
            for (int r = 0; r < n; r++) {
                String s = c.isNull(r) ? null : v.get(r);
                ids[r] = s == null ? -1 : textNumber(dict, s);
            }
            return dict.size();
        }
        long[] values;
        byte[] nulls = c.nulls();
        if (c.longs() != null) {
            values = c.longs();
        } else {
            double[] d = c.doubles();
            values = new long[n];
            byte[] nan = null;
            for (int r = 0; r < n; r++) {
                values[r] = Double.doubleToLongBits(d[r]);
                if (Double.isNaN(d[r])) {
                    nan = nan == null ? new byte[n] : nan;
                    nan[r] = 1;
                }
            }
            if (nan != null) {
                if (nulls != null) {
                    for (int r = 0; r < n; r++) {
                        nan[r] |= nulls[r];
                    }
                }
                nulls = nan;
            }
        }
        LongGroupIds dict = numberDicts[k] == null ? numberDicts[k] = new LongGroupIds() : numberDicts[k];
        dict.number(values, nulls, n, ids, r -> { });
        return dict.size();
    }

    /** The key of row {@code row}: its value, or the list of its values for several keys; null if one is null. */
    private static Object boxedKey(List<Column> kc, int row) {
        if (kc.size() == 1) {
            return kc.get(0).get(row);
        }
        Object[] parts = new Object[kc.size()];
        for (int k = 0; k < parts.length; k++) {
            parts[k] = kc.get(k).get(row);
            if (parts[k] == null) {
                return null;
            }
        }
        return Arrays.asList(parts);
    }

    private void newGroup(List<Column> kc, int row) {
        grow(++groupCount);
        // remember where the key came from, to copy typed key values (or box them for a sort) later
        keyRows.add(new int[] {keyColumnsIndex(kc), row});
    }

    private final List<List<Column>> keySources = new ArrayList<>();

    private int keyColumnsIndex(List<Column> kc) {
        if (keySources.isEmpty() || keySources.get(keySources.size() - 1) != kc) {
            keySources.add(kc);
        }
        return keySources.size() - 1;
    }

    private void grow(int groups) {
        for (Acc a : accs) {
            a.ensure(groups);
        }
    }

    private List<Column> keyCols(LocalTable t) {
        List<Column> kc = new ArrayList<>(keys.size());
        for (String k : keys) {
            kc.add(t.column(k));
        }
        return kc;
    }

    /** The columns of {@code t} by name: a lookup per aggregation would be quadratic in a wide frame's columns. */
    private static Map<String, Column> byName(LocalTable t) {
        Map<String, Column> out = new HashMap<>(t.columnCount() * 2);
        for (Column c : t.columns()) {
            out.put(c.name(), c);
        }
        return out;
    }

    private static Column named(Map<String, Column> byName, String name) {
        Column c = byName.get(name);
        if (c == null) {
            throw new MarsException(ErrorCode.COLUMN_NOT_FOUND, "column '" + name + "' not found; the table has "
                    + byName.keySet());
        }
        return c;
    }

    /** Adds the rows of an input chunk. */
    void addRows(LocalTable t) {
        List<Column> kc = keyCols(t);
        Map<String, Column> byName = byName(t);
        Column[] cols = new Column[accs.length];
        for (int i = 0; i < accs.length; i++) {
            cols[i] = accs[i].spec.fn() == io.mars.common.operand.dataframe.AggFn.SIZE ? null
                    : named(byName, accs[i].spec.column());
        }
        int n = t.rowCount();
        int[] groups = groups(kc, n);
        // few groups: each group's rows counted once for all aggregations, and sums added in four lanes
        GroupLanes lanes = groupCount <= LANE_GROUPS ? new GroupLanes(groups, n, groupCount) : null;
        for (int i = 0; i < accs.length; i++) {
            accs[i].addValues(groups, cols[i], n, lanes, groupCount);
        }
    }

    /** Merges a state table (of an earlier map or combine); tables must come in row order for first/last. */
    void addStates(LocalTable t) {
        List<Column> kc = keyCols(t);
        Map<String, Column> byName = byName(t);
        List<List<Column>> stateCols = new ArrayList<>(accs.length);
        for (int i = 0; i < accs.length; i++) {
            stateCols.add(accs[i].stateColumns(byName, i));
        }
        int n = t.rowCount();
        int[] groups = groups(kc, n);
        for (int r = 0; r < n; r++) {
            for (int i = 0; i < accs.length; i++) {
                accs[i].addState(groups[r], stateCols.get(i), r);
            }
        }
    }

    private List<Column> keyOutput(int[] order) {
        List<Column> out = new ArrayList<>(keys.size());
        for (int k = 0; k < keys.size(); k++) {
            out.add(order.length == 0 ? null : gatherKey(k, order));
        }
        return out;
    }

    /** Key column {@code k} of the groups {@code order}, each value copied from the row its group was first seen at. */
    private Column gatherKey(int k, int[] order) {
        int n = order.length;
        int[] first = keyRows.get(order[0]);
        Column like = keySources.get(first[0]).get(k);
        DType t = like.dtype();
        long[] longs = t.isLongBacked() ? new long[n] : null;
        double[] doubles = t.isFloat() ? new double[n] : null;
        List<String> strings = t == DType.STRING ? new ArrayList<>(n) : null;
        byte[] nulls = null;
        for (int i = 0; i < n; i++) {
            int[] src = keyRows.get(order[i]);
            Column c = keySources.get(src[0]).get(k);
            int r = src[1];
            if (c.nulls() != null) {
                nulls = nulls == null ? new byte[n] : nulls;
                nulls[i] = c.nulls()[r];
            }
            if (longs != null) {
                longs[i] = c.longs()[r];
            } else if (doubles != null) {
                doubles[i] = c.doubles()[r];
            } else {
                strings.add(c.strings().get(r));
            }
        }
        return new Column(like.name(), t, longs, doubles, strings, nulls);
    }

    private int[] identity() {
        return identity(groupCount());
    }

    /** 0, 1, ..., {@code groups - 1}: groups in the order they were first seen. */
    private static int[] identity(int groups) {
        int[] o = new int[groups];
        for (int i = 0; i < groups; i++) {
            o[i] = i;
        }
        return o;
    }

    /** The state table of everything added so far, with key columns typed like {@code like}'s. */
    LocalTable states(LocalTable like) {
        int[] order = identity();
        List<Column> out = new ArrayList<>(keyColumnsOr(like, order));
        for (int i = 0; i < accs.length; i++) {
            out.addAll(accs[i].states(i, groupCount()));
        }
        return new LocalTable(out);
    }

    private List<Column> keyColumnsOr(LocalTable like, int[] order) {
        List<Column> kc = keyOutput(order);
        for (int k = 0; k < keys.size(); k++) {
            if (kc.get(k) == null) {
                kc.set(k, Columns.slice(like.column(keys.get(k)), 0, 0));
            }
        }
        return kc;
    }

    /** The final table: keys (sorted) then one column per aggregation. */
    LocalTable result(LocalTable like) {
        int[] order = keys.isEmpty() ? identity() : sortedGroups();
        List<Column> out = new ArrayList<>(keyColumnsOr(like, order));
        for (Acc a : accs) {
            out.add(a.result(order));
        }
        return new LocalTable(out);
    }

    /**
     * The groups in the order of their keys: each key column's values replaced by their rank among its distinct
     * values, the ranks and the group number packed into one long and the longs sorted; when they need more than 63
     * bits, a sort of the boxed key tuples. Both orders are those of {@link #compareKeys}.
     */
    private int[] sortedGroups() {
        int groups = groupCount();
        int[] identity = identity();
        if (groups < 2) {
            return identity;
        }
        int bits = bitsFor(groups);
        long[][] ranks = new long[keys.size()][];
        int[] widths = new int[keys.size()];
        for (int k = 0; k < keys.size(); k++) {
            Column c = gatherKey(k, identity);
            ranks[k] = ranks(c);
            if (ranks[k] == null) {
                return boxedSort();
            }
            int distinct = 0;
            for (long r : ranks[k]) {
                distinct = Math.max(distinct, (int) r + 1);
            }
            widths[k] = bitsFor(distinct);
            bits += widths[k];
            if (bits > 63) {
                return boxedSort();
            }
        }
        int groupBits = bitsFor(groups);
        long[] packed = new long[groups];
        for (int g = 0; g < groups; g++) {
            long p = 0;
            for (int k = 0; k < ranks.length; k++) {
                p = p << widths[k] | ranks[k][g];
            }
            packed[g] = p << groupBits | g;
        }
        return TableRows.sortPacked(packed, groupBits);
    }

    /** The bits that hold the numbers 0 to {@code count - 1}. */
    private static int bitsFor(int count) {
        return Math.max(1, 32 - Integer.numberOfLeadingZeros(Math.max(1, count - 1)));
    }

    /**
     * Each row's rank among the column's distinct values (0 for the smallest), ordered as the boxed values compare:
     * numbers by value, text as {@link String#compareTo}; null when a row is null (a boxed comparison decides).
     */
    private static long[] ranks(Column c) {
        int n = c.length();
        for (int i = 0; i < n; i++) {
            if (c.isNull(i)) {
                return null;
            }
        }
        if (c.dtype() == DType.STRING) {
            long[] out = new long[n];
            Map<String, Integer> ids = new HashMap<>();
            List<String> distinct = new ArrayList<>();
            List<String> v = c.strings();
            int[] id = new int[n];
            for (int i = 0; i < n; i++) {
                id[i] = ids.computeIfAbsent(v.get(i), x -> {
                    distinct.add(x);
                    return distinct.size() - 1;
                });
            }
            Integer[] byValue = new Integer[distinct.size()];
            for (int i = 0; i < byValue.length; i++) {
                byValue[i] = i;
            }
            Arrays.sort(byValue, Comparator.comparing(distinct::get));
            int[] rankOfId = new int[byValue.length];
            for (int r = 0; r < byValue.length; r++) {
                rankOfId[byValue[r]] = r;
            }
            for (int i = 0; i < n; i++) {
                out[i] = rankOfId[id[i]];
            }
            return out;
        }
        if (c.dtype().isLongBacked()) {
            return longRanks(c.longs(), n, false);
        }
        long[] bits = new long[n];
        double[] d = c.doubles();
        for (int i = 0; i < n; i++) {
            // ordered as Double.compare orders the doubles: -0.0 before 0.0, NaN (one bit pattern) last
            long b = Double.doubleToLongBits(d[i]);
            bits[i] = b ^ (b >> 63 & Long.MAX_VALUE);
        }
        return longRanks(bits, n, true);
    }

    /**
     * Ranks of {@code v[0..n)} among their distinct values (into {@code v} itself when {@code reuse}): their offsets
     * from the smallest when the range is at most eight times the count (ordered as ranks, three bits wider at most),
     * else the distinct values sorted and numbered in that order by a hash table, one probe per row.
     */
    private static long[] longRanks(long[] v, int n, boolean reuse) {
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (int i = 0; i < n; i++) {
            min = Math.min(min, v[i]);
            max = Math.max(max, v[i]);
        }
        long[] out = reuse ? v : new long[n];
        long range = max - min + 1;
        if (range > 0 && range <= 8L * n) {
            for (int i = 0; i < n; i++) {
                out[i] = v[i] - min;
            }
            return out;
        }
        long[] sorted = Arrays.copyOf(v, n);
        Arrays.sort(sorted);
        LongGroupIds rank = LongGroupIds.forKeys(sorted, null, n);
        for (int i = 0; i < n; i++) {
            rank.idOrAdd(sorted[i]);
        }
        for (int i = 0; i < n; i++) {
            out[i] = rank.find(v[i]);
        }
        return out;
    }

    private int[] boxedSort() {
        Integer[] boxed = new Integer[groupCount()];
        Object[] groupKeys = new Object[boxed.length];
        for (int i = 0; i < boxed.length; i++) {
            boxed[i] = i;
            int[] src = keyRows.get(i);
            groupKeys[i] = boxedKey(keySources.get(src[0]), src[1]);
        }
        Arrays.sort(boxed, Comparator.comparing(g -> groupKeys[g], TableAggregation::compareKeys));
        int[] order = new int[boxed.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = boxed[i];
        }
        return order;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static int compareKeys(Object a, Object b) {
        if (a instanceof List<?> la && b instanceof List<?> lb) {
            for (int i = 0; i < la.size(); i++) {
                int c = compareKeys(la.get(i), lb.get(i));
                if (c != 0) {
                    return c;
                }
            }
            return 0;
        }
        return ((Comparable) a).compareTo(b);
    }

    /** One aggregation's per-group state. */
    private static final class Acc {
        final AggSpec spec;
        long[] n = new long[0];
        double[] s = new double[0];
        long[] ls = new long[0];
        double[] mean = new double[0];
        double[] m2 = new double[0];
        Object[] v = new Object[0];

        Acc(AggSpec spec) {
            this.spec = spec;
        }

        boolean intSum() {
            return (spec.outputType() == DType.INT64 || spec.outputType() == DType.TIMEDELTA)
                    && (spec.fn() == io.mars.common.operand.dataframe.AggFn.SUM
                    || spec.fn() == io.mars.common.operand.dataframe.AggFn.PROD);
        }

        /**
         * Whether min, max, first or last keeps its values unboxed: in {@code s} for floats, in {@code ls} for the
         * long-backed types, with {@code n[g] > 0} when group g has one; text keeps boxed values in {@code v}.
         */
        private boolean pickPrimitive() {
            return switch (spec.fn()) {
                case MIN, MAX, FIRST, LAST -> spec.inputType() != DType.STRING;
                default -> false;
            };
        }

        /** Offers row value {@code x} (a double's bits or a long) to group {@code g}'s min, max, first or last. */
        private void pick(int g, double dx, long lx, boolean isFloat) {
            if (n[g] == 0) {
                n[g] = 1;
                s[g] = dx;
                ls[g] = lx;
                return;
            }
            int c = isFloat ? Double.compare(dx, s[g]) : Long.compare(lx, ls[g]);
            boolean take = switch (spec.fn()) {
                case MIN -> c < 0;
                case MAX -> c > 0;
                case FIRST -> false;
                case LAST -> true;
                default -> throw new IllegalStateException();
            };
            if (take) {
                s[g] = dx;
                ls[g] = lx;
            }
        }

        /** Adds every row of {@code c} (typed as the aggregation's input) to its group's min, max, first or last. */
        private void pickAll(int[] groups, Column c, int rows) {
            boolean isFloat = spec.inputType().isFloat();
            double[] d = c.doubles();
            long[] l = c.longs();
            if (isFloat ? d == null : l == null) {
                for (int r = 0; r < rows; r++) {
                    if (groups[r] >= 0) {
                        addValue(groups[r], c, r);
                    }
                }
                return;
            }
            for (int r = 0; r < rows; r++) {
                int g = groups[r];
                if (g >= 0 && !c.isNull(r)) {
                    pick(g, isFloat ? d[r] : 0, isFloat ? 0 : l[r], isFloat);
                }
            }
        }

        /**
         * The mean of timedeltas as pandas computes it: the nanoseconds summed in double, divided by the count and
         * truncated to a nanosecond; NaT for a group without values.
         */
        private Column timedeltaMean(String name, int[] order) {
            int g = order.length;
            long[] out = new long[g];
            byte[] nulls = null;
            for (int i = 0; i < g; i++) {
                int k = order[i];
                if (n[k] == 0) {
                    nulls = nulls == null ? new byte[g] : nulls;
                    nulls[i] = 1;
                } else {
                    out[i] = (long) (s[k] / n[k]);
                }
            }
            return new Column(name, DType.TIMEDELTA, out, null, null, nulls);
        }

        /**
         * The std of timedeltas as pandas computes it: of the nanoseconds in double, truncated to a nanosecond; NaT
         * where there are no more values than ddof.
         */
        private Column timedeltaStd(String name, int[] order) {
            int g = order.length;
            long[] out = new long[g];
            byte[] nulls = null;
            for (int i = 0; i < g; i++) {
                int k = order[i];
                long dof = n[k] - spec.ddof();
                if (dof <= 0) {
                    nulls = nulls == null ? new byte[g] : nulls;
                    nulls[i] = 1;
                } else {
                    out[i] = (long) Math.sqrt(Math.max(0, m2[k]) / dof);
                }
            }
            return new Column(name, DType.TIMEDELTA, out, null, null, nulls);
        }

        /** The picked values of {@code order}'s groups as a column of the input's type (null where none). */
        private Column picked(String name, DType type, int[] order) {
            int g = order.length;
            if (type.isFloat()) {
                double[] out = new double[g];
                for (int i = 0; i < g; i++) {
                    out[i] = n[order[i]] == 0 ? Double.NaN : s[order[i]];
                }
                return new Column(name, type, null, out, null, null);
            }
            long[] out = new long[g];
            byte[] nulls = null;
            for (int i = 0; i < g; i++) {
                if (n[order[i]] == 0) {
                    nulls = nulls == null ? new byte[g] : nulls;
                    nulls[i] = 1;
                } else {
                    out[i] = ls[order[i]];
                }
            }
            return new Column(name, type, out, null, null, nulls);
        }

        void ensure(int groups) {
            if (n.length >= groups) {
                return;
            }
            int cap = Math.max(groups, n.length * 2);
            int old = n.length;
            n = Arrays.copyOf(n, cap);
            s = Arrays.copyOf(s, cap);
            ls = Arrays.copyOf(ls, cap);
            if (spec.fn() == io.mars.common.operand.dataframe.AggFn.PROD) {
                // a product starts from one (pandas' prod of no values is 1)
                Arrays.fill(s, old, cap, 1.0);
                Arrays.fill(ls, old, cap, 1L);
            }
            mean = Arrays.copyOf(mean, cap);
            m2 = Arrays.copyOf(m2, cap);
            v = Arrays.copyOf(v, cap);
        }

        /**
         * Sizes, counts and sums of columns without nulls (nor NaN) from the batch's group sizes and four-lane sums;
         * false for anything else, before anything is added.
         */
        private boolean addByLanes(Column c, int n, GroupLanes lanes, int groupCount) {
            io.mars.common.operand.dataframe.AggFn fn = spec.fn();
            boolean noNulls = c == null || c.nulls() == null;
            if (fn == io.mars.common.operand.dataframe.AggFn.SIZE || fn == io.mars.common.operand.dataframe.AggFn.COUNT
                    && noNulls && c.longs() != null) {
                GroupLanes.addTo(this.n, lanes.sizes(), groupCount);
                return true;
            }
            if ((fn != io.mars.common.operand.dataframe.AggFn.SUM && fn != io.mars.common.operand.dataframe.AggFn.MEAN)
                    || !noNulls) {
                return false;
            }
            if (c.doubles() != null) {
                double[] sums = lanes.sums(c.doubles());
                for (int g = 0; g < groupCount; g++) {
                    // a NaN value makes its group's sum NaN (so does +inf with -inf, which row by row gives too):
                    // the rows are added one by one instead, skipping NaN; no scan for NaN beforehand
                    if (sums[g] != sums[g]) {
                        return false;
                    }
                }
                GroupLanes.addTo(s, sums, groupCount);
            } else if (intSum()) {
                GroupLanes.addTo(ls, lanes.sums(c.longs()), groupCount);
            } else {
                return false;
            }
            GroupLanes.addTo(this.n, lanes.sizes(), groupCount);
            return true;
        }

        /**
         * Adds row {@code r} of {@code c} to group {@code groups[r]}, for every row not in group -1; {@code lanes},
         * when given, are the batch's lanes of its {@code groupCount} groups.
         */
        void addValues(int[] groups, Column c, int n, GroupLanes lanes, int groupCount) {
            if (lanes != null && addByLanes(c, n, lanes, groupCount)) {
                return;
            }
            switch (spec.fn()) {
                case SIZE -> {
                    for (int r = 0; r < n; r++) {
                        if (groups[r] >= 0) {
                            this.n[groups[r]]++;
                        }
                    }
                }
                case COUNT -> {
                    for (int r = 0; r < n; r++) {
                        if (groups[r] >= 0 && !c.isNull(r)) {
                            this.n[groups[r]]++;
                        }
                    }
                }
                case SUM, MEAN -> {
                    byte[] nulls = c.nulls();
                    if (intSum()) {
                        long[] v = c.longs();
                        for (int r = 0; r < n; r++) {
                            int g = groups[r];
                            if (g >= 0 && (nulls == null || nulls[r] == 0)) {
                                this.n[g]++;
                                ls[g] += v[r];
                            }
                        }
                    } else if (c.doubles() != null) {
                        double[] v = c.doubles();
                        for (int r = 0; r < n; r++) {
                            int g = groups[r];
                            double x = v[r];
                            if (g >= 0 && x == x && (nulls == null || nulls[r] == 0)) {
                                this.n[g]++;
                                s[g] += x;
                            }
                        }
                    } else {
                        long[] v = c.longs();
                        for (int r = 0; r < n; r++) {
                            int g = groups[r];
                            if (g >= 0 && (nulls == null || nulls[r] == 0)) {
                                this.n[g]++;
                                s[g] += v[r];
                            }
                        }
                    }
                }
                default -> {
                    if (pickPrimitive()) {
                        pickAll(groups, c, n);
                        return;
                    }
                    for (int r = 0; r < n; r++) {
                        if (groups[r] >= 0) {
                            addValue(groups[r], c, r);
                        }
                    }
                }
            }
        }

        void addValue(int g, Column c, int r) {
            switch (spec.fn()) {
                case SIZE -> n[g]++;
                case COUNT -> n[g] += c.isNull(r) ? 0 : 1;
                case SUM, MEAN -> {
                    if (!c.isNull(r)) {
                        n[g]++;
                        if (intSum()) {
                            ls[g] += c.longs()[r];
                        } else {
                            s[g] += c.getDouble(r);
                        }
                    }
                }
                case PROD -> {
                    if (!c.isNull(r)) {
                        n[g]++;
                        if (intSum()) {
                            ls[g] *= c.getLong(r);
                        } else {
                            s[g] *= c.getDouble(r);
                        }
                    }
                }
                case VAR, STD -> {
                    if (!c.isNull(r)) {
                        double x = c.getDouble(r);
                        n[g]++;
                        double d = x - mean[g];
                        mean[g] += d / n[g];
                        m2[g] += d * (x - mean[g]);
                    }
                }
                case MIN, MAX, FIRST, LAST -> {
                    if (c.isNull(r)) {
                        return;
                    }
                    if (pickPrimitive()) {
                        boolean isFloat = spec.inputType().isFloat();
                        pick(g, isFloat ? c.getDouble(r) : 0, isFloat ? 0 : c.getLong(r), isFloat);
                    } else {
                        offer(g, c.get(r));
                    }
                }
            }
        }

        @SuppressWarnings({"unchecked", "rawtypes"})
        void offer(int g, Object x) {
            Object cur = v[g];
            switch (spec.fn()) {
                case MIN -> v[g] = cur == null || ((Comparable) x).compareTo(cur) < 0 ? x : cur;
                case MAX -> v[g] = cur == null || ((Comparable) x).compareTo(cur) > 0 ? x : cur;
                case FIRST -> v[g] = cur == null ? x : cur;
                case LAST -> v[g] = x;
                default -> throw new IllegalStateException();
            }
        }

        /** The state columns of aggregation {@code i}, found by name in {@code byName} (a frame's many columns). */
        List<Column> stateColumns(Map<String, Column> byName, int i) {
            List<Column> out = new ArrayList<>();
            switch (spec.fn()) {
                case SIZE, COUNT -> out.add(named(byName, i + ".n"));
                case SUM, MEAN, PROD -> {
                    out.add(named(byName, i + ".n"));
                    out.add(named(byName, i + ".s"));
                }
                case VAR, STD -> {
                    out.add(named(byName, i + ".n"));
                    out.add(named(byName, i + ".mean"));
                    out.add(named(byName, i + ".m2"));
                }
                case MIN, MAX, FIRST, LAST -> out.add(named(byName, i + ".v"));
            }
            return out;
        }

        void addState(int g, List<Column> st, int r) {
            switch (spec.fn()) {
                case SIZE, COUNT -> n[g] += st.get(0).longs()[r];
                case SUM, MEAN -> {
                    n[g] += st.get(0).longs()[r];
                    if (intSum()) {
                        ls[g] += st.get(1).longs()[r];
                    } else {
                        s[g] += st.get(1).doubles()[r];
                    }
                }
                case PROD -> {
                    n[g] += st.get(0).longs()[r];
                    if (intSum()) {
                        ls[g] *= st.get(1).longs()[r];
                    } else {
                        s[g] *= st.get(1).doubles()[r];
                    }
                }
                case VAR, STD -> {
                    long nb = st.get(0).longs()[r];
                    if (nb == 0) {
                        return;
                    }
                    double mb = st.get(1).doubles()[r];
                    double m2b = st.get(2).doubles()[r];
                    long na = n[g];
                    long nt = na + nb;
                    double d = mb - mean[g];
                    mean[g] += d * nb / nt;
                    m2[g] += m2b + d * d * ((double) na * nb / nt);
                    n[g] = nt;
                }
                case MIN, MAX, FIRST, LAST -> addValue(g, st.get(0), r);
            }
        }

        List<Column> states(int i, int groups) {
            List<Column> out = new ArrayList<>();
            switch (spec.fn()) {
                case SIZE, COUNT -> out.add(new Column(i + ".n", DType.INT64, Arrays.copyOf(n, groups), null, null, null));
                case SUM, MEAN, PROD -> {
                    out.add(new Column(i + ".n", DType.INT64, Arrays.copyOf(n, groups), null, null, null));
                    out.add(intSum() ? new Column(i + ".s", DType.INT64, Arrays.copyOf(ls, groups), null, null, null)
                            : new Column(i + ".s", DType.FLOAT64, null, Arrays.copyOf(s, groups), null, null));
                }
                case VAR, STD -> {
                    out.add(new Column(i + ".n", DType.INT64, Arrays.copyOf(n, groups), null, null, null));
                    out.add(new Column(i + ".mean", DType.FLOAT64, null, Arrays.copyOf(mean, groups), null, null));
                    out.add(new Column(i + ".m2", DType.FLOAT64, null, Arrays.copyOf(m2, groups), null, null));
                }
                case MIN, MAX, FIRST, LAST -> {
                    String name = i + ".v";
                    out.add(pickPrimitive() ? picked(name, spec.inputType(), identity(groups))
                            : Column.of(name, spec.inputType(), Arrays.asList(Arrays.copyOf(v, groups))));
                }
            }
            return out;
        }

        Column result(int[] order) {
            int g = order.length;
            String name = spec.output();
            DType t = spec.outputType();
            switch (spec.fn()) {
                case SIZE, COUNT -> {
                    long[] out = new long[g];
                    for (int i = 0; i < g; i++) {
                        out[i] = n[order[i]];
                    }
                    return new Column(name, t, out, null, null, null);
                }
                case SUM, PROD -> {
                    if (intSum()) {
                        long[] out = new long[g];
                        for (int i = 0; i < g; i++) {
                            out[i] = ls[order[i]];
                        }
                        return new Column(name, t, out, null, null, null);
                    }
                    double[] out = new double[g];
                    for (int i = 0; i < g; i++) {
                        out[i] = t == DType.FLOAT32 ? (float) s[order[i]] : s[order[i]];
                    }
                    return new Column(name, t, null, out, null, null);
                }
                case MEAN -> {
                    if (t == DType.TIMEDELTA) {
                        return timedeltaMean(name, order);
                    }
                    double[] out = new double[g];
                    for (int i = 0; i < g; i++) {
                        int k = order[i];
                        out[i] = n[k] == 0 ? Double.NaN : s[k] / n[k];
                    }
                    return new Column(name, t, null, out, null, null);
                }
                case VAR, STD -> {
                    if (t == DType.TIMEDELTA) {
                        return timedeltaStd(name, order);
                    }
                    double[] out = new double[g];
                    for (int i = 0; i < g; i++) {
                        int k = order[i];
                        long dof = n[k] - spec.ddof();
                        double var = dof <= 0 ? Double.NaN : Math.max(0, m2[k]) / dof;
                        out[i] = spec.fn() == io.mars.common.operand.dataframe.AggFn.STD ? Math.sqrt(var) : var;
                    }
                    return new Column(name, t, null, out, null, null);
                }
                case MIN, MAX, FIRST, LAST -> {
                    if (pickPrimitive()) {
                        return picked(name, t, order);
                    }
                    List<Object> out = new ArrayList<>(g);
                    for (int i = 0; i < g; i++) {
                        out.add(v[order[i]]);
                    }
                    return Column.of(name, t, out);
                }
                default -> throw new IllegalStateException();
            }
        }
    }
}
