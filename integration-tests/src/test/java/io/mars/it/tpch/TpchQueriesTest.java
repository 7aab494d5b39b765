package io.mars.it.tpch;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.benchmarks.tpch.DuckDbRun;
import io.mars.benchmarks.tpch.TpchGen;
import io.mars.benchmarks.tpch.TpchQueries;
import io.mars.dataframe.DataFrame;
import io.mars.dataframe.DataFrames;
import io.mars.submit.client.ClientSession;
import io.mars.submit.local.LocalCluster;
import io.mars.types.LocalTable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
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

    @Test
    void badTablesScalesAndPartCountsAreClearErrors() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> DataFrames.tpch("lineitems", 1))
                .isInstanceOfSatisfying(io.mars.common.error.MarsException.class, e -> assertThat(e.code())
                        .isEqualTo(io.mars.common.error.ErrorCode.INVALID_ARGUMENT))
                .hasMessageContaining("'lineitems'").hasMessageContaining("lineitem").hasMessageContaining("region");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> DataFrames.tpch("orders", 0))
                .hasMessageContaining("scale factor").hasMessageContaining("0.0");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> DataFrames.tpch("orders", 1, 0))
                .hasMessageContaining("at least one part").hasMessageContaining("0");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> TpchQueries.query(23, this::table))
                .hasMessageContaining("1 to 22").hasMessageContaining("23");
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
        TpchAnswers.assertSame(q, mars, duck);
    }
}
