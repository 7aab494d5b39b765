package io.mars.am.yarn;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsAction;
import org.apache.hadoop.yarn.api.ApplicationConstants;
import org.apache.hadoop.yarn.api.ApplicationConstants.Environment;
import org.apache.hadoop.yarn.api.records.LocalResource;
import org.apache.hadoop.yarn.api.records.LocalResourceType;
import org.apache.hadoop.yarn.api.records.LocalResourceVisibility;
import org.apache.hadoop.yarn.api.records.URL;

/**
 * The files of a Mars application's containers: what its staging directory holds, the names they get in each
 * container's working directory, and the class path built from them. The submitter lays out the staging directory and
 * launches the AM with it; the AM launches the workers from the same layout, so the two cannot drift apart.
 *
 * <p>Staging layout ({@code <home>/.mars-staging/<application id>}, mode 700): {@code job-<i>-<name>} the job's jars
 * (the AM runs the job's main from them, the workers load its user functions from them), {@code lib-<i>-<name>}
 * Mars's jars (absent with {@value #ARCHIVE_PROPERTY} or {@value #NODE_CLASSPATH_PROPERTY}), {@value #CONF_ARCHIVE}
 * the submitter's Hadoop configuration files,
 * {@value #FILES_DIR}{@code /<name>} the {@code --files}, and {@link AppSpec#FILE_NAME}.
 */
public final class ContainerFiles {
    /**
     * A pre-uploaded archive (.zip, .tar.gz, .tgz, .tar, or a .jar of jars) or directory of Mars's jars, on a Hadoop
     * file system; localized with PUBLIC visibility when world-readable, so each node fetches it once for all jobs.
     */
    public static final String ARCHIVE_PROPERTY = "mars.yarn.archive";
    /** A class path present on every node, used as is for the AM and workers instead of uploading Mars's jars. */
    public static final String NODE_CLASSPATH_PROPERTY = "mars.yarn.am.classpath";
    /** The staging file holding the submitter's Hadoop configuration files. */
    public static final String CONF_ARCHIVE = "__mars_conf__.zip";
    /** Where {@link #CONF_ARCHIVE} is unpacked in every container's working directory (first on the class path). */
    public static final String CONF_LINK = "__mars_conf__";
    /** Where {@value #ARCHIVE_PROPERTY} is localized in every container's working directory. */
    public static final String ARCHIVE_LINK = "__mars_lib__";
    /** The staging subdirectory of the {@code --files}; each is localized under its own name. */
    public static final String FILES_DIR = "files";
    /** Prefix of Mars's own jars in the staging directory. */
    public static final String FRAMEWORK_JAR_PREFIX = "lib-";
    /** Prefix of the job's jars in the staging directory. */
    public static final String JOB_JAR_PREFIX = "job-";
    /**
     * The JVM option that gives a container's JVM the {@code tmp} directory the NodeManager makes in each container's
     * working directory, as MapReduce and Spark do: Jetty's webapp directories, the native libraries' unpacked copies
     * and any other temporary file go where YARN deletes them with the container, on every ending (a kill included),
     * instead of the node's /tmp. The launch commands put it before the user's JVM options, which may name another.
     */
    public static final String TMP_DIR_OPTION = "-Djava.io.tmpdir=" + Environment.PWD.$$() + "/tmp";

    private ContainerFiles() {}

    /** Whether a {@code --files} name would collide with a name Mars localizes into the containers. */
    /**
     * JVM options (whitespace-separated) for a container's launch command, which the NodeManager runs through a shell:
     * each option single-quoted, so quotes, {@code ;} or parentheses reach the JVM as written. The NodeManager wraps
     * the command in {@code bash -c "..."}, so a {@code $VAR} is still expanded on the node (as for Spark's options).
     */
    public static String quotedJavaOptions(String options) {
        StringBuilder quoted = new StringBuilder();
        for (String option : options.trim().split("\\s+")) {
            if (!option.isEmpty()) {
                quoted.append(quoted.length() == 0 ? "" : " ").append('\'')
                        .append(option.replace("'", "'\\''")).append('\'');
            }
        }
        return quoted.toString();
    }

    public static boolean isReservedName(String name) {
        return name.equals(AppSpec.FILE_NAME) || name.equals(CONF_LINK) || name.equals(ARCHIVE_LINK)
                || name.startsWith(FRAMEWORK_JAR_PREFIX) || name.startsWith(JOB_JAR_PREFIX);
    }

    /**
     * A container's class path: its working directory, the submitter's configuration, a class path present on the
     * node (if given), then Mars's jars, uploaded ({@code frameworkJars}, names in the working directory) or from the
     * archive. Uses {@code {{PWD}}}, which the NodeManager expands in each container.
     */
    public static String classpath(List<String> frameworkJars, Optional<String> nodeClasspath, boolean archive) {
        String pwd = Environment.PWD.$$();
        List<String> entries = new ArrayList<>();
        entries.add(pwd);
        entries.add(pwd + "/" + CONF_LINK);
        nodeClasspath.ifPresent(entries::add);
        if (archive) {
            entries.add(pwd + "/" + ARCHIVE_LINK + "/*");
        }
        frameworkJars.forEach(jar -> entries.add(pwd + "/" + jar));
        return String.join(ApplicationConstants.CLASS_PATH_SEPARATOR, entries);
    }

    /** A file in the staging directory as a container resource private to the application. */
    public static LocalResource stagedFile(FileStatus status, LocalResourceType type) {
        return LocalResource.newInstance(URL.fromPath(status.getPath()), type, LocalResourceVisibility.APPLICATION,
                status.getLen(), status.getModificationTime());
    }

    /**
     * The pre-uploaded Mars archive named by {@value #ARCHIVE_PROPERTY}: an ARCHIVE resource (unpacked by the
     * NodeManager) for .zip/.tar.gz/.tgz/.tar/.jar files, a FILE resource for a directory; PUBLIC when every user may
     * read it (each node then fetches it once for every application), else PRIVATE to the user. A missing path is a
     * user error naming it.
     */
    public static LocalResource archive(String location, Configuration conf) throws IOException {
        Path path = new Path(location);
        FileSystem fs = path.getFileSystem(conf);
        FileStatus status;
        try {
            status = fs.getFileStatus(fs.makeQualified(path));
        } catch (FileNotFoundException e) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, ARCHIVE_PROPERTY + "=" + location + ": no such file or"
                    + " directory on " + fs.getUri() + "; upload Mars's jars there (bin/mars-yarn-archive) or unset it");
        }
        LocalResourceType type;
        if (status.isDirectory()) {
            type = LocalResourceType.FILE;
        } else if (isArchiveName(status.getPath().getName())) {
            type = LocalResourceType.ARCHIVE;
        } else {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, ARCHIVE_PROPERTY + "=" + location + ": not a directory"
                    + " nor a .zip, .tar.gz, .tgz, .tar or .jar archive");
        }
        LocalResourceVisibility visibility = isPublic(fs, status) ? LocalResourceVisibility.PUBLIC
                : LocalResourceVisibility.PRIVATE;
        return LocalResource.newInstance(URL.fromPath(status.getPath()), type, visibility, status.getLen(),
                status.getModificationTime());
    }

    private static boolean isArchiveName(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        return n.endsWith(".zip") || n.endsWith(".tar.gz") || n.endsWith(".tgz") || n.endsWith(".tar")
                || n.endsWith(".jar");
    }

    /**
     * What the NodeManager requires of a PUBLIC resource: others may read it (and list it, for a directory) and may
     * traverse every ancestor directory.
     */
    static boolean isPublic(FileSystem fs, FileStatus status) throws IOException {
        FsAction others = status.getPermission().getOtherAction();
        if (!others.implies(FsAction.READ) || (status.isDirectory() && !others.implies(FsAction.EXECUTE))) {
            return false;
        }
        for (Path parent = status.getPath().getParent(); parent != null; parent = parent.getParent()) {
            if (!fs.getFileStatus(parent).getPermission().getOtherAction().implies(FsAction.EXECUTE)) {
                return false;
            }
        }
        return true;
    }

    /**
     * What every worker container localizes: Mars's jars from the staging directory (or the archive), the job's jars
     * (for its user functions), the configuration archive and the {@code --files}, by their names in the working
     * directory.
     */
    public static Map<String, LocalResource> workerResources(Map<String, String> properties, Configuration conf)
            throws IOException {
        Map<String, LocalResource> resources = new LinkedHashMap<>();
        String staging = properties.get(AppSpec.STAGING_DIR_PROPERTY);
        if (staging != null) {
            Path dir = new Path(staging);
            FileSystem fs = dir.getFileSystem(conf);
            for (FileStatus f : fs.listStatus(dir)) {
                String name = f.getPath().getName();
                if (name.startsWith(FRAMEWORK_JAR_PREFIX)) {
                    resources.put(name, stagedFile(f, LocalResourceType.FILE));
                } else if (name.startsWith(JOB_JAR_PREFIX)) {
                    // not on the class path: the worker loads user functions from them in a loader of their own
                    resources.put(name, stagedFile(f, LocalResourceType.FILE));
                } else if (name.equals(CONF_ARCHIVE)) {
                    resources.put(CONF_LINK, stagedFile(f, LocalResourceType.ARCHIVE));
                } else if (name.equals(FILES_DIR) && f.isDirectory()) {
                    for (FileStatus file : fs.listStatus(f.getPath())) {
                        resources.put(file.getPath().getName(), stagedFile(file, LocalResourceType.FILE));
                    }
                }
            }
        }
        String archive = properties.get(ARCHIVE_PROPERTY);
        if (archive != null && !archive.isBlank()) {
            resources.put(ARCHIVE_LINK, archive(archive, conf));
        }
        return resources;
    }

    /** The names of Mars's uploaded jars among {@code resources}, in a stable order. */
    public static List<String> frameworkJars(Map<String, LocalResource> resources) {
        return resources.keySet().stream().filter(n -> n.startsWith(FRAMEWORK_JAR_PREFIX))
                .sorted(java.util.Comparator.comparingInt(ContainerFiles::frameworkJarIndex)).toList();
    }

    /** {@code lib-<i>-<name>}: the jar's place on the submitter's class path. */
    private static int frameworkJarIndex(String name) {
        int end = name.indexOf('-', FRAMEWORK_JAR_PREFIX.length());
        try {
            return Integer.parseInt(name.substring(FRAMEWORK_JAR_PREFIX.length(), end < 0 ? name.length() : end));
        } catch (NumberFormatException e) {
            return Integer.MAX_VALUE;
        }
    }

    /** Deletes the application's staging directory; the AM does it at its end, so a detached submit leaves none. */
    public static boolean deleteStaging(Map<String, String> properties, Configuration conf) throws IOException {
        String staging = properties.get(AppSpec.STAGING_DIR_PROPERTY);
        if (staging == null) {
            return false;
        }
        Path dir = new Path(staging);
        return dir.getFileSystem(conf).delete(dir, true);
    }
}
