package io.mars.it.yarn;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import io.mars.submit.cli.MarsSubmit;
import io.mars.submit.yarn.YarnSubmitter;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.server.MiniYARNCluster;

/**
 * The mini clusters a YARN test class shares: MiniDFSCluster (1 DN) and MiniYARNCluster (1 RM, 1 NM with 2 GB), their
 * configuration written as *-site.xml into a conf dir for mars-submit and the AM, a file system and a YARN client.
 * Settings are those STACK.md found necessary here (capacity queues, NM log retention, vmem check off, disk check).
 */
public final class MiniHadoop implements AutoCloseable {
    final MiniDFSCluster dfs;
    final MiniYARNCluster yarn;
    final Path confDir;
    final FileSystem fs;
    final YarnClient client;
    /** The RM's web port when started with fixed ports, else 0. */
    final int rmWebPort;

    private MiniHadoop(MiniDFSCluster dfs, MiniYARNCluster yarn, Path confDir, FileSystem fs, YarnClient client,
                       int rmWebPort) {
        this.dfs = dfs;
        this.yarn = yarn;
        this.confDir = confDir;
        this.fs = fs;
        this.client = client;
        this.rmWebPort = rmWebPort;
    }

    /**
     * Starts both clusters under {@code dir}. With {@code fixedPorts} the RM and NM listen on free fixed ports, so the
     * RM advertises a real web address and tracking URLs through its proxy are real URLs (else they read localhost:0).
     */
    static MiniHadoop start(Path dir, String name, boolean fixedPorts) throws Exception {
        return start(dir, name, fixedPorts, Map.of());
    }

    /** As {@link #start(Path, String, boolean)}, with {@code yarnSettings} set on the YARN configuration last. */
    static MiniHadoop start(Path dir, String name, boolean fixedPorts, Map<String, String> yarnSettings)
            throws Exception {
        return start(dir, name, fixedPorts, yarnSettings, Map.of());
    }

    /**
     * As {@link #start(Path, String, boolean, Map)}, with {@code commonSettings} set on both clusters' configuration
     * first (and so in the written site files): e.g. Kerberos's.
     */
    static MiniHadoop start(Path dir, String name, boolean fixedPorts, Map<String, String> yarnSettings,
                            Map<String, String> commonSettings) throws Exception {
        Configuration dfsConf = new HdfsConfiguration();
        commonSettings.forEach(dfsConf::set);
        dfsConf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, dir.resolve("dfs").toString());
        MiniDFSCluster dfs = new MiniDFSCluster.Builder(dfsConf).numDataNodes(1).build();
        dfs.waitActive();

        YarnConfiguration conf = new YarnConfiguration(dfs.getConfiguration(0));
        conf.set("fs.defaultFS", dfs.getURI().toString());
        // The shaded minicluster ships no capacity-scheduler.xml.
        conf.set("yarn.scheduler.capacity.root.queues", "default");
        conf.set("yarn.scheduler.capacity.root.default.capacity", "100");
        conf.setInt(YarnConfiguration.NM_LOG_RETAIN_SECONDS, 1);
        conf.setBoolean(YarnConfiguration.NM_VMEM_CHECK_ENABLED, false);
        conf.setInt(YarnConfiguration.RM_SCHEDULER_MINIMUM_ALLOCATION_MB, 128);
        conf.setInt(YarnConfiguration.RM_SCHEDULER_MAXIMUM_ALLOCATION_MB, 2048);
        conf.setInt(YarnConfiguration.NM_PMEM_MB, 2048);
        conf.setFloat(YarnConfiguration.NM_MAX_PER_DISK_UTILIZATION_PERCENTAGE, 99f);
        // YARN caps application priorities at this (default 0); tests submit with --priority
        conf.setInt(YarnConfiguration.MAX_CLUSTER_LEVEL_APPLICATION_PRIORITY, 10);
        int rmWebPort = 0;
        if (fixedPorts) {
            conf.setBoolean(YarnConfiguration.YARN_MINICLUSTER_FIXED_PORTS, true);
            rmWebPort = freePort();
            conf.set(YarnConfiguration.RM_WEBAPP_ADDRESS, "localhost:" + rmWebPort);
            for (String key : List.of(YarnConfiguration.RM_ADDRESS, YarnConfiguration.RM_SCHEDULER_ADDRESS,
                    YarnConfiguration.RM_RESOURCE_TRACKER_ADDRESS, YarnConfiguration.RM_ADMIN_ADDRESS,
                    YarnConfiguration.NM_ADDRESS, YarnConfiguration.NM_LOCALIZER_ADDRESS,
                    YarnConfiguration.NM_WEBAPP_ADDRESS)) {
                conf.set(key, "localhost:" + freePort());
            }
        }
        yarnSettings.forEach(conf::set);
        MiniYARNCluster yarn = new MiniYARNCluster(name, 1, 1, 1);
        yarn.init(conf);
        yarn.start();
        yarn.waitForNodeManagersToConnect(30_000);

        // The client and the AM read the mini clusters' addresses from these files.
        Configuration all = new Configuration(yarn.getConfig());
        all.set("fs.defaultFS", dfs.getURI().toString());
        // The mini cluster's rack mapping (StaticMapping) lives only in its test jar; a real cluster's client
        // configuration names none, and the AMs run on the jars Mars ships, so they resolve racks by the default.
        all.unset("net.topology.node.switch.mapping.impl");
        Path confDir = Files.createDirectories(dir.resolve("hadoop-conf"));
        for (String file : List.of("core-site.xml", "yarn-site.xml")) {
            try (OutputStream out = Files.newOutputStream(confDir.resolve(file))) {
                all.writeXml(out);
            }
        }
        YarnClient client = YarnClient.createYarnClient();
        client.init(all);
        client.start();
        return new MiniHadoop(dfs, yarn, confDir, FileSystem.get(all), client, rmWebPort);
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /** Compiles one job class ({@code className}, fully qualified) against the test class path into a jar in {@code dir}. */
    public static Path jobJar(Path dir, String className, String source) throws IOException {
        Path src = dir.resolve("src/" + className.replace('.', '/') + ".java");
        Path classes = dir.resolve("classes");
        Files.createDirectories(src.getParent());
        Files.createDirectories(classes);
        Files.writeString(src, source);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
        int rc = javac.run(null, diagnostics, diagnostics, "-d", classes.toString(),
                "-cp", System.getProperty("surefire.test.class.path"), src.toString());
        if (rc != 0) {
            throw new IllegalStateException("cannot compile the job: " + diagnostics);
        }
        Path jar = dir.resolve("job.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar));
                Stream<Path> files = Files.walk(classes)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                out.putNextEntry(new JarEntry(classes.relativize(file).toString().replace('\\', '/')));
                Files.copy(file, out);
                out.closeEntry();
            }
        }
        return jar;
    }

    /** What one in-process mars-submit run returned and printed. */
    record Submitted(int code, String out, String err) {
        /** The application id: the first line of stdout. */
        ApplicationId appId() {
            String line = out.lines().findFirst().orElseThrow(() -> new AssertionError("no app id in: " + err));
            return ApplicationId.fromString(line.trim());
        }
    }

    /**
     * Runs mars-submit through its library entry point, in this JVM, with these clusters' {@code HADOOP_CONF_DIR}
     * (plus {@code environment}); waits for it to return.
     */
    Submitted marsSubmit(Map<String, String> environment, List<String> args) {
        Map<String, String> env = new HashMap<>(environment);
        env.put("HADOOP_CONF_DIR", confDir.toString());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = MarsSubmit.run(args.toArray(new String[0]), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), env);
        return new Submitted(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /**
     * The JVM running {@code mainClass} in container {@code containerId} (its command line names the container's log
     * dir); fails unless there is exactly one.
     */
    static ProcessHandle containerJvm(String mainClass, String containerId) {
        List<ProcessHandle> found = ProcessHandle.allProcesses()
                .filter(p -> p.info().commandLine().map(c -> c.contains(mainClass) && c.contains(containerId))
                        .orElse(false))
                .filter(p -> p.info().command().map(c -> c.endsWith("java")).orElse(false))
                .toList();
        if (found.size() != 1) {
            throw new AssertionError("expected one JVM of " + mainClass + " in " + containerId + ", found " + found);
        }
        return found.get(0);
    }

    /** The application's staging directory on the MiniDFS. */
    org.apache.hadoop.fs.Path staging(ApplicationId appId) throws IOException {
        return YarnSubmitter.stagingDir(fs, appId.toString());
    }

    @Override
    public void close() throws IOException {
        client.stop();
        yarn.stop();
        fs.close();
        dfs.shutdown();
    }
}
