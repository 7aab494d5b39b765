package io.mars.common.io;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.types.WriteMode;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The all-or-nothing commit of a dataframe write, in the manner of Hadoop's FileOutputCommitter. Each part is
 * written under {@code <dir>/_temporary/<job>/} (see {@link #jobDir}); once every part succeeded, one commit moves
 * them into {@code dir}, writes {@code _SUCCESS} and deletes the job's temporary directory. A failed or cancelled
 * job's temporary directory is deleted ({@link #abort}), and readers skip names starting with {@code _} or {@code .},
 * so a killed job's leftovers are never read. Files are reached through {@link HadoopFiles#outputFileSystem}: no
 * {@code .crc} files beside local outputs.
 */
public final class OutputCommitter {
    private static final Logger LOG = LoggerFactory.getLogger(OutputCommitter.class);
    public static final String TEMPORARY = "_temporary";
    public static final String SUCCESS = "_SUCCESS";
    /** Where an overwrite puts the directory's old content until the new parts are in place. */
    private static final String REPLACED = "_replaced";
    private static final Pattern PART_NUMBER = Pattern.compile("part-(\\d+).*");
    /** How many of a directory's files an OUTPUT_EXISTS message names. */
    private static final int NAMED = 3;

    private OutputCommitter() {
    }

    /** The directory job {@code job} writes its parts into before the commit: {@code <dir>/_temporary/<job>}. */
    public static String jobDir(String dir, String job) {
        return new Path(new Path(dir, TEMPORARY), job).toString();
    }

    /**
     * Refuses, before the job runs, a target it may not write: a file, or with ERROR_IF_EXISTS a directory holding
     * anything a reader would read (OUTPUT_EXISTS, naming the path and the modes that allow it).
     */
    public static void checkTarget(String dir, WriteMode mode) {
        Path target = new Path(dir);
        FileSystem fs = HadoopFiles.outputFileSystem(target);
        try {
            FileStatus status;
            try {
                status = fs.getFileStatus(target);
            } catch (FileNotFoundException e) {
                return;
            }
            if (!status.isDirectory()) {
                throw new MarsException(ErrorCode.OUTPUT_EXISTS, "cannot write into '" + dir + "': it is a file, and"
                        + " toCsv/toParquet write a directory of part files; give a directory path");
            }
            if (mode == WriteMode.ERROR_IF_EXISTS) {
                refuseHeld(dir, visibleNames(fs, target));
            }
        } catch (IOException e) {
            throw HadoopFiles.ioFailed("cannot check the output directory " + dir, e);
        }
    }

    private static void refuseHeld(String dir, List<String> held) {
        if (held.isEmpty()) {
            return;
        }
        String names = String.join(", ", held.subList(0, Math.min(NAMED, held.size())))
                + (held.size() > NAMED ? ", ... (" + held.size() + " entries)" : "");
        throw new MarsException(ErrorCode.OUTPUT_EXISTS, "the output directory '" + dir + "' is not empty (it holds "
                + names + "); choose WriteMode.OVERWRITE to replace its content or WriteMode.APPEND to add new part"
                + " files beside it (e.g. toParquet(dir, WriteMode.OVERWRITE)), or write into a new directory");
    }

    /**
     * Moves the written {@code parts} (paths in the job's temporary directory, in part order) into {@code dir} and
     * returns their final paths. ERROR_IF_EXISTS and OVERWRITE keep the parts' names ({@code part-00000.parquet});
     * OVERWRITE first moves the directory's old content aside and puts it back if a part cannot be moved in. APPEND
     * numbers the parts after the directory's highest part number and adds the job to the names
     * ({@code part-00003-<job>.parquet}), so they sort after the existing parts and cannot collide with them.
     */
    public static List<String> commit(String dir, String job, WriteMode mode, List<String> parts) {
        Path target = new Path(dir);
        Path jobDir = new Path(jobDir(dir, job));
        FileSystem fs = HadoopFiles.outputFileSystem(target);
        try {
            if (mode == WriteMode.ERROR_IF_EXISTS) {
                refuseHeld(dir, visibleNames(fs, target)); // written meanwhile by someone else
            }
            List<Path> finals = finalPaths(fs, target, job, mode, parts);
            Path replaced = new Path(jobDir, REPLACED);
            List<Path> movedAside = mode == WriteMode.OVERWRITE ? moveAside(fs, target, replaced) : List.of();
            List<Path> placed = new ArrayList<>(parts.size());
            try {
                for (int i = 0; i < parts.size(); i++) {
                    place(fs, new Path(parts.get(i)), finals.get(i));
                    placed.add(finals.get(i));
                }
            } catch (IOException | RuntimeException e) {
                rollBack(fs, placed, movedAside, target, e);
                throw e;
            }
            fs.create(new Path(target, SUCCESS), true).close();
            cleanUp(fs, jobDir);
            List<String> out = new ArrayList<>(finals.size());
            for (Path p : finals) {
                out.add(p.toString());
            }
            return out;
        } catch (IOException e) {
            throw HadoopFiles.ioFailed("cannot commit the write into " + dir, e);
        }
    }

    /**
     * After job {@code job} failed or was cancelled: deletes its temporary directory (and {@code _temporary} when
     * that leaves it empty). Best effort: a failure is logged, the job's own error stands.
     */
    public static void abort(String dir, String job) {
        Path jobDir = new Path(jobDir(dir, job));
        try {
            cleanUp(HadoopFiles.outputFileSystem(jobDir), jobDir);
        } catch (IOException | RuntimeException e) {
            LOG.warn("cannot delete {}, which a failed write left (readers skip it)", jobDir, e);
        }
    }

    private static List<Path> finalPaths(FileSystem fs, Path target, String job, WriteMode mode, List<String> parts)
            throws IOException {
        int first = mode == WriteMode.APPEND ? nextPartNumber(fs, target) : 0;
        List<Path> out = new ArrayList<>(parts.size());
        for (int i = 0; i < parts.size(); i++) {
            String name = new Path(parts.get(i)).getName();
            if (mode == WriteMode.APPEND) {
                int dot = name.indexOf('.');
                name = String.format(Locale.ROOT, "part-%05d-%s%s", first + i, job,
                        dot < 0 ? "" : name.substring(dot));
            }
            out.add(new Path(target, name));
        }
        return out;
    }

    /** One more than the highest {@code part-NNNNN} number in {@code dir}; 0 when it holds no part. */
    private static int nextPartNumber(FileSystem fs, Path dir) throws IOException {
        int next = 0;
        for (String name : visibleNames(fs, dir)) {
            Matcher m = PART_NUMBER.matcher(name);
            if (m.matches() && m.group(1).length() < 10) {
                next = Math.max(next, Integer.parseInt(m.group(1)) + 1);
            }
        }
        return next;
    }

    /** The names in {@code dir} a reader would read, sorted; none when it does not exist. */
    private static List<String> visibleNames(FileSystem fs, Path dir) throws IOException {
        List<String> out = new ArrayList<>();
        try {
            for (FileStatus s : fs.listStatus(dir)) {
                if (HadoopFiles.visible(s.getPath().getName())) {
                    out.add(s.getPath().getName());
                }
            }
        } catch (FileNotFoundException e) {
            return List.of();
        }
        out.sort(null);
        return out;
    }

    /** Moves everything in {@code dir} but {@code _temporary} aside (hidden files too: an old _SUCCESS, .crc files). */
    private static List<Path> moveAside(FileSystem fs, Path dir, Path replaced) throws IOException {
        List<Path> moved = new ArrayList<>();
        FileStatus[] entries;
        try {
            entries = fs.listStatus(dir);
        } catch (FileNotFoundException e) {
            return moved;
        }
        fs.mkdirs(replaced);
        for (FileStatus s : entries) {
            String name = s.getPath().getName();
            if (name.equals(TEMPORARY)) {
                continue;
            }
            try {
                rename(fs, s.getPath(), new Path(replaced, name));
            } catch (IOException e) {
                rollBack(fs, List.of(), moved, dir, e);
                throw e;
            }
            moved.add(new Path(replaced, name));
        }
        return moved;
    }

    private static void place(FileSystem fs, Path part, Path dst) throws IOException {
        if (fs.exists(dst)) {
            throw new IOException(dst + " exists: another job wrote into the directory meanwhile");
        }
        if ("file".equals(fs.getUri().getScheme())) {
            // a stale checksum of an earlier file of this name would fail Hadoop's checksumming reads of the new one
            fs.delete(new Path(dst.getParent(), "." + dst.getName() + ".crc"), false);
        }
        fs.mkdirs(dst.getParent());
        rename(fs, part, dst);
    }

    /** Undoes a commit that failed: deletes the parts placed, puts the old content back. */
    private static void rollBack(FileSystem fs, List<Path> placed, List<Path> movedAside, Path dir, Exception cause) {
        for (Path p : placed) {
            try {
                fs.delete(p, false);
            } catch (IOException e) {
                cause.addSuppressed(e);
            }
        }
        for (Path p : movedAside) {
            try {
                rename(fs, p, new Path(dir, p.getName()));
            } catch (IOException e) {
                cause.addSuppressed(e);
            }
        }
    }

    private static void rename(FileSystem fs, Path from, Path to) throws IOException {
        if (!fs.rename(from, to)) {
            throw new IOException("cannot rename " + from + " to " + to);
        }
    }

    /** Deletes {@code jobDir}, and its parent {@code _temporary} when no other job is writing there. */
    private static void cleanUp(FileSystem fs, Path jobDir) throws IOException {
        fs.delete(jobDir, true);
        Path temporary = jobDir.getParent();
        try {
            if (fs.listStatus(temporary).length == 0) {
                fs.delete(temporary, false);
            }
        } catch (FileNotFoundException e) {
            // deleted already, or never made (a job that failed before writing a part)
        } catch (IOException e) {
            LOG.debug("{} was not deleted: another job writes there", temporary, e);
        }
    }
}
