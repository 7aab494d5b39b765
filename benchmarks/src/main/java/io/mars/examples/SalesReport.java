package io.mars.examples;

import io.mars.Session;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.dataframe.CsvOptions;
import io.mars.dataframe.DataFrame;
import io.mars.dataframe.DataFrames;
import io.mars.dataframe.GroupBy;
import io.mars.types.LocalTable;
import io.mars.types.WriteMode;
import java.util.List;

/**
 * A DataFrame pipeline from CSV to Parquet, on local paths or {@code hdfs://}: reads the sales lines
 * ({@code region, product, qty, price}), adds {@code revenue = qty * price}, aggregates by (region, product) (revenue
 * sum, order count, mean price), joins the product catalogue ({@code product, category}) on {@code product}, orders
 * the rows by revenue (descending, then region and product) and writes them as Parquet into the output directory,
 * one file per chunk, replacing a previous report there ({@code WriteMode.OVERWRITE}).
 *
 * <p>Usage: {@code SalesReport <sales csv file|dir|glob> <products csv> <output dir> [csv chunk bytes]}.
 */
public final class SalesReport {
    private SalesReport() {
    }

    public static void main(String[] args) {
        if (args.length < 3) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT,
                    "usage: SalesReport <sales csv> <products csv> <output dir> [csv chunk bytes]");
        }
        long chunkBytes = JobArgs.positive(args, 3, "csv chunk bytes", 0L);
        try (Session session = Session.getOrCreate()) {
            System.out.println(run(session, args[0], args[1], args[2], chunkBytes).line());
        }
    }

    /** The report's frame, not executed; {@code chunkBytes} 0 takes the configured CSV chunk size. */
    public static DataFrame report(String sales, String products, long chunkBytes) {
        CsvOptions options = chunkBytes > 0 ? CsvOptions.defaults().chunkBytes(chunkBytes) : CsvOptions.defaults();
        DataFrame lines = DataFrames.readCsv(sales, options);
        DataFrame priced = lines.assign("revenue", lines.col("qty").multiply(lines.col("price")));
        DataFrame byProduct = priced.groupBy("region", "product").agg(
                GroupBy.named("revenue", "revenue", "sum"),
                GroupBy.named("orders", "qty", "count"),
                GroupBy.named("mean_price", "price", "mean"));
        DataFrame joined = byProduct.merge(DataFrames.readCsv(products), "product", "inner");
        return joined.sortValues(List.of("revenue", "region", "product"), List.of(false, true, true));
    }

    public static JobResult run(Session session, String sales, String products, String output, long chunkBytes) {
        long start = System.nanoTime();
        // a report replaces the previous run's (only once the new one is written whole)
        LocalTable written = report(sales, products, chunkBytes).toParquet(output, WriteMode.OVERWRITE)
                .execute(session);
        long rows = 0;
        for (List<Object> row : written.toRows()) {
            rows += ((Number) row.get(1)).longValue();
        }
        return new JobResult("SalesReport", rows + " rows in " + written.rowCount() + " files", output,
                System.nanoTime() - start);
    }
}
