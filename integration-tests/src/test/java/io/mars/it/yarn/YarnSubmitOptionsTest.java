package io.mars.it.yarn;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.am.yarn.ContainerFiles;
import io.mars.submit.yarn.SecretFile;
import io.mars.submit.yarn.YarnSubmitter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.security.Credentials;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.token.Token;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The spark-submit-like options of {@code mars-submit --master yarn} on a MiniYARNCluster + MiniDFSCluster: tags and
 * priority in the application report, {@code --files} and the shipped Hadoop configuration in every container,
 * tokens from {@code HADOOP_TOKEN_FILE_LOCATION} in the AM, {@code --no-wait} with a private staging directory that
 * the AM removes, a pre-uploaded {@code mars.yarn.archive}, and the checks made before anything is uploaded.
 */
class YarnSubmitOptionsTest {
    private static final String JOB = """
            package optjob;

            import static io.mars.tensor.Tensors.chunks;
            import static io.mars.tensor.Tensors.shape;

            import io.mars.Session;
            import io.mars.tensor.Tensors;
            import java.nio.charset.StandardCharsets;
            import org.apache.hadoop.conf.Configuration;
            import org.apache.hadoop.fs.FSDataOutputStream;
            import org.apache.hadoop.fs.FileSystem;
            import org.apache.hadoop.fs.Path;
            import org.apache.hadoop.io.Text;
            import org.apache.hadoop.security.UserGroupInformation;
            import org.apache.hadoop.security.token.Token;

            /** args: report path (hdfs URI), then optionally a marker path to wait for before ending. */
            public class Job {
                public static void main(String[] args) throws Exception {
                    StringBuilder report = new StringBuilder();
                    try (Session session = Session.getOrCreate()) {
                        report.append("sum=")
                                .append(Tensors.ones(shape(10, 10), chunks(5)).sum().execute(session).getDouble());
                    }
                    java.nio.file.Path data = java.nio.file.Path.of("data.txt");
                    report.append(" data=").append(java.nio.file.Files.exists(data)
                            ? java.nio.file.Files.readString(data).trim() : "none");
                    Token<?> token = UserGroupInformation.getCurrentUser().getCredentials()
                            .getToken(new Text("mars-test-service"));
                    report.append(" token=").append(token == null ? "none"
                            : token.getKind() + "/" + new String(token.getIdentifier(), StandardCharsets.UTF_8));
                    // the default file system comes from the configuration mars-submit shipped
                    FileSystem fs = FileSystem.get(new Configuration());
                    try (FSDataOutputStream out = fs.create(new Path(args[0]))) {
                        out.write(report.toString().getBytes(StandardCharsets.UTF_8));
                    }
                    if (args.length > 1) {
                        long deadline = System.currentTimeMillis() + 120_000;
                        while (!fs.exists(new Path(args[1])) && System.currentTimeMillis() < deadline) {
                            Thread.sleep(100);
                        }
                    }
                }
            }
            """;

    @TempDir
    static Path tmp;

    private static MiniHadoop hadoop;
    private static FileSystem fs;
    private static YarnClient yarnClient;
    private static Path jobJar;

    @BeforeAll
    static void startClusters() throws Exception {
        hadoop = MiniHadoop.start(tmp, "mars-yarn-submit-options", false);
        fs = hadoop.fs;
        yarnClient = hadoop.client;
        jobJar = MiniHadoop.jobJar(tmp.resolve("job"), "optjob.Job", JOB);
    }

    @AfterAll
    static void stopClusters() throws IOException {
        if (hadoop != null) {
            hadoop.close();
        }
    }

    @Test
    void noWaitDetachesAndTheAppGetsTagsPriorityFilesConfAndTokensWhileTheAmRemovesItsPrivateStaging()
            throws Exception {
        Path data = Files.writeString(tmp.resolve("data.txt"), "forty-two\n");
        Path tokenFile = tokenFile();
        String report = qualified("/results/detached.txt");
        String marker = qualified("/results/detached.done");

        MiniHadoop.Submitted run = submit(Map.of("HADOOP_TOKEN_FILE_LOCATION", tokenFile.toString()),
                "--conf", "mars.yarn.am.classpath=" + AmClasspath.of(hadoop.confDir),
                "--conf", "mars.yarn.am.attempt-failures-validity-interval=1h",
                "--no-wait", "--tags", "Nightly,team-a", "--priority", "5", "--files", data.toString(),
                "--am-memory", "512", "--workers", "2", "--worker-memory", "384", "--name", "detached",
                jobJar.toString(), report, marker);

        // detached: exit 0 once accepted, the id on stdout, the tracking URL on stderr
        assertThat(run.code()).as(run.err()).isZero();
        assertThat(run.err()).contains("tracking URL: ").contains("--no-wait");
        ApplicationId appId = run.appId();
        assertThat(yarnClient.getApplicationReport(appId).getYarnApplicationState())
                .isNotIn(YarnApplicationState.FINISHED, YarnApplicationState.FAILED, YarnApplicationState.KILLED);

        org.apache.hadoop.fs.Path staging = hadoop.staging(appId);
        try {
            // the staging directory: private, with the job's jar, the spec, the conf archive and the --files only
            assertThat(fs.getFileStatus(staging).getPermission()).isEqualTo(new FsPermission((short) 0700));
            assertThat(names(fs.listStatus(staging))).containsExactlyInAnyOrder("job-0-job.jar",
                    "mars-app.properties", ContainerFiles.CONF_ARCHIVE, ContainerFiles.FILES_DIR, SecretFile.NAME);
            assertThat(names(fs.listStatus(new org.apache.hadoop.fs.Path(staging, ContainerFiles.FILES_DIR))))
                    .containsExactly("data.txt");

            // the AM read the file and the token; every container (AM and both workers) holds the file and the conf
            assertThat(awaitFile(report, appId))
                    .isEqualTo("sum=100.0 data=forty-two token=MARS_TEST/from-the-token-file");
            List<Path> containers = awaitContainerDirs(appId, 3, "data.txt");
            for (Path container : containers) {
                assertThat(container.resolve("data.txt")).as(container + "/data.txt").hasContent("forty-two\n");
                assertThat(container.resolve(ContainerFiles.CONF_LINK).resolve("core-site.xml"))
                        .as(container + " has the shipped configuration").exists();
            }

            ApplicationReport running = yarnClient.getApplicationReport(appId);
            assertThat(running.getApplicationTags()).containsExactlyInAnyOrder("nightly", "team-a");
            assertThat(running.getPriority().getPriority()).isEqualTo(5);
            assertThat(running.getQueue()).endsWith("default");
            assertThat(hadoop.yarn.getResourceManager().getRMContext().getRMApps().get(appId)
                    .getApplicationSubmissionContext().getAttemptFailuresValidityInterval())
                    .as("AM failures older than an hour do not count").isEqualTo(3_600_000L);
        } finally {
            fs.create(new org.apache.hadoop.fs.Path(marker)).close(); // lets the job end
        }
        ApplicationReport end = awaitEnd(appId);
        assertThat(end.getFinalApplicationStatus()).as(end.getDiagnostics()).isEqualTo(FinalApplicationStatus.SUCCEEDED);
        // nobody waited: the AM removed the staging directory at its end
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (fs.exists(staging) && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertThat(fs.exists(staging)).as("staging dir removed by the AM").isFalse();
    }

    /**
     * Without an archive or a node-local class path, {@code bin/mars-submit} (its own process, on the shipped jars)
     * uploads Mars's jars once to {@code <home>/.mars/lib/<version>-<hash>/mars-lib.zip}; the next submission reuses it.
     */
    @Test
    void withoutAnArchiveMarsJarsAreUploadedOnceToTheUsersCacheAndReused() throws Exception {
        org.apache.hadoop.fs.Path cache = new org.apache.hadoop.fs.Path(fs.getHomeDirectory(), ".mars/lib");
        ShippedRun first = shippedSubmit();
        assertThat(first.code()).as(first.err()).isZero();
        assertThat(first.err()).contains("uploading Mars's jars once for this version");
        FileStatus[] versions = fs.listStatus(cache);
        assertThat(versions).hasSize(1);
        FileStatus zip = fs.getFileStatus(new org.apache.hadoop.fs.Path(versions[0].getPath(), "mars-lib.zip"));
        assertThat(zip.getLen()).as("the shipped jars").isGreaterThan(50L << 20);

        ShippedRun second = shippedSubmit();
        assertThat(second.code()).as(second.err()).isZero();
        assertThat(second.err()).doesNotContain("uploading Mars's jars");
        assertThat(fs.getFileStatus(zip.getPath()).getModificationTime()).as("reused, not uploaded again")
                .isEqualTo(zip.getModificationTime());
        assertThat(fs.listStatus(cache)).hasSize(1);
        assertThat(fs.listStatus(versions[0].getPath())).as("no partial uploads left").hasSize(1);
    }

    private record ShippedRun(int code, String err) {
    }

    /** {@code bin/mars-submit} as a user runs it: pi from the shipped examples jar, with nothing of Mars on the node. */
    private static ShippedRun shippedSubmit() throws Exception {
        Path marsHome = AmClasspath.distribution();
        Path err = Files.createTempFile(tmp, "shipped", ".err");
        ProcessBuilder builder = new ProcessBuilder("bash", marsHome.resolve("bin/mars-submit").toString(),
                "--master", "yarn", "--class", "io.mars.examples.MonteCarloPi", "--am-memory", "512",
                "--workers", "1", "--worker-memory", "384",
                "--conf", "mars.yarn.am.java-home=" + System.getProperty("java.home"),
                AmClasspath.examplesJar().toString(), "1000000")
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(err.toFile());
        builder.environment().put("HADOOP_CONF_DIR", hadoop.confDir.toString());
        Process p = builder.start();
        if (!p.waitFor(4, java.util.concurrent.TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("bin/mars-submit did not end within 4 minutes: " + Files.readString(err));
        }
        return new ShippedRun(p.exitValue(), Files.readString(err));
    }

    @Test
    void aPreUploadedMarsArchiveIsLocalizedPubliclyAndOnlyTheUsersJarIsStaged() throws Exception {
        org.apache.hadoop.fs.Path archive = new org.apache.hadoop.fs.Path("/shared/mars/mars-lib.zip");
        Path zip = shippedArchive(tmp.resolve("mars-lib.zip"));
        fs.copyFromLocalFile(new org.apache.hadoop.fs.Path(zip.toUri()), archive);
        String report = qualified("/results/archive.txt");
        String marker = qualified("/results/archive.done");

        // Nothing of Mars on the node: every class comes from the archive
        MiniHadoop.Submitted run = submit(Map.of(), "--conf", ContainerFiles.ARCHIVE_PROPERTY + "=" + fs.makeQualified(archive), "--no-wait",
                "--am-memory", "512", "--workers", "1", "--worker-memory", "384", jobJar.toString(), report, marker);

        assertThat(run.code()).as(run.err()).isZero();
        assertThat(run.err()).doesNotContain("not readable by every user");
        ApplicationId appId = run.appId();
        assertThat(names(fs.listStatus(hadoop.staging(appId)))).as("no Mars jar uploaded")
                .containsExactlyInAnyOrder("job-0-job.jar", "mars-app.properties", ContainerFiles.CONF_ARCHIVE,
                        SecretFile.NAME);

        // the job ran on Mars's classes from the archive (AM and worker), with the shipped configuration
        try {
            assertThat(awaitFile(report, appId)).startsWith("sum=100.0 data=none");
            List<Path> containers = awaitContainerDirs(appId, 2, ContainerFiles.ARCHIVE_LINK);
            for (Path container : containers) {
                Path link = container.resolve(ContainerFiles.ARCHIVE_LINK);
                // PUBLIC resources live in the NodeManager's shared file cache, not under the user's cache
                assertThat(link.toRealPath().toString()).as(link.toString()).contains("/filecache/")
                        .doesNotContain("/usercache/");
                try (Stream<Path> jars = Files.list(link)) {
                    assertThat(jars.map(p -> p.getFileName().toString())).anyMatch(n -> n.contains("mars-am"));
                }
            }
        } finally {
            fs.create(new org.apache.hadoop.fs.Path(marker)).close(); // lets the job end
        }
        ApplicationReport end = awaitEnd(appId);
        assertThat(end.getFinalApplicationStatus()).as(end.getDiagnostics()).isEqualTo(FinalApplicationStatus.SUCCEEDED);
    }

    @Test
    void workersThatAlwaysFailOnTheOnlyHostFailTheApplicationInsteadOfExcludingTheHost() {
        // every worker JVM refuses to start; the one host stays in use (excluding it would leave the requests
        // unanswerable and the application waiting forever), so the failures add up to the limit and end it
        MiniHadoop.Submitted run = submit(Map.of(), "--workers", "1", "--worker-memory", "384",
                "--conf", "mars.yarn.am.classpath=" + AmClasspath.of(hadoop.confDir),
                "--conf", "mars.yarn.worker.java-options=-XX:+MarsTestNoSuchOption",
                "--conf", "mars.worker.max-failures=2", "--conf", "mars.yarn.node.max-failures=1",
                jobJar.toString(), qualified("/never-written"));

        assertThat(run.code()).as(run.err()).isEqualTo(1);
        assertThat(run.err()).contains("3 worker containers failed, more than mars.worker.max-failures=2")
                .contains("MarsTestNoSuchOption");
    }

    @Test
    void anUnknownQueueIsRejectedBeforeAnythingIsUploaded() throws Exception {
        int staged = stagedCount();

        MiniHadoop.Submitted run = submit(Map.of(), "--queue", "no-such-queue", jobJar.toString(), qualified("/unused"));

        assertThat(run.code()).isEqualTo(4);
        assertThat(run.err()).contains("--queue no-such-queue: no such queue").contains("root.default");
        assertThat(run.out()).isEmpty();
        assertThat(stagedCount()).as("nothing staged").isEqualTo(staged);
    }

    @Test
    void aMissingMarsArchiveIsRejectedBeforeAnythingIsUploaded() throws Exception {
        int staged = stagedCount();
        String missing = fs.makeQualified(new org.apache.hadoop.fs.Path("/shared/none/mars-lib.zip")).toString();

        MiniHadoop.Submitted run = submit(Map.of(), "--conf", ContainerFiles.ARCHIVE_PROPERTY + "=" + missing, jobJar.toString(),
                qualified("/unused"));

        assertThat(run.code()).isEqualTo(4);
        assertThat(run.err()).contains(ContainerFiles.ARCHIVE_PROPERTY + "=" + missing).contains("no such file");
        assertThat(run.out()).isEmpty();
        assertThat(stagedCount()).as("nothing staged").isEqualTo(staged);
    }

    /** A token file as a scheduler (Oozie) leaves it, holding one token the AM must receive. */
    private static Path tokenFile() throws IOException {
        Credentials credentials = new Credentials();
        Token<?> token = new Token<>("from-the-token-file".getBytes(StandardCharsets.UTF_8),
                "secret".getBytes(StandardCharsets.UTF_8), new Text("MARS_TEST"), new Text("mars-test-service"));
        credentials.addToken(new Text("mars-test-service"), token);
        Path file = tmp.resolve("tokens.bin");
        credentials.writeTokenStorageFile(new org.apache.hadoop.fs.Path(file.toUri()), new YarnConfiguration());
        return file;
    }

    /** The archive a Mars installation pre-uploads, made by the shipped {@code bin/mars-yarn-archive} from the shipped jars. */
    private static Path shippedArchive(Path zip) throws Exception {
        Path marsHome = AmClasspath.distribution();
        Process p = new ProcessBuilder("bash", marsHome.resolve("bin/mars-yarn-archive").toString(), zip.toString())
                .redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(output).isZero();
        return zip;
    }

    /** The working directories of the application's containers on the NodeManager, once {@code count} hold {@code name}. */
    private static List<Path> awaitContainerDirs(ApplicationId appId, int count, String name) throws Exception {
        String user = UserGroupInformation.getCurrentUser().getShortUserName();
        String[] localDirs = hadoop.yarn.getNodeManager(0).getConfig().getTrimmedStrings(
                YarnConfiguration.NM_LOCAL_DIRS);
        long deadline = System.nanoTime() + 150_000_000_000L;
        List<Path> found = new ArrayList<>();
        while (System.nanoTime() < deadline) {
            found.clear();
            for (String localDir : localDirs) {
                Path appDir = Path.of(localDir.startsWith("file:") ? java.net.URI.create(localDir).getPath()
                        : localDir).resolve("usercache").resolve(user).resolve("appcache").resolve(appId.toString());
                if (Files.isDirectory(appDir)) {
                    try (Stream<Path> dirs = Files.list(appDir)) {
                        dirs.filter(d -> d.getFileName().toString().startsWith("container_"))
                                .filter(d -> Files.exists(d.resolve(name))).forEach(found::add);
                    }
                }
            }
            if (found.size() >= count) {
                return List.copyOf(found);
            }
            Thread.sleep(200);
        }
        throw new AssertionError("expected " + count + " containers of " + appId + " holding " + name + ", found "
                + found);
    }

    /** What the job wrote to {@code path}; fails early, with YARN's diagnostics, if the application ended first. */
    private static String awaitFile(String path, ApplicationId appId) throws Exception {
        org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path(path);
        long deadline = System.nanoTime() + 150_000_000_000L;
        while (System.nanoTime() < deadline) {
            ApplicationReport app = yarnClient.getApplicationReport(appId);
            if (List.of(YarnApplicationState.FINISHED, YarnApplicationState.FAILED, YarnApplicationState.KILLED)
                    .contains(app.getYarnApplicationState()) && !fs.exists(file)) {
                throw new AssertionError(appId + " ended " + app.getFinalApplicationStatus() + " before writing "
                        + path + ": " + app.getDiagnostics());
            }
            if (fs.exists(file) && fs.getFileStatus(file).getLen() > 0) {
                try (var in = fs.open(file)) {
                    return new String(in.readAllBytes(), StandardCharsets.UTF_8);
                }
            }
            Thread.sleep(200);
        }
        throw new AssertionError("the job wrote no " + path);
    }

    private static ApplicationReport awaitEnd(ApplicationId appId) throws Exception {
        long deadline = System.nanoTime() + 150_000_000_000L;
        ApplicationReport report = yarnClient.getApplicationReport(appId);
        while (!List.of(YarnApplicationState.FINISHED, YarnApplicationState.FAILED, YarnApplicationState.KILLED)
                .contains(report.getYarnApplicationState()) && System.nanoTime() < deadline) {
            Thread.sleep(200);
            report = yarnClient.getApplicationReport(appId);
        }
        return report;
    }

    private static int stagedCount() throws IOException {
        org.apache.hadoop.fs.Path root = new org.apache.hadoop.fs.Path(fs.getHomeDirectory(), YarnSubmitter.STAGING_DIR);
        return fs.exists(root) ? fs.listStatus(root).length : 0;
    }

    private static List<String> names(FileStatus[] statuses) {
        return Stream.of(statuses).map(s -> s.getPath().getName()).toList();
    }

    private static String qualified(String path) {
        return fs.makeQualified(new org.apache.hadoop.fs.Path(path)).toString();
    }

    /** mars-submit --master yarn through the library entry point, with the mini clusters' conf dir. */
    private static MiniHadoop.Submitted submit(Map<String, String> environment, String... options) {
        List<String> args = new ArrayList<>(List.of("--master", "yarn", "--class", "optjob.Job",
                "--conf", "mars.yarn.am.java-home=" + System.getProperty("java.home")));
        args.addAll(List.of(options));
        return hadoop.marsSubmit(environment, args);
    }
}
