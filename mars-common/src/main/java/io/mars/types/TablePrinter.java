package io.mars.types;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Prints a {@link LocalTable} as pandas 1.5 prints a DataFrame outside a terminal (as in a notebook): right-aligned
 * columns under their names, the row labels on the left, the first and last 5 rows around a {@code ...} row past 60
 * rows, the first and last 10 columns around a {@code ...} column past 20, columns wrapped into blocks of 80
 * characters (a {@code \} ends a block that continues), and {@code [N rows x M columns]} when anything is left out.
 * Floats get 6 decimals with the zeros all values share trimmed, or scientific notation for tiny or huge values.
 */
final class TablePrinter {
    private static final int MAX_ROWS = 60;
    private static final int MIN_ROWS = 10;
    private static final int MAX_COLUMNS = 20;
    private static final int LINE_WIDTH = 80;
    private static final int DIGITS = 6;
    private static final int MAX_COLUMN_WIDTH = 50;
    private static final int MAX_SEQUENCE_ITEMS = 100;
    private static final Pattern NUMBER_WITH_DECIMAL = Pattern.compile("^\\s*[+-]?[0-9]+\\.[0-9]*$");

    private TablePrinter() {
    }

    static String print(LocalTable table) {
        int rows = table.rowCount();
        int columnCount = table.columnCount();
        if (rows == 0 || columnCount == 0) {
            return "Empty DataFrame\nColumns: " + sequence(table.columnNames()) + "\nIndex: " + sequence(labelsText(table));
        }
        boolean cutRows = rows > MAX_ROWS;
        int rowNum = MIN_ROWS / 2;
        int[] shownRows = cutRows ? edges(rows, rowNum) : all(rows);
        boolean cutColumns = columnCount > MAX_COLUMNS;
        int columnNum = MAX_COLUMNS / 2;
        int[] shownColumns = cutColumns ? edges(columnCount, columnNum) : all(columnCount);
        boolean namedIndex = table.labels() != null && !table.labels().name().isEmpty();

        List<List<String>> strcols = new ArrayList<>();
        List<String> index = formattedIndex(table, shownRows, namedIndex);
        strcols.add(index);
        for (int c : shownColumns) {
            strcols.add(formattedColumn(table.column(c), shownRows, namedIndex));
        }
        if (cutColumns) {
            List<String> dots = new ArrayList<>();
            for (int i = 0; i < index.size(); i++) {
                dots.add(" ...");
            }
            strcols.add(columnNum + 1, dots);
        }
        if (cutRows) {
            int headerRows = index.size() - shownRows.length;
            for (int ix = 0; ix < strcols.size(); ix++) {
                List<String> col = strcols.get(ix);
                int width = col.get(rowNum).length();
                boolean dotColumn = cutColumns && ix == columnNum + 1;
                String dots = width > 3 || dotColumn ? "..." : "..";
                String dotString = ix == 0 ? leftJustify(dots, width) : rightJustify(dots, dotColumn ? 4 : width);
                col.add(rowNum + headerRows, dotString);
            }
        }
        String text = joinMultiline(strcols, cutRows ? MIN_ROWS + 1 : rows);
        if (cutRows || cutColumns) {
            text += "\n\n[" + rows + " rows x " + columnCount + " columns]";
        }
        return text;
    }

    private static int[] all(int n) {
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[i] = i;
        }
        return out;
    }

    private static int[] edges(int n, int each) {
        int[] out = new int[2 * each];
        for (int i = 0; i < each; i++) {
            out[i] = i;
            out[each + i] = n - each + i;
        }
        return out;
    }

    /** pandas' pprint of a list-like: {@code [a, b]}, the first 100 items. */
    private static String sequence(List<String> items) {
        List<String> shown = items.size() > MAX_SEQUENCE_ITEMS ? items.subList(0, MAX_SEQUENCE_ITEMS) : items;
        return "[" + String.join(", ", shown) + (items.size() > MAX_SEQUENCE_ITEMS ? ", ..." : "") + "]";
    }

    /** The labels of a table without columns, as many as {@link #sequence} shows and one more. */
    private static List<String> labelsText(LocalTable table) {
        List<String> out = new ArrayList<>();
        Column index = table.index();
        for (int i = 0; i < Math.min(index.length(), MAX_SEQUENCE_ITEMS + 1); i++) {
            out.add(index.isNull(i) ? "NaN" : plain(index, i));
        }
        return out;
    }

    // ----- the index column -----

    private static List<String> formattedIndex(LocalTable table, int[] rows, boolean named) {
        Column labels = table.index();
        List<String> values = switch (labels.dtype()) {
            case INT32, INT64 -> trimFront(fixedWidth(integers(labels, rows), false, 0));
            case FLOAT32, FLOAT64 -> trimFront(fixedWidth(floats(labels, rows, " NaN"), false, 0));
            case TIMESTAMP -> timestamps(labels, rows);
            case TIMEDELTA -> timedeltas(labels, rows);
            case BOOL, STRING -> {
                List<String> out = new ArrayList<>();
                for (int r : rows) {
                    out.add(labels.isNull(r) ? "NaN" : plain(labels, r));
                }
                yield out;
            }
        };
        List<String> withName = new ArrayList<>();
        if (named) {
            withName.add(escape(labels.name()));
        }
        withName.addAll(values);
        List<String> out = new ArrayList<>();
        out.add("");
        out.addAll(fixedWidth(withName, false, 0));
        return out;
    }

    /** Python's {@code f"{x: d}"} trimmed as pandas' trim_front does: common leading spaces removed. */
    private static List<String> trimFront(List<String> strings) {
        List<String> out = strings;
        while (!out.isEmpty() && out.stream().allMatch(s -> s.startsWith(" "))) {
            out = out.stream().map(s -> s.substring(1)).toList();
        }
        return out;
    }

    // ----- a value column -----

    private static List<String> formattedColumn(Column column, int[] rows, boolean namedIndex) {
        List<String> header = new ArrayList<>();
        header.add((column.dtype().isNumeric() ? " " : "") + escape(column.name()));
        if (namedIndex) {
            header.add("");
        }
        int headerWidth = header.stream().mapToInt(String::length).max().orElse(0);
        List<String> values = fixedWidth(values(column, rows), true, headerWidth);
        int width = Math.max(values.stream().mapToInt(String::length).max().orElse(0), headerWidth);
        List<String> out = new ArrayList<>();
        for (String h : header) {
            out.add(rightJustify(h, width));
        }
        out.addAll(values);
        return out;
    }

    private static boolean hasNulls(Column column, int[] rows) {
        for (int r : rows) {
            if (column.isNull(r)) {
                return true;
            }
        }
        return false;
    }

    private static List<String> values(Column column, int[] rows) {
        return switch (column.dtype()) {
            // a null makes pandas' column a nullable Int64/boolean: every value " " + str, null as <NA>
            case INT32, INT64 -> hasNulls(column, rows) ? generic(column, rows, "<NA>") : integers(column, rows);
            case BOOL -> generic(column, rows, "<NA>");
            case FLOAT32, FLOAT64 -> floats(column, rows, "NaN");
            case STRING -> generic(column, rows, "NaN");
            case TIMESTAMP -> timestamps(column, rows);
            case TIMEDELTA -> timedeltas(column, rows);
        };
    }

    /** Python's {@code f"{x: d}"}: a space where a minus sign would be. */
    private static List<String> integers(Column column, int[] rows) {
        List<String> out = new ArrayList<>();
        for (int r : rows) {
            long v = column.getLong(r);
            out.add(v < 0 ? Long.toString(v) : " " + v);
        }
        return out;
    }

    /** pandas' GenericArrayFormatter with a leading space: bools, strings and nullable ints. */
    private static List<String> generic(Column column, int[] rows, String nullText) {
        List<String> out = new ArrayList<>();
        for (int r : rows) {
            out.add(" " + (column.isNull(r) ? nullText : plain(column, r)));
        }
        return out;
    }

    /** A value as Python's {@code str} shows it (bools as True/False), tabs and newlines escaped. */
    private static String plain(Column column, int row) {
        return switch (column.dtype()) {
            case BOOL -> column.getLong(row) != 0 ? "True" : "False";
            case INT32, INT64 -> Long.toString(column.getLong(row));
            case FLOAT32, FLOAT64 -> ArrayPrinter.pythonFloat(column.getDouble(row), column.dtype() == DType.FLOAT32);
            case STRING -> escape(column.getString(row));
            case TIMESTAMP -> timestamps(column, new int[] {row}).get(0);
            case TIMEDELTA -> timedeltas(column, new int[] {row}).get(0);
        };
    }

    private static String escape(String s) {
        return s.replace("\t", "\\t").replace("\r", "\\r").replace("\n", "\\n");
    }

    /** pandas' FloatArrayFormatter: {@code " .6f"}, shared trailing zeros trimmed; {@code " .6e"} when needed. */
    private static List<String> floats(Column column, int[] rows, String nullText) {
        List<String> fixed = trimZeros(floatStrings(column, rows, nullText, false));
        int maxLength = fixed.stream().mapToInt(String::length).max().orElse(0);
        boolean tooLong = maxLength > DIGITS + 6;
        boolean large = false;
        boolean small = false;
        for (int r : rows) {
            double abs = Math.abs(column.getDouble(r));
            large |= abs > 1e6;
            small |= abs < Math.pow(10, -DIGITS) && abs > 0;
        }
        if (small || tooLong && large) {
            return trimZeros(floatStrings(column, rows, nullText, true));
        }
        return fixed;
    }

    private static List<String> floatStrings(Column column, int[] rows, String nullText, boolean scientific) {
        List<String> out = new ArrayList<>();
        for (int r : rows) {
            double v = column.getDouble(r);
            if (Double.isNaN(v)) {
                out.add(nullText);
            } else if (Double.isInfinite(v)) {
                out.add(v > 0 ? " inf" : "-inf");
            } else {
                String sign = v < 0 || v == 0 && 1 / v < 0 ? "-" : " ";
                out.add(sign + (scientific ? scientific(Math.abs(v)) : fixed(Math.abs(v))));
            }
        }
        return out;
    }

    /** Python's {@code format(v, ".6f")} for v &gt;= 0: the exact binary value rounded half-even. */
    private static String fixed(double v) {
        return new BigDecimal(v).setScale(DIGITS, RoundingMode.HALF_EVEN).toPlainString();
    }

    /** Python's {@code format(v, ".6e")} for v &gt;= 0. */
    private static String scientific(double v) {
        if (v == 0) {
            return "0." + "0".repeat(DIGITS) + "e+00";
        }
        BigDecimal d = new BigDecimal(v).round(new MathContext(DIGITS + 1, RoundingMode.HALF_EVEN));
        int exponent = d.precision() - d.scale() - 1;
        String digits = d.unscaledValue().toString();
        digits = digits + "0".repeat(Math.max(0, DIGITS + 1 - digits.length()));
        String e = Integer.toString(Math.abs(exponent));
        return digits.charAt(0) + "." + digits.substring(1, DIGITS + 1) + "e" + (exponent < 0 ? "-" : "+")
                + (e.length() < 2 ? "0" + e : e);
    }

    /** pandas' _trim_zeros_float: drops the trailing zeros all decimal numbers share, keeping one after the point. */
    private static List<String> trimZeros(List<String> strings) {
        List<String> out = strings;
        while (true) {
            List<String> numbers = out.stream().filter(s -> NUMBER_WITH_DECIMAL.matcher(s).matches()).toList();
            if (numbers.isEmpty() || !numbers.stream().allMatch(s -> s.endsWith("0"))) {
                break;
            }
            out = out.stream().map(s -> NUMBER_WITH_DECIMAL.matcher(s).matches() ? s.substring(0, s.length() - 1) : s)
                    .toList();
        }
        return out.stream().map(s -> NUMBER_WITH_DECIMAL.matcher(s).matches() && s.endsWith(".") ? s + "0" : s)
                .toList();
    }

    /** pandas' datetime64[ns] text: dates alone when every time is midnight, else the finest fraction needed. */
    /** pandas' Timedelta64Formatter: {@code "n days"} when every value shown is whole days, else each value's text. */
    private static List<String> timedeltas(Column column, int[] rows) {
        boolean evenDays = true;
        for (int r : rows) {
            evenDays &= column.isNull(r) || Math.floorMod(column.getLong(r), Timedeltas.DAY) == 0;
        }
        List<String> out = new ArrayList<>();
        for (int r : rows) {
            out.add(column.isNull(r) ? "NaT" : Timedeltas.format(column.getLong(r), evenDays));
        }
        return out;
    }

    private static List<String> timestamps(Column column, int[] rows) {
        boolean allMidnight = true;
        int fractionDigits = 0;
        for (int r : rows) {
            if (column.isNull(r)) {
                continue;
            }
            long nanos = column.getLong(r);
            allMidnight &= Math.floorMod(nanos, 86_400_000_000_000L) == 0;
            long sub = Math.floorMod(nanos, 1_000_000_000L);
            int digits = sub == 0 ? 0 : sub % 1_000_000 == 0 ? 3 : sub % 1_000 == 0 ? 6 : 9;
            fractionDigits = Math.max(fractionDigits, digits);
        }
        DateTimeFormatter format = DateTimeFormatter.ofPattern(allMidnight ? "yyyy-MM-dd" : "yyyy-MM-dd HH:mm:ss")
                .withZone(ZoneOffset.UTC);
        List<String> out = new ArrayList<>();
        for (int r : rows) {
            if (column.isNull(r)) {
                out.add("NaT");
                continue;
            }
            long nanos = column.getLong(r);
            Instant t = Instant.ofEpochSecond(Math.floorDiv(nanos, 1_000_000_000L), Math.floorMod(nanos, 1_000_000_000L));
            String text = format.format(t);
            if (!allMidnight && fractionDigits > 0) {
                String fraction = String.format("%09d", t.getNano());
                text += "." + fraction.substring(0, fractionDigits);
            }
            out.add(text);
        }
        return out;
    }

    // ----- widths and joining -----

    /** pandas' _make_fixed_width: one width (at least {@code minimum}, at most 50 with "..." for longer values). */
    private static List<String> fixedWidth(List<String> strings, boolean right, int minimum) {
        if (strings.isEmpty()) {
            return strings;
        }
        int width = Math.max(minimum, strings.stream().mapToInt(String::length).max().orElse(0));
        width = Math.min(width, MAX_COLUMN_WIDTH);
        List<String> out = new ArrayList<>();
        for (String s : strings) {
            String cut = s.length() > width ? s.substring(0, width - 3) + "..." : s;
            out.add(right ? rightJustify(cut, width) : leftJustify(cut, width));
        }
        return out;
    }

    private static String rightJustify(String s, int width) {
        return s.length() >= width ? s : " ".repeat(width - s.length()) + s;
    }

    private static String leftJustify(String s, int width) {
        return s.length() >= width ? s : s + " ".repeat(width - s.length());
    }

    /** pandas' _join_multiline: the columns in blocks that fit the line width, each block headed by the index. */
    private static String joinMultiline(List<List<String>> strcolsWithIndex, int rowsInBlock) {
        List<List<String>> strcols = new ArrayList<>(strcolsWithIndex);
        List<String> index = strcols.remove(0);
        int lineWidth = LINE_WIDTH - (index.stream().mapToInt(String::length).max().orElse(0) + 1);
        List<Integer> bins = binify(strcols.stream().map(c -> c.stream().mapToInt(String::length).max().orElse(0))
                .toList(), lineWidth);
        List<String> blocks = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < bins.size(); i++) {
            int end = bins.get(i);
            List<List<String>> block = new ArrayList<>();
            block.add(index);
            block.addAll(strcols.subList(start, end));
            if (bins.size() > 1) {
                List<String> marker = new ArrayList<>();
                boolean continues = end <= strcols.size() && i < bins.size() - 1;
                for (int r = 0; r < rowsInBlock; r++) {
                    marker.add(continues ? (r == 0 ? " \\" : "  ") : " ");
                }
                block.add(marker);
            }
            blocks.add(adjoin(block));
            start = end;
        }
        return String.join("\n\n", blocks);
    }

    private static List<Integer> binify(List<Integer> widths, int lineWidth) {
        List<Integer> bins = new ArrayList<>();
        int current = 0;
        int last = widths.size() - 1;
        for (int i = 0; i < widths.size(); i++) {
            int adjoined = widths.get(i) + 1;
            current += adjoined;
            boolean wrap = i > 0 && current + (i == last ? 1 : 2) > lineWidth;
            if (wrap) {
                bins.add(i);
                current = adjoined;
            }
        }
        bins.add(widths.size());
        return bins;
    }

    /** pandas' adjoin with one space: each list left-justified to its width (plus one but for the last). */
    private static String adjoin(List<List<String>> lists) {
        int rows = lists.stream().mapToInt(List::size).max().orElse(0);
        int[] widths = new int[lists.size()];
        for (int i = 0; i < lists.size(); i++) {
            widths[i] = lists.get(i).stream().mapToInt(String::length).max().orElse(0) + (i < lists.size() - 1 ? 1 : 0);
        }
        StringBuilder sb = new StringBuilder();
        for (int r = 0; r < rows; r++) {
            if (r > 0) {
                sb.append('\n');
            }
            for (int i = 0; i < lists.size(); i++) {
                List<String> list = lists.get(i);
                sb.append(leftJustify(r < list.size() ? list.get(r) : "", widths[i]));
            }
        }
        return sb.toString();
    }
}
