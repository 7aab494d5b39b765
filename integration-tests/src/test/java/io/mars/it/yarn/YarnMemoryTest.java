package io.mars.it.yarn;

import static io.mars.tensor.Tensors.chunks;
import static io.mars.tensor.Tensors.shape;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mars.Session;
import io.mars.dataframe.DataFrames;
import io.mars.examples.SalesReport;
import io.mars.submit.client.ClientModeApplication;
import io.mars.submit.client.ClientSession;
import io.mars.submit.client.YarnSessionProvider;
import io.mars.submit.local.LocalCluster;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import io.mars.types.NDArray;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.server.nodemanager.containermanager.monitor.ContainersMonitorImpl;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Worker containers under the NodeManager's physical-memory check (on, sampled every 250 ms: a container whose process
 * tree's resident memory passes its size is killed with "running beyond the 'PHYSICAL' memory limit"). A tensor job
 * keeping more than 3× the workers' total container memory spills and completes with the local cluster's results, no
 * worker is killed, each worker's peak resident memory stays under its container, and the scheduler never admitted
 * more working memory to a worker than its budget. A DataFrame job in cluster mode reads CSV from HDFS, aggregates,
 * joins, sorts and writes Parquet back to HDFS, equal to the same job on the local cluster.
 */
class YarnMemoryTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int WORKER_MB = 384;
    private static final int WORKERS = 2;
    /** Four kept tensors of ROWS x COLS float64: 4 x 614 MB = 2458 MB, over 3 x 768 MiB of worker containers. */
    private static final long ROWS = 7680;
    private static final long COLS = 10_000;
    @TempDir
    static Path tmp;

    private static MiniHadoop hadoop;
    private static FileSystem fs;
    private static YarnClient yarnClient;

    @BeforeAll
    static void startClusters() throws Exception {
        // MiniYARNCluster turns the NodeManager's container monitor off unless told that the test controls it
        hadoop = MiniHadoop.start(tmp, "mars-yarn-memory", true, Map.of(
                YarnConfiguration.YARN_MINICLUSTER_CONTROL_RESOURCE_MONITORING, "true",
                YarnConfiguration.NM_PMEM_CHECK_ENABLED, "true",
                YarnConfiguration.NM_CONTAINER_MON_INTERVAL_MS, "250"));
        fs = hadoop.fs;
        yarnClient = hadoop.client;
    }

    @AfterAll
    static void stopClusters() throws IOException {
        if (hadoop != null) {
            hadoop.close();
        }
    }

    @Test
    void theNodeManagersPmemCheckIsOn() throws Exception {
        var monitor = hadoop.yarn.getNodeManager(0).getNMContext().getContainerManager().getContainersMonitor();
        assertThat(monitor).isInstanceOf(ContainersMonitorImpl.class);
        ContainersMonitorImpl impl = (ContainersMonitorImpl) monitor;
        assertThat(impl.isPmemCheckEnabled()).isTrue();
        var enabled = ContainersMonitorImpl.class.getDeclaredField("containersMonitorEnabled");
        enabled.setAccessible(true);
        assertThat(enabled.getBoolean(impl)).as("the monitor samples the containers' process trees").isTrue();
    }

    /** A client-mode session of {@value #WORKERS} workers of {@value #WORKER_MB} MB named {@code name}, plus {@code extra}. */
    private static Map<String, String> sessionConf(String name, Map<String, String> extra) {
        Map<String, String> conf = new java.util.HashMap<>(Map.of(
                YarnSessionProvider.HADOOP_CONF_DIR, hadoop.confDir.toString(),
                "mars.yarn.am.java-home", System.getProperty("java.home"),
                "mars.yarn.am.classpath", AmClasspath.of(hadoop.confDir),
                ClientModeApplication.AM_MEMORY, "512",
                ClientModeApplication.APP_NAME, name,
                "mars.yarn.workers", String.valueOf(WORKERS),
                "mars.yarn.worker.memory", String.valueOf(WORKER_MB)));
        conf.putAll(extra);
        return conf;
    }

    /** x = rand, a = x + 1, b = a * 2, c = b - x, all kept; then column sums of a, sum(b * c), sum(c - a). */
    private static Tensor[] kept() {
        Tensor x = Tensors.random(2024).rand(shape(ROWS, COLS), chunks(256, 2000));
        Tensor a = x.add(1.0);
        Tensor b = a.multiply(2.0);
        Tensor c = b.subtract(x);
        return new Tensor[] {x, a, b, c};
    }

    private static Tensor[] results(Tensor[] k) {
        return new Tensor[] {k[1].sum(0), k[2].multiply(k[3]).sum(), k[3].subtract(k[1]).sum()};
    }

    @Test
    void aJobKeepingThreeTimesTheWorkersMemorySpillsAndNoWorkerIsKilledForMemory() throws Exception {
        Map<String, String> conf = sessionConf("pmem", Map.of());
        List<NDArray> got;
        ApplicationId appId;
        JsonNode cluster;
        long keptBytes;
        long start = System.nanoTime();
        try (Session session = Session.yarn(conf)) {
            ApplicationReport report = onlyRunning();
            appId = report.getApplicationId();
            String proxy = report.getTrackingUrl();
            Tensor[] k = kept();
            ((ClientSession) session).executeForInfo(k);
            keptBytes = getJson(proxy + "api/sessions").at("/sessions/0/chunkBytes").asLong();
            got = session.execute(results(k));
            cluster = getJson(proxy + "api/cluster");
        }
        long seconds = (System.nanoTime() - start) / 1_000_000_000L;
        long containerBytes = (long) WORKER_MB << 20;
        assertThat(keptBytes).as("data kept vs the workers' total container memory")
                .isGreaterThanOrEqualTo(3 * WORKERS * containerBytes);

        assertThat(cluster.get("lostWorkers")).as("no worker container ended").isEmpty();
        assertThat(cluster.get("workers")).hasSize(WORKERS);
        long spills = 0;
        StringBuilder figures = new StringBuilder();
        for (JsonNode w : cluster.get("workers")) {
            spills += w.at("/storage/spilledChunks").asLong();
            if (w.at("/storage/spilledChunks").asLong() > 0) {
                assertThat(w.at("/storage/spillBytesPerSecond").asLong()).as("spill rate of %s", w.get("id").asText())
                        .isPositive();
            }
            long peakRss = w.at("/process/peakRssBytes").asLong();
            assertThat(peakRss).as("peak resident memory of %s", w.get("id").asText())
                    .isPositive().isLessThan(containerBytes);
            JsonNode admission = w.get("admission");
            assertThat(admission.get("budgetBytes").asLong()).isPositive();
            assertThat(admission.get("peakAdmittedBytes").asLong()).as("admitted working memory of %s",
                    w.get("id").asText()).isPositive().isLessThanOrEqualTo(admission.get("budgetBytes").asLong());
            figures.append(String.format(Locale.ROOT, "%n  %s: peak RSS %d MB of %d MB (metaspace peak %d MB, direct"
                            + " %d MB), spilled %d chunks (%d MB/s), read back %d, budget %d bytes, peak admitted %d",
                    w.get("id").asText(), peakRss >> 20, WORKER_MB, w.at("/process/metaspacePeakBytes").asLong() >> 20,
                    w.at("/process/directBytes").asLong() >> 20, w.at("/storage/spilledChunks").asLong(),
                    w.at("/storage/spillBytesPerSecond").asLong() >> 20, w.at("/storage/readBacks").asLong(),
                    admission.get("budgetBytes").asLong(), admission.get("peakAdmittedBytes").asLong()));
        }
        assertThat(spills).as("chunks spilled by the workers").isPositive();
        System.out.println("YarnMemoryTest: kept " + (keptBytes >> 20) + " MB on " + WORKERS + " x " + WORKER_MB
                + " MB workers in " + seconds + " s" + figures);

        ApplicationReport ended = yarnClient.getApplicationReport(appId);
        assertThat(ended.getFinalApplicationStatus()).isEqualTo(FinalApplicationStatus.SUCCEEDED);
        assertThat(ended.getDiagnostics()).doesNotContain("PHYSICAL").doesNotContain("memory limit");

        List<NDArray> expected;
        try (LocalCluster local = new LocalCluster(2, Map.of());
             ClientSession session = ClientSession.open(local.supervisor(), Map.of(), null)) {
            expected = session.execute(results(kept()));
        }
        assertThat(got).hasSameSizeAs(expected);
        for (int i = 0; i < expected.size(); i++) {
            double[] g = got.get(i).toDoubleArray();
            double[] e = expected.get(i).toDoubleArray();
            assertThat(g).hasSameSizeAs(e);
            for (int j = 0; j < e.length; j++) {
                // the local run sums fused blocks, the spilled one stored chunks: the same values, summed in
                // another order within a chunk
                assertThat(g[j]).as("result %d [%d]", i, j).isCloseTo(e[j], org.assertj.core.data.Offset.offset(
                        Math.abs(e[j]) * 1e-12));
            }
        }
    }

    /**
     * The seed's headline at a test size: {@code (a.dot(a.T) - a).std()} with the workers' memory quota (both together)
     * at 12.5% of what the job materializes (a and a.dot(a.T)), on containers under the pmem check.
     */
    @Test
    void theSeedHeadlineCompletesWithTheWorkersQuotaAtAnEighthOfItsData() throws Exception {
        long n = 3000;
        long chunk = 500;
        long materialized = 2 * n * n * 8;
        long quotaPerWorker = materialized / 8 / WORKERS;
        Map<String, String> conf = sessionConf("headline", Map.of(
                io.mars.container.services.storage.StorageConfig.CACHE_MEM, Long.toString(quotaPerWorker)));
        String got;
        ApplicationId appId;
        JsonNode cluster;
        try (Session session = Session.yarn(conf)) {
            appId = onlyRunning().getApplicationId();
            String proxy = onlyRunning().getTrackingUrl();
            got = io.mars.examples.DotStd.run(session, n, chunk).result();
            cluster = getJson(proxy + "api/cluster");
        }
        long spills = 0;
        for (JsonNode w : cluster.get("workers")) {
            spills += w.at("/storage/spilledChunks").asLong();
            assertThat(w.at("/process/peakRssBytes").asLong()).as("peak resident memory of %s", w.get("id").asText())
                    .isLessThan((long) WORKER_MB << 20);
        }
        assertThat(cluster.get("lostWorkers")).as("no worker container ended").isEmpty();
        assertThat(spills).as("chunks spilled: the data is 8 x the quota").isPositive();
        ApplicationReport ended = yarnClient.getApplicationReport(appId);
        assertThat(ended.getFinalApplicationStatus()).isEqualTo(FinalApplicationStatus.SUCCEEDED);
        assertThat(ended.getDiagnostics()).doesNotContain("PHYSICAL").doesNotContain("memory limit");
        String expected;
        try (LocalCluster local = new LocalCluster(2, Map.of());
             ClientSession session = ClientSession.open(local.supervisor(), Map.of(), null)) {
            expected = io.mars.examples.DotStd.run(session, n, chunk).result();
        }
        assertThat(Double.parseDouble(got)).as("the value of an ample local run with the same seed")
                .isCloseTo(Double.parseDouble(expected), org.assertj.core.data.Offset.offset(
                        Math.abs(Double.parseDouble(expected)) * 1e-6));
    }

    @Test
    void aDataFrameJobInClusterModeReadsCsvFromHdfsAndWritesTheLocalClustersParquet() throws Exception {
        Path local = Files.createDirectories(tmp.resolve("sales"));
        writeSales(local.resolve("sales.csv"), local.resolve("products.csv"));
        org.apache.hadoop.fs.Path in = fs.makeQualified(new org.apache.hadoop.fs.Path("/etl/in"));
        fs.mkdirs(in);
        fs.copyFromLocalFile(new org.apache.hadoop.fs.Path(local.resolve("sales.csv").toUri()), in);
        fs.copyFromLocalFile(new org.apache.hadoop.fs.Path(local.resolve("products.csv").toUri()), in);
        String out = fs.makeQualified(new org.apache.hadoop.fs.Path("/etl/out")).toString();
        long chunkBytes = 1 << 20;

        // the example as it ships: its jar, run with --class, as the README says
        MiniHadoop.Submitted run = hadoop.marsSubmit(Map.of(), List.of("--master", "yarn", "--deploy-mode", "cluster",
                "--class", "io.mars.examples.SalesReport", "--am-memory", "512", "--workers", String.valueOf(WORKERS),
                "--worker-memory", String.valueOf(WORKER_MB),
                "--conf", "mars.yarn.am.java-home=" + System.getProperty("java.home"),
                "--conf", "mars.yarn.am.classpath=" + AmClasspath.of(hadoop.confDir),
                AmClasspath.examplesJar().toString(), in + "/sales.csv", in + "/products.csv", out, String.valueOf(chunkBytes)));
        assertThat(run.code()).as(run.err()).isZero();
        ApplicationReport report = yarnClient.getApplicationReport(run.appId());
        assertThat(report.getFinalApplicationStatus()).isEqualTo(FinalApplicationStatus.SUCCEEDED);
        assertThat(report.getDiagnostics()).doesNotContain("PHYSICAL");
        assertThat(fs.listStatus(new org.apache.hadoop.fs.Path(out))).as("Parquet files written on HDFS")
                .hasSizeGreaterThan(0);

        Path localOut = tmp.resolve("etl-local-out");
        try (LocalCluster cluster = new LocalCluster(2, Map.of());
             ClientSession session = ClientSession.open(cluster.supervisor(), Map.of(), null)) {
            SalesReport.run(session, local.resolve("sales.csv").toString(), local.resolve("products.csv").toString(),
                    localOut.toString(), chunkBytes);
            List<List<Object>> onYarn = DataFrames.readParquet(out).execute(session).toRows();
            List<List<Object>> onLocal = DataFrames.readParquet(localOut.toString()).execute(session).toRows();
            assertThat(onLocal).as("regions x products that have a catalogue entry").hasSizeGreaterThan(100);
            assertThat(DataFrames.readParquet(out).execute(session).columnNames())
                    .containsExactly("region", "product", "revenue", "orders", "mean_price", "category");
            assertThat(onYarn).isEqualTo(onLocal);
        }
    }

    /**
     * 200 000 sales lines over 5 regions and 300 products (quantities 1-20, prices with cents), and a catalogue of
     * the products not divisible by 7 (so the inner join drops some).
     */
    private static void writeSales(Path sales, Path products) throws IOException {
        Random rng = new Random(6);
        String[] regions = {"north", "south", "east", "west", "central"};
        StringBuilder s = new StringBuilder("region,product,qty,price\n");
        for (int i = 0; i < 200_000; i++) {
            s.append(regions[rng.nextInt(regions.length)]).append(',').append(rng.nextInt(300)).append(',')
                    .append(1 + rng.nextInt(20)).append(',')
                    .append(String.format(Locale.ROOT, "%.2f", 0.5 + rng.nextInt(10_000) / 100.0)).append('\n');
        }
        Files.writeString(sales, s, StandardCharsets.UTF_8);
        StringBuilder p = new StringBuilder("product,category\n");
        for (int i = 0; i < 300; i++) {
            if (i % 7 != 0) {
                p.append(i).append(",cat-").append(i % 10).append('\n');
            }
        }
        Files.writeString(products, p, StandardCharsets.UTF_8);
    }

    private static ApplicationReport onlyRunning() throws Exception {
        List<ApplicationReport> apps = yarnClient.getApplications(Set.of("MARS"),
                EnumSet.of(YarnApplicationState.RUNNING));
        assertThat(apps).hasSize(1);
        return apps.get(0);
    }

    private static JsonNode getJson(String url) throws IOException {
        HttpURLConnection c = (HttpURLConnection) URI.create(url).toURL().openConnection();
        c.setConnectTimeout(20_000);
        c.setReadTimeout(20_000);
        try {
            int status = c.getResponseCode();
            InputStream in = status >= 400 ? c.getErrorStream() : c.getInputStream();
            String body = in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8);
            assertThat(status).as(url + ": " + body).isEqualTo(200);
            return JSON.readTree(body);
        } finally {
            c.disconnect();
        }
    }
}
