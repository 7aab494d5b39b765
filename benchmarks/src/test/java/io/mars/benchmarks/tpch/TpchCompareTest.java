package io.mars.benchmarks.tpch;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The ORDER BY keys the comparison with DuckDB lets tied rows come in any order under. */
class TpchCompareTest {
    @Test
    void orderKeysAreTheOutputColumnsOfTheFinalOrderByBeforeTheLimit() throws Exception {
        assertThat(TpchCompare.orderKeyColumns(DuckDbRun.sql(11), List.of("ps_partkey", "value"))).containsExactly(1);
        assertThat(TpchCompare.orderKeyColumns(DuckDbRun.sql(18),
                List.of("c_name", "c_custkey", "o_orderkey", "o_orderdate", "o_totalprice", "sum(l_quantity)")))
                .containsExactly(4, 3);
        assertThat(TpchCompare.orderKeyColumns(DuckDbRun.sql(1), List.of("l_returnflag", "l_linestatus", "sum_qty")))
                .containsExactly(0, 1);
        // a key that is not an output column: no tie handling, rows compared strictly in order
        assertThat(TpchCompare.orderKeyColumns("select a from t order by b desc", List.of("a"))).isEmpty();
        assertThat(TpchCompare.orderKeyColumns("select a from t", List.of("a"))).isEmpty();
    }
}
