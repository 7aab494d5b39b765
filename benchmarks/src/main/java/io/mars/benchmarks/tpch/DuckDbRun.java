package io.mars.benchmarks.tpch;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;

/**
 * The DuckDB baseline of the TPC-H runner: the specification's SQL of each query ({@code q01.sql} ... beside
 * {@link TpchQueries}) over views of the Parquet files {@link TpchGen} wrote, in an in-memory database limited to
 * {@code threads} threads, each query {@code runs} times; prints {@code qNN run seconds rows} as {@link TpchRun} does.
 *
 * <p>Usage: {@code DuckDbRun <data dir> [queries|all] [runs] [threads]} (run with the DuckDB JDBC jar on the class
 * path; benchmarks/run-tpch.sh does).
 */
public final class DuckDbRun {
    private DuckDbRun() {
    }

    public static void main(String[] args) throws Exception {
        String dir = TpchGen.dir(args[0]);
        List<Integer> queries = TpchRun.queries(args.length > 1 ? args[1] : "all");
        int runs = args.length > 2 ? Integer.parseInt(args[2]) : 2;
        int threads = args.length > 3 ? Integer.parseInt(args[3]) : 2;
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:")) {
            views(c, dir, threads);
            for (int q : queries) {
                String sql = sql(q);
                for (int r = 1; r <= runs; r++) {
                    long start = System.nanoTime();
                    long rows = 0;
                    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
                        while (rs.next()) {
                            rows++;
                        }
                    }
                    System.out.printf(Locale.ROOT, "q%02d %d %.3f %d%n", q, r, (System.nanoTime() - start) / 1e9, rows);
                }
            }
        }
    }

    /** One view per table over its Parquet files, named as the SQL names the table. */
    public static void views(Connection c, String dir, int threads) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("SET threads = " + threads);
            for (String t : io.mars.common.io.TpchTables.names()) {
                s.execute("CREATE VIEW " + t + " AS SELECT * FROM read_parquet('" + dir.replace("'", "''") + "/" + t
                        + "/*.parquet')");
            }
        }
    }

    /** The SQL text of query {@code q}. */
    public static String sql(int q) throws IOException {
        String name = String.format(Locale.ROOT, "q%02d.sql", q);
        try (InputStream in = DuckDbRun.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException("no " + name + " beside " + DuckDbRun.class.getName());
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
