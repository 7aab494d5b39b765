package io.mars.benchmarks.tpch;

import io.mars.Session;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.io.TpchTables;
import io.mars.dataframe.DataFrames;
import io.mars.examples.JobResult;
import io.mars.types.LocalTable;
import io.mars.types.WriteMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Writes the eight TPC-H tables at a scale factor, generated in parallel by Mars itself (one subtask per table part
 * of about a million rows): as Parquet into {@code <out>/<table>/part-NNNNN.parquet} (one row group per part) and, with
 * {@code text}, as {@code |}-delimited text with a header into {@code <out>/<table>-text/part-NNNNN.csv}. The output
 * may be a local path or {@code hdfs://}; tables generated before into the same directory are replaced (once the new
 * ones are written).
 *
 * <p>Usage: {@code TpchGen <scale factor> <out dir> [parquet|text|both]}.
 */
public final class TpchGen {
    private TpchGen() {
    }

    public static void main(String[] args) {
        if (args.length < 2) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT,
                    "usage: TpchGen <scale factor> <out dir> [parquet|text|both]");
        }
        double sf = scaleFactor(args[0]);
        String formats = args.length > 2 ? args[2].toLowerCase(Locale.ROOT) : "parquet";
        if (!List.of("parquet", "text", "both").contains(formats)) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "the format must be parquet, text or both, got '"
                    + args[2] + "'");
        }
        try (Session session = Session.getOrCreate()) {
            System.out.println(run(session, sf, args[1], !formats.equals("text"), !formats.equals("parquet")).line());
        }
    }

    static double scaleFactor(String raw) {
        double sf;
        try {
            sf = Double.parseDouble(raw.trim());
        } catch (NumberFormatException e) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "the scale factor must be a number such as 0.01, 1 or"
                    + " 10, got '" + raw + "'");
        }
        if (!(sf > 0) || Double.isInfinite(sf)) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "the scale factor must be positive, got '" + raw + "'");
        }
        return sf;
    }

    /** A data directory as the tables' paths are built from it: without a trailing slash. */
    static String dir(String path) {
        return path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    }

    /** Generates every table (all in one graph, so their parts run side by side); the result counts rows written. */
    public static JobResult run(Session session, double sf, String out, boolean parquet, boolean text) {
        long start = System.nanoTime();
        String dir = dir(out);
        List<io.mars.common.graph.Tileable> writes = new ArrayList<>();
        for (String table : TpchTables.names()) {
            if (parquet) {
                writes.add(DataFrames.tpch(table, sf).toParquet(dir + "/" + table, WriteMode.OVERWRITE));
            }
            if (text) {
                writes.add(DataFrames.tpch(table, sf).toCsv(dir + "/" + table + "-text", '|', WriteMode.OVERWRITE));
            }
        }
        List<LocalTable> written = session.executeTables(writes.toArray(io.mars.common.graph.Tileable[]::new));
        long rows = 0;
        long files = 0;
        for (LocalTable t : written) {
            files += t.rowCount();
            for (List<Object> row : t.toRows()) {
                rows += ((Number) row.get(1)).longValue();
            }
        }
        return new JobResult("TpchGen", "SF " + sf + ": " + rows + " rows in " + files + " files", dir,
                System.nanoTime() - start);
    }
}
