package io.mars.benchmarks.tpch;

import io.mars.Session;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.dataframe.DataFrames;
import io.mars.types.LocalTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Runs TPC-H queries on the Parquet tables {@link TpchGen} wrote, each {@code runs} times in this JVM (the first run
 * is the cold one: fresh JVM, nothing compiled yet), and prints one line per run: {@code qNN run seconds rows}.
 *
 * With {@code check} (and DuckDB's JDBC jar on the class path: {@code --jars}) each query's last answer is compared
 * with DuckDB's over the same files ({@link TpchCompare}); a difference is printed and makes the job fail.
 *
 * <p>Usage: {@code TpchRun <data dir> [queries, e.g. 1,3,6 or all] [runs] [check]}.
 */
public final class TpchRun {
    private TpchRun() {
    }

    public static void main(String[] args) {
        if (args.length < 1) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "usage: TpchRun <data dir> [queries|all] [runs]");
        }
        String dir = TpchGen.dir(args[0]);
        List<Integer> queries = queries(args.length > 1 ? args[1] : "all");
        int runs = args.length > 2 ? Integer.parseInt(args[2]) : 2;
        boolean check = args.length > 3 && args[3].equalsIgnoreCase("check");
        List<String> differences = new ArrayList<>();
        try (Session session = Session.getOrCreate();
             java.sql.Connection duck = check ? java.sql.DriverManager.getConnection("jdbc:duckdb:") : null) {
            if (duck != null) {
                DuckDbRun.views(duck, dir, 2);
            }
            for (int q : queries) {
                LocalTable answer = null;
                for (int r = 1; r <= runs; r++) {
                    long start = System.nanoTime();
                    answer = session.executeTables(TpchQueries.query(q,
                            name -> DataFrames.readParquet(dir + "/" + name))).get(0);
                    double seconds = (System.nanoTime() - start) / 1e9;
                    System.out.printf(Locale.ROOT, "q%02d %d %.3f %d%n", q, r, seconds, answer.rowCount());
                }
                if (duck != null) {
                    String d = TpchCompare.difference(q, answer, duck);
                    System.out.printf(Locale.ROOT, "q%02d %s%n", q, d == null ? "equals DuckDB's answer" : d);
                    if (d != null) {
                        differences.add("q" + q);
                    }
                }
            }
        } catch (java.sql.SQLException | java.io.IOException e) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "cannot check the answers with DuckDB: " + e);
        }
        if (!differences.isEmpty()) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "answers differ from DuckDB's: " + differences);
        }
    }

    /** {@code all} or a comma-separated list of query numbers. */
    static List<Integer> queries(String spec) {
        List<Integer> out = new ArrayList<>();
        if (spec.equalsIgnoreCase("all")) {
            for (int q = 1; q <= TpchQueries.COUNT; q++) {
                out.add(q);
            }
            return out;
        }
        for (String part : spec.split(",")) {
            int q;
            try {
                q = Integer.parseInt(part.trim().toLowerCase(Locale.ROOT).replace("q", ""));
            } catch (NumberFormatException e) {
                throw new MarsException(ErrorCode.INVALID_ARGUMENT, "queries must be 'all' or numbers such as 1,3,6;"
                        + " got '" + spec + "'");
            }
            if (q < 1 || q > TpchQueries.COUNT) {
                throw new MarsException(ErrorCode.INVALID_ARGUMENT, "TPC-H has queries 1 to 22, got " + q);
            }
            out.add(q);
        }
        return out;
    }
}
