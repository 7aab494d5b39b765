package io.mars.benchmarks;

import io.mars.common.io.ParquetFiles;
import io.mars.dataframe.CsvOptions;
import io.mars.dataframe.DataFrame;
import io.mars.dataframe.DataFrames;
import io.mars.dataframe.GroupBy;
import io.mars.submit.client.ClientSession;
import io.mars.submit.local.LocalCluster;
import io.mars.types.LocalTable;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Dataframe IO on the embedded cluster beside pandas in the same run: a generated CSV of {@code rows} rows (an int
 * key, two floats, a string, a bool) read with {@code readCsv} and grouped, against pandas' {@code read_csv} and the
 * same groupby ({@code benchmarks/python/pandas_io_baseline.py}); then the frame written as Parquet and the groupby
 * read back from it, with the bytes read for all columns and for the two the groupby uses.
 *
 * <p>Usage: {@code TableIoBenchmark [rows=2000000] [workers=2] [python=python3]}; prints times, the Mars/pandas ratio
 * and peak RSS.
 */
public final class TableIoBenchmark {
    private TableIoBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int rows = args.length > 0 ? Integer.parseInt(args[0]) : 2_000_000;
        int workers = args.length > 1 ? Integer.parseInt(args[1]) : 2;
        String python = args.length > 2 ? args[2] : "python3";
        Path dir = Files.createTempDirectory("mars-io-bench");
        Path csv = dir.resolve("data.csv");
        writeCsv(csv, rows);
        System.out.printf(Locale.ROOT, "CSV: %d rows, %.1f MB%n", rows, Files.size(csv) / 1e6);
        try (LocalCluster cluster = new LocalCluster(workers, Map.of());
             ClientSession session = ClientSession.open(cluster.supervisor(), Map.of(), null)) {
            double mars = Double.MAX_VALUE;
            LocalTable result = null;
            for (int rep = 0; rep < 3; rep++) { // the first run warms the JIT; the best of the others counts
                long t0 = System.nanoTime();
                DataFrame df = DataFrames.readCsv(csv.toString(), CsvOptions.defaults().chunkBytes(16L << 20));
                result = session.executeTables(df.groupBy("k").agg(GroupBy.named("total", "x", "sum"),
                        GroupBy.named("n", "y", "count"))).get(0);
                double s = (System.nanoTime() - t0) / 1e9;
                mars = rep == 0 ? mars : Math.min(mars, s);
            }
            double total = 0;
            for (double d : result.column("total").doubles()) {
                total += d;
            }
            System.out.printf(Locale.ROOT, "mars readCsv+groupby: %.3f s, groups %d, total %.6f%n", mars,
                    result.rowCount(), total);
            double pandas = runPandas(python, csv);
            if (pandas > 0) {
                System.out.printf(Locale.ROOT, "ratio mars/pandas: %.2f%n", mars / pandas);
            }
            Path pq = dir.resolve("parquet");
            session.executeTables(DataFrames.readCsv(csv.toString(), CsvOptions.defaults().chunkBytes(16L << 20))
                    .toParquet(pq.toString()));
            double pqTime = Double.MAX_VALUE;
            long pruned = 0;
            for (int rep = 0; rep < 3; rep++) { // as above: a warm-up, then the best of two
                long before = ParquetFiles.bytesRead();
                long t0 = System.nanoTime();
                session.executeTables(DataFrames.readParquet(pq.toString()).groupBy("k").agg(
                        GroupBy.named("total", "x", "sum"), GroupBy.named("n", "y", "count")));
                double s = (System.nanoTime() - t0) / 1e9;
                pqTime = rep == 0 ? pqTime : Math.min(pqTime, s);
                pruned = ParquetFiles.bytesRead() - before;
            }
            long before;
            before = ParquetFiles.bytesRead();
            session.executeTables(DataFrames.readParquet(pq.toString()));
            long all = ParquetFiles.bytesRead() - before;
            System.out.printf(Locale.ROOT, "mars readParquet+groupby: %.3f s, %.1f MB read (all columns: %.1f MB)%n",
                    pqTime, pruned / 1e6, all / 1e6);
        }
        System.out.printf(Locale.ROOT, "mars peak RSS: %d MB%n", peakRssMb());
        io.mars.examples.ScratchDirs.deleteTree(dir);
    }

    private static void writeCsv(Path csv, int rows) throws IOException {
        SplittableRandom r = new SplittableRandom(42);
        String[] names = {"alpha", "beta", "gamma, delta", "epsilon", "zeta"};
        try (BufferedWriter w = Files.newBufferedWriter(csv, StandardCharsets.UTF_8)) {
            w.write("k,x,y,s,b\n");
            for (int i = 0; i < rows; i++) {
                String s = names[r.nextInt(names.length)];
                w.write(r.nextInt(1000) + "," + (r.nextDouble() * 200 - 100) + "," + (r.nextInt(50) == 0 ? ""
                        : Double.toString(r.nextDouble())) + "," + (s.indexOf(',') >= 0 ? "\"" + s + "\"" : s) + ","
                        + (r.nextBoolean() ? "True" : "False") + "\n");
            }
        }
    }

    private static double runPandas(String python, Path csv) throws IOException, InterruptedException {
        Path script = Path.of("benchmarks", "python", "pandas_io_baseline.py");
        if (!Files.exists(script)) {
            System.out.println("pandas: skipped (run from the repository root to find " + script + ")");
            return -1;
        }
        Process p = new ProcessBuilder(python, script.toString(), csv.toString()).redirectErrorStream(true).start();
        double seconds = -1;
        try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = in.readLine()) != null; ) {
                System.out.println(line);
                if (line.startsWith("pandas read_csv+groupby: ")) {
                    seconds = Double.parseDouble(line.substring(25, line.indexOf(" s,")));
                }
            }
        }
        p.waitFor();
        return seconds;
    }

    private static long peakRssMb() {
        try {
            for (String l : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (l.startsWith("VmHWM:")) {
                    return Long.parseLong(l.replaceAll("[^0-9]", "")) / 1024;
                }
            }
        } catch (IOException e) {
            return -1;
        }
        return -1;
    }

}
