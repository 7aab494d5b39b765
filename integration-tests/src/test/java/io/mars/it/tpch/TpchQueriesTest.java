package io.mars.it.tpch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.mars.benchmarks.tpch.DuckDbRun;
import io.mars.benchmarks.tpch.TpchGen;
import io.mars.benchmarks.tpch.TpchQueries;
import io.mars.dataframe.DataFrame;
import io.mars.dataframe.DataFrames;
import io.mars.submit.client.ClientSession;
import io.mars.submit.local.LocalCluster;
import io.mars.types.Column;
import io.mars.types.DType;
import io.mars.types.LocalTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The 22 TPC-H queries written with the DataFrame API give DuckDB's answers (DuckDB running the specification's SQL
 * on the same Parquet files): the same column names, the same rows in the query's ORDER BY order, floats to 1e-9
 * relative. The tables are generated at SF 0.01 by Mars itself ({@link TpchGen}) on an embedded cluster.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TpchQueriesTest {
    private static final double SCALE = 0.01;
    private static final double RELATIVE = 1e-9;

    private Path data;
    private LocalCluster cluster;
    private ClientSession session;
    private Connection duck;

    @BeforeAll
    void generate() throws Exception {
        data = Files.createTempDirectory("tpch-sf001");
        cluster = new LocalCluster(2, Map.of());
        session = ClientSession.open(cluster.supervisor(), Map.of(), null);
        TpchGen.run(session, SCALE, data.toString(), true, false);
        duck = DriverManager.getConnection("jdbc:duckdb:");
        DuckDbRun.views(duck, data.toString(), 2);
    }

    @AfterAll
    void close() throws Exception {
        if (duck != null) {
            duck.close();
        }
        if (session != null) {
            session.close();
        }
        if (cluster != null) {
            cluster.close();
        }
        if (data != null) {
            try (var paths = Files.walk(data)) {
                paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private DataFrame table(String name) {
        return DataFrames.readParquet(data.resolve(name).toString());
    }

    @Test
    void theGeneratedTablesHaveTheSpecificationsRowCountsWhateverThePartCount() throws Exception {
        Map<String, Long> expected = Map.of("region", 5L, "nation", 25L, "supplier", 100L, "customer", 1_500L,
                "part", 2_000L, "partsupp", 8_000L, "orders", 15_000L, "lineitem", 60_175L);
        for (Map.Entry<String, Long> e : expected.entrySet()) {
            try (Statement s = duck.createStatement(); ResultSet r = s.executeQuery("SELECT count(*) FROM "
                    + e.getKey())) {
                r.next();
                assertThat(r.getLong(1)).as(e.getKey()).isEqualTo(e.getValue());
            }
        }
        LocalTable inThree = session.executeTables(DataFrames.tpch("orders", SCALE, 3)).get(0);
        LocalTable inOne = session.executeTables(DataFrames.tpch("orders", SCALE, 1)).get(0);
        assertThat(inThree.rowCount()).isEqualTo(15_000);
        assertThat(inThree.toRows()).isEqualTo(inOne.toRows());
    }

    static List<Integer> queries() {
        List<Integer> out = new ArrayList<>();
        for (int q = 1; q <= TpchQueries.COUNT; q++) {
            out.add(q);
        }
        return out;
    }

    @ParameterizedTest(name = "Q{0}")
    @MethodSource("queries")
    void theAnswerIsDuckDbs(int q) throws Exception {
        LocalTable mars = session.executeTables(TpchQueries.query(q, this::table)).get(0);
        List<String> duckNames = new ArrayList<>();
        List<List<Object>> expected = duckRows(sql(q), duckNames);
        List<String> names = mars.columns().stream().map(Column::name).toList();
        assertThat(names).as("Q%d's columns", q).isEqualTo(duckNames);
        assertThat(expected).as("Q%d has an answer at SF %s", q, SCALE).isNotEmpty();
        List<List<Object>> actual = marsRows(mars);
        assertThat(actual).as("Q%d's row count", q).hasSameSizeAs(expected);
        for (int i = 0; i < expected.size(); i++) {
            for (int j = 0; j < names.size(); j++) {
                Object want = expected.get(i).get(j);
                Object got = actual.get(i).get(j);
                if (!same(want, got)) {
                    fail("Q%d row %d column '%s': DuckDB %s, Mars %s%nDuckDB row %s%nMars row   %s", q, i,
                            names.get(j), want, got, expected.get(i), actual.get(i));
                }
            }
        }
    }

    private static boolean same(Object want, Object got) {
        if (want == null || got == null) {
            return want == got;
        }
        if (want instanceof Number a && got instanceof Number b) {
            if (isIntegral(a) && isIntegral(b)) {
                return a.longValue() == b.longValue();
            }
            double x = a.doubleValue();
            double y = b.doubleValue();
            return x == y || Math.abs(x - y) <= RELATIVE * Math.max(Math.abs(x), Math.abs(y));
        }
        return want.equals(got);
    }

    private static boolean isIntegral(Number n) {
        return n instanceof Long || n instanceof Integer || n instanceof Short || n instanceof java.math.BigInteger;
    }

    private static String sql(int q) throws IOException {
        return DuckDbRun.sql(q);
    }

    /** DuckDB's rows: integers as Long, decimals as Double, dates and timestamps as LocalDateTime. */
    private List<List<Object>> duckRows(String sql, List<String> names) throws SQLException {
        try (Statement s = duck.createStatement(); ResultSet r = s.executeQuery(sql)) {
            ResultSetMetaData m = r.getMetaData();
            for (int j = 1; j <= m.getColumnCount(); j++) {
                names.add(m.getColumnLabel(j));
            }
            List<List<Object>> rows = new ArrayList<>();
            while (r.next()) {
                List<Object> row = new ArrayList<>();
                for (int j = 1; j <= m.getColumnCount(); j++) {
                    row.add(normalize(r.getObject(j)));
                }
                rows.add(row);
            }
            return rows;
        }
    }

    private static Object normalize(Object v) {
        if (v instanceof java.math.BigDecimal d) {
            return d.doubleValue();
        }
        if (v instanceof java.math.BigInteger b) {
            return b.longValueExact();
        }
        if (v instanceof Integer i) {
            return i.longValue();
        }
        if (v instanceof java.sql.Timestamp t) {
            return t.toLocalDateTime();
        }
        if (v instanceof java.time.OffsetDateTime t) {
            return t.withOffsetSameInstant(ZoneOffset.UTC).toLocalDateTime();
        }
        if (v instanceof LocalDate d) {
            return d.atStartOfDay();
        }
        if (v instanceof java.sql.Date d) {
            return d.toLocalDate().atStartOfDay();
        }
        return v;
    }

    private static List<List<Object>> marsRows(LocalTable t) {
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < t.rowCount(); i++) {
            List<Object> row = new ArrayList<>();
            for (Column c : t.columns()) {
                if (c.isNull(i)) {
                    row.add(null);
                } else if (c.dtype() == DType.TIMESTAMP) {
                    long nanos = c.longs()[i];
                    row.add(LocalDateTime.ofInstant(Instant.ofEpochSecond(Math.floorDiv(nanos, 1_000_000_000L),
                            Math.floorMod(nanos, 1_000_000_000L)), ZoneOffset.UTC));
                } else if (c.dtype().isFloat()) {
                    row.add(c.getDouble(i));
                } else if (c.dtype() == DType.STRING) {
                    row.add(c.strings().get(i));
                } else if (c.dtype() == DType.BOOL) {
                    row.add(c.longs()[i] != 0);
                } else {
                    row.add(c.longs()[i]);
                }
            }
            rows.add(row);
        }
        return rows;
    }
}
