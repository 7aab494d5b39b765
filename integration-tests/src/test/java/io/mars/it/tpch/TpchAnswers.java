package io.mars.it.tpch;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.benchmarks.tpch.TpchCompare;
import io.mars.types.LocalTable;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;

/** Asserts that a TPC-H answer of Mars is DuckDB's ({@link TpchCompare}). */
public final class TpchAnswers {
    private TpchAnswers() {
    }

    /** Fails unless {@code mars} is query {@code q}'s answer as DuckDB gives it over {@code duck}'s views. */
    public static void assertSame(int q, LocalTable mars, Connection duck) throws SQLException, IOException {
        assertThat(TpchCompare.difference(q, mars, duck)).as("Q%d against DuckDB", q).isNull();
    }
}
