package io.mars.it.yarn;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.minikdc.MiniKdc;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Kerberos cluster: a real KDC (MiniKdc), a secure MiniDFSCluster and MiniYARNCluster whose HDFS delegation tokens
 * live {@value #TOKEN_LIFETIME_MS} ms at most, and the distribution's {@code bin/mars-submit} as a separate process
 * logged in from a user's keytab. A job that reads and writes HDFS from its workers and its main for several times
 * the tokens' lifetime succeeds, because the AM obtains new tokens from the keytab and the workers take them; the
 * keytab reaches the AM's container and no worker's. Without a ticket or with a keytab that does not hold the
 * principal, mars-submit refuses with exit 4 and says what to do.
 */
class YarnKerberosTest {
    private static final long TOKEN_LIFETIME_MS = 20_000;
    /** The job runs this long: three token lifetimes. */
    private static final int JOB_SECONDS = 60;
    private static final String USER = "alice";

    private static final String JOB = """
            package krbjob;

            import io.mars.Session;
            import io.mars.dataframe.DataFrame;
            import io.mars.dataframe.DataFrames;
            import io.mars.types.LocalTable;
            import io.mars.types.WriteMode;
            import java.nio.charset.StandardCharsets;
            import java.util.List;
            import org.apache.hadoop.conf.Configuration;
            import org.apache.hadoop.fs.FSDataOutputStream;
            import org.apache.hadoop.fs.FileSystem;
            import org.apache.hadoop.fs.Path;

            /** Reads a CSV from HDFS and writes it as Parquet to HDFS (the workers), round after round, until
                args[2] seconds passed; then the main writes how many rounds and rows there were. */
            public class Job {
                public static void main(String[] args) throws Exception {
                    long end = System.nanoTime() + Long.parseLong(args[2]) * 1_000_000_000L;
                    StringBuilder rows = new StringBuilder();
                    int rounds = 0;
                    try (Session session = Session.getOrCreate()) {
                        do {
                            DataFrame lines = DataFrames.readCsv(args[0]);
                            LocalTable written = lines.toParquet(args[1] + "/round-" + rounds, WriteMode.OVERWRITE)
                                    .execute(session);
                            long n = 0;
                            for (List<Object> row : written.toRows()) {
                                n += ((Number) row.get(1)).longValue();
                            }
                            rows.append(n).append('\\n');
                            rounds++;
                            // longer than an idle HDFS connection lives (10 s): the next round connects anew
                            Thread.sleep(12_000);
                        } while (System.nanoTime() < end);
                    }
                    FileSystem fs = FileSystem.get(new Configuration());
                    try (FSDataOutputStream out = fs.create(new Path(args[1] + "/rounds"))) {
                        out.write(rows.toString().getBytes(StandardCharsets.UTF_8));
                    }
                }
            }
            """;

    @TempDir
    static Path tmp;

    private static MiniKdc kdc;
    private static MiniHadoop hadoop;
    private static FileSystem fs;
    private static Path userKeytab;
    private static Path jobJar;
    private static String realm;

    @BeforeAll
    static void startClusters() throws Exception {
        kdc = new MiniKdc(MiniKdc.createConf(), Files.createDirectories(tmp.resolve("kdc")).toFile());
        kdc.start();
        realm = kdc.getRealm();
        // the services run as this process's user (the NameNode's user is HDFS's superuser)
        String serviceUser = System.getProperty("user.name");
        Path serviceKeytab = tmp.resolve("service.keytab");
        kdc.createPrincipal(serviceKeytab.toFile(), serviceUser + "/localhost", "HTTP/localhost");
        userKeytab = tmp.resolve(USER + ".keytab");
        kdc.createPrincipal(userKeytab.toFile(), USER);
        String service = serviceUser + "/localhost@" + realm;
        String keytab = serviceKeytab.toString();
        Map<String, String> secure = Map.ofEntries(
                Map.entry("hadoop.security.authentication", "kerberos"),
                Map.entry("dfs.namenode.kerberos.principal", service),
                Map.entry("dfs.namenode.keytab.file", keytab),
                Map.entry("dfs.datanode.kerberos.principal", service),
                Map.entry("dfs.datanode.keytab.file", keytab),
                Map.entry("dfs.web.authentication.kerberos.principal", "HTTP/localhost@" + realm),
                Map.entry("dfs.web.authentication.kerberos.keytab", keytab),
                Map.entry("dfs.block.access.token.enable", "true"),
                // no root for privileged DataNode ports in a test, no SASL data transfer set up either
                Map.entry("ignore.secure.ports.for.testing", "true"),
                Map.entry("dfs.namenode.delegation.token.max-lifetime", String.valueOf(TOKEN_LIFETIME_MS)),
                Map.entry("dfs.namenode.delegation.token.renew-interval", String.valueOf(TOKEN_LIFETIME_MS)),
                Map.entry("yarn.resourcemanager.principal", service),
                Map.entry("yarn.resourcemanager.keytab", keytab),
                Map.entry("yarn.nodemanager.principal", service),
                Map.entry("yarn.nodemanager.keytab", keytab),
                Map.entry("yarn.resourcemanager.webapp.spnego-principal", "HTTP/localhost@" + realm),
                Map.entry("yarn.resourcemanager.webapp.spnego-keytab-file", keytab),
                Map.entry("yarn.nodemanager.webapp.spnego-principal", "HTTP/localhost@" + realm),
                Map.entry("yarn.nodemanager.webapp.spnego-keytab-file", keytab));
        org.apache.hadoop.conf.Configuration login = new org.apache.hadoop.conf.Configuration();
        secure.forEach(login::set);
        UserGroupInformation.setConfiguration(login);
        UserGroupInformation.loginUserFromKeytab(service, keytab);
        // containers' directories and logs are kept after the application, for the checks of where the keytab went
        hadoop = MiniHadoop.start(tmp, "mars-yarn-kerberos", false, Map.of("yarn.nodemanager.delete.debug-delay-sec",
                "600", "yarn.nodemanager.log.retain-seconds", "600"), secure);
        fs = hadoop.fs;
        org.apache.hadoop.fs.Path home = new org.apache.hadoop.fs.Path("/user/" + USER);
        fs.mkdirs(home);
        fs.setOwner(home, USER, USER);
        try (FSDataOutputStream out = fs.create(new org.apache.hadoop.fs.Path(home, "in.csv"))) {
            StringBuilder csv = new StringBuilder("id,x\n");
            for (int i = 0; i < 1000; i++) {
                csv.append(i).append(',').append(i * 0.5).append('\n');
            }
            out.write(csv.toString().getBytes(StandardCharsets.UTF_8));
        }
        fs.setOwner(new org.apache.hadoop.fs.Path(home, "in.csv"), USER, USER);
        jobJar = MiniHadoop.jobJar(tmp.resolve("job"), "krbjob.Job", JOB);
    }

    @AfterAll
    static void stopClusters() throws IOException {
        if (hadoop != null) {
            hadoop.close();
        }
        if (kdc != null) {
            kdc.stop();
        }
    }

    @Test
    void aJobLongerThanItsTokensLiveReadsAndWritesHdfsWithTokensTheAmRenewsFromTheKeytab() throws Exception {
        String out = "hdfs:///user/" + USER + "/out";
        Run run = submit(List.of("--principal", USER + "@" + realm, "--keytab", userKeytab.toString(),
                "--conf", "mars.yarn.credentials.poll-interval-ms=2000",
                jobJar.toString(), "hdfs:///user/" + USER + "/in.csv", out, String.valueOf(JOB_SECONDS)));

        assertThat(run.code).as(run.err).isZero();
        ApplicationId appId = ApplicationId.fromString(run.out.lines().findFirst().orElseThrow().trim());
        assertThat(hadoop.client.getApplicationReport(appId).getFinalApplicationStatus())
                .isEqualTo(FinalApplicationStatus.SUCCEEDED);
        List<String> rounds = read("/user/" + USER + "/out/rounds").lines().toList();
        // every round, including those after the first tokens expired, wrote all 1000 rows
        assertThat(rounds.size()).as("rounds over %d s", JOB_SECONDS)
                .isGreaterThanOrEqualTo((int) (JOB_SECONDS * 1000 / TOKEN_LIFETIME_MS));
        assertThat(rounds).allMatch("1000"::equals);
        assertThat(fs.getFileStatus(new org.apache.hadoop.fs.Path("/user/" + USER + "/out/rounds")).getOwner())
                .isEqualTo(USER);
        assertThat(fs.exists(hadoop.staging(appId))).as("staging deleted").isFalse();

        // the AM renewed (its log says so) and the workers took the new tokens; only the AM's container had a keytab
        List<Path> logs = containerLogs(appId);
        String am = logs.stream().filter(p -> p.toString().contains("_000001")).map(YarnKerberosTest::text)
                .reduce("", String::concat);
        assertThat(am).contains("Kerberos: obtained");
        String workers = logs.stream().filter(p -> !p.toString().contains("_000001")).map(YarnKerberosTest::text)
                .reduce("", String::concat);
        assertThat(workers).contains("Kerberos: took");
        List<Path> inContainers = keytabsLocalized(appId).stream().filter(p -> p.toString().contains("/container_"))
                .toList();
        assertThat(inContainers).as("the keytab in a container's working directory").isNotEmpty()
                .allMatch(p -> p.toString().contains("_000001/"));
    }

    @Test
    void withoutATicketOrWithAWrongKeytabMarsSubmitRefusesWithExit4() throws Exception {
        Run noTicket = submit(List.of(jobJar.toString(), "hdfs:///unused", "hdfs:///unused", "1"));
        assertThat(noTicket.code).as(noTicket.err).isEqualTo(4);
        assertThat(noTicket.err).contains("the cluster uses Kerberos").contains("run kinit first, or give --principal"
                + " and --keytab");
        assertThat(noTicket.out).as("nothing submitted").isEmpty();

        Run wrong = submit(List.of("--principal", "bob@" + realm, "--keytab", userKeytab.toString(),
                jobJar.toString(), "hdfs:///unused", "hdfs:///unused", "1"));
        assertThat(wrong.code).as(wrong.err).isEqualTo(4);
        assertThat(wrong.err).contains("cannot log in to Kerberos as bob@" + realm + " from the keytab " + userKeytab);
        assertThat(wrong.out).isEmpty();

        Run halfGiven = submit(List.of("--principal", USER + "@" + realm, jobJar.toString(), "x", "y", "1"));
        assertThat(halfGiven.code).isEqualTo(2);
        assertThat(halfGiven.err).contains("--principal " + USER + "@" + realm + " without --keytab");
    }

    private record Run(int code, String out, String err) {
    }

    /** The distribution's bin/mars-submit as a process, with the KDC's krb5.conf and no ticket cache of its own. */
    private static Run submit(List<String> options) throws Exception {
        String krb5 = "-Djava.security.krb5.conf=" + kdc.getKrb5conf().getAbsolutePath();
        List<String> command = new ArrayList<>(List.of("bash",
                AmClasspath.distribution().resolve("bin/mars-submit").toString(),
                "--master", "yarn", "--class", "krbjob.Job", "--quiet",
                "--conf", "mars.yarn.am.java-home=" + System.getProperty("java.home"),
                "--conf", "mars.yarn.am.classpath=" + AmClasspath.of(hadoop.confDir),
                "--driver-java-options", krb5, "--conf", "mars.yarn.worker.java-options=" + krb5,
                "--am-memory", "512", "--workers", "2", "--worker-memory", "384"));
        command.addAll(options);
        Path out = Files.createTempFile(tmp, "submit", ".out");
        Path err = Files.createTempFile(tmp, "submit", ".err");
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
        builder.environment().put("HADOOP_CONF_DIR", hadoop.confDir.toString());
        builder.environment().put("MARS_SUBMIT_OPTS", "-Xmx256m " + krb5);
        // no kinit ticket: a cache file that does not exist
        builder.environment().put("KRB5CCNAME", "FILE:" + tmp.resolve("no-ticket-cache"));
        Process p = builder.start();
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("mars-submit did not end: " + Files.readString(err));
        }
        return new Run(p.exitValue(), Files.readString(out), Files.readString(err));
    }

    private static String read(String path) throws IOException {
        try (var in = fs.open(new org.apache.hadoop.fs.Path(path))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static String text(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return "";
        }
    }

    /** The application's container log files the NodeManager kept. */
    private static List<Path> containerLogs(ApplicationId appId) throws IOException {
        return filesUnder("yarn.nodemanager.log-dirs", appId.toString(), p -> true);
    }

    /** Where a keytab was localized for the application: under its containers' working directories. */
    private static List<Path> keytabsLocalized(ApplicationId appId) throws IOException {
        return filesUnder("yarn.nodemanager.local-dirs", appId.toString(),
                p -> p.getFileName().toString().equals(io.mars.am.yarn.KerberosConfig.KEYTAB_LINK_NAME));
    }

    private static List<Path> filesUnder(String dirsKey, String appId, java.util.function.Predicate<Path> which)
            throws IOException {
        List<Path> found = new ArrayList<>();
        for (String dir : hadoop.yarn.getNodeManager(0).getConfig().getTrimmedStrings(dirsKey)) {
            Path root = Path.of(java.net.URI.create(dir).getPath() == null ? dir : java.net.URI.create(dir).getPath());
            if (!Files.isDirectory(root)) {
                continue;
            }
            try (Stream<Path> files = Files.walk(root)) {
                files.filter(p -> p.toString().contains(appId)).filter(which).forEach(found::add);
            }
        }
        return found;
    }
}
