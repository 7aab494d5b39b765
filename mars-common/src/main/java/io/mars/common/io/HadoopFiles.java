package io.mars.common.io;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The files behind a dataframe reader's path, through Hadoop's FileSystem API so that local paths, {@code file:} and
 * {@code hdfs://} URIs all work: a file, a directory (its visible files, sorted by name) or a glob. The configuration
 * is Hadoop's default one ({@code core-site.xml} and {@code hdfs-site.xml} from the class path or HADOOP_CONF_DIR).
 */
public final class HadoopFiles {
    private static final Configuration CONF = new Configuration();

    private HadoopFiles() {
    }

    /** A file's name and length. */
    public record FileEntry(String path, long length) {
    }

    public static Configuration conf() {
        return CONF;
    }

    public static FileSystem fileSystem(Path p) {
        try {
            return p.getFileSystem(CONF);
        } catch (IOException e) {
            throw ioFailed("cannot reach the file system of " + p, e);
        }
    }

    /**
     * The file system that outputs are written through: for a local path the raw local file system, since Hadoop's
     * checksumming LocalFileSystem writes a {@code .crc} file beside every file; otherwise the path's own.
     */
    public static FileSystem outputFileSystem(Path p) {
        FileSystem fs = fileSystem(p);
        return fs instanceof LocalFileSystem local ? local.getRawFileSystem() : fs;
    }

    /**
     * The files {@code path} names, sorted by path; PATH_NOT_FOUND when it names none. Hidden entries (names
     * starting with '.' or '_', such as {@code _SUCCESS}, checksum files and a write's {@code _temporary} directory)
     * are left out of directories and globs: a glob match is skipped when any name a wildcard matched is hidden.
     */
    public static List<FileEntry> list(String path) {
        Path p = new Path(path);
        FileSystem fs = fileSystem(p);
        List<FileStatus> found = new ArrayList<>();
        try {
            if (isGlob(path)) {
                int matched = matchedDepth(p);
                FileStatus[] matches = fs.globStatus(p, f -> visibleMatch(f, matched));
                if (matches != null) {
                    for (FileStatus s : matches) {
                        addFiles(fs, s, found);
                    }
                }
            } else if (fs.exists(p)) {
                addFiles(fs, fs.getFileStatus(p), found);
            }
        } catch (IOException e) {
            throw ioFailed("cannot list " + path, e);
        }
        if (found.isEmpty()) {
            throw new MarsException(ErrorCode.PATH_NOT_FOUND, "no file found at '" + path + "'"
                    + (isGlob(path) ? " (no match for the glob)" : "") + "; give an existing file, a directory with"
                    + " files, or a glob such as dir/*.csv");
        }
        found.sort(Comparator.comparing(s -> s.getPath().toString()));
        List<FileEntry> out = new ArrayList<>(found.size());
        for (FileStatus s : found) {
            out.add(new FileEntry(s.getPath().toString(), s.getLen()));
        }
        return out;
    }

    private static void addFiles(FileSystem fs, FileStatus s, List<FileStatus> out) throws IOException {
        if (s.isFile()) {
            out.add(s);
            return;
        }
        for (FileStatus c : fs.listStatus(s.getPath())) {
            if (c.isFile() && visible(c.getPath().getName())) {
                out.add(c);
            }
        }
    }

    public static boolean visible(String name) {
        return !name.startsWith(".") && !name.startsWith("_");
    }

    /** How many trailing names of {@code glob} a match takes from it: from the first one holding a wildcard on. */
    private static int matchedDepth(Path glob) {
        int depth = 0;
        int matched = 0;
        for (Path q = glob; q != null && !q.isRoot() && !q.getName().isEmpty(); q = q.getParent()) {
            depth++;
            if (isGlob(q.getName())) {
                matched = depth;
            }
        }
        return matched;
    }

    /**
     * Whether none of the last {@code depth} names of a glob match is hidden: a glob with wildcards at two levels
     * under a directory also matches {@code dir/_temporary/job}, whose files a killed write left.
     */
    private static boolean visibleMatch(Path match, int depth) {
        Path q = match;
        for (int i = 0; i < depth && q != null; i++, q = q.getParent()) {
            if (!visible(q.getName())) {
                return false;
            }
        }
        return true;
    }

    private static boolean isGlob(String path) {
        return path.indexOf('*') >= 0 || path.indexOf('?') >= 0 || path.indexOf('[') >= 0 || path.indexOf('{') >= 0;
    }

    public static MarsException ioFailed(String what, IOException e) {
        return new MarsException(ErrorCode.FILE_IO_FAILED, what + ": " + e, e);
    }
}
