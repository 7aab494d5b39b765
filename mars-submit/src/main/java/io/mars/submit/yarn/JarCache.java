package io.mars.submit.yarn;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import java.util.zip.Deflater;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.permission.FsPermission;

/**
 * Mars's own jars on the cluster's file system, uploaded once per version and set of jars and reused by every later
 * submission: {@code <home>/.mars/lib/<version>-<hash>/mars-lib.zip}, the same flat zip {@code bin/mars-yarn-archive}
 * makes, used as {@code mars.yarn.archive}. The hash covers the jars' names, sizes and modification times, so a
 * rebuilt or upgraded installation gets a directory of its own. Concurrent first submissions each upload a temporary
 * file and rename it into place; the loser deletes its copy.
 */
final class JarCache {
    static final String ROOT = ".mars/lib";
    static final String ZIP = "mars-lib.zip";
    private static final FsPermission OWNER_ONLY = new FsPermission((short) 0700);

    private JarCache() {
    }

    /** The cached zip of {@code jars} (qualified), uploading it first if this version and set has none yet. */
    static org.apache.hadoop.fs.Path ensure(FileSystem fs, List<Path> jars, String version, java.io.PrintStream err)
            throws IOException {
        org.apache.hadoop.fs.Path dir = new org.apache.hadoop.fs.Path(fs.getHomeDirectory(),
                ROOT + "/" + version + "-" + hash(jars));
        org.apache.hadoop.fs.Path zip = fs.makeQualified(new org.apache.hadoop.fs.Path(dir, ZIP));
        if (fs.exists(zip)) {
            return zip;
        }
        err.println("mars-submit: uploading Mars's jars once for this version to " + zip
                + " (later submissions reuse them)");
        fs.mkdirs(dir, OWNER_ONLY);
        org.apache.hadoop.fs.Path partial = new org.apache.hadoop.fs.Path(dir, ZIP + "." + UUID.randomUUID() + ".tmp");
        Path local = Files.createTempFile("mars-lib", ".zip");
        try {
            pack(jars, local);
            fs.copyFromLocalFile(false, true, new org.apache.hadoop.fs.Path(local.toUri()), partial);
            fs.rename(partial, zip); // false when another submission put it there first: its copy is as good
        } finally {
            Files.deleteIfExists(local);
            fs.delete(partial, false); // left only by a failed upload or a lost race
        }
        return zip;
    }

    /** The jars flat in one zip, stored without compression (jars are compressed already), named by class path order. */
    static void pack(List<Path> jars, Path zip) throws IOException {
        try (OutputStream file = Files.newOutputStream(zip); ZipOutputStream out = new ZipOutputStream(file)) {
            out.setLevel(Deflater.NO_COMPRESSION);
            for (int i = 0; i < jars.size(); i++) {
                out.putNextEntry(new ZipEntry(String.format("%03d-%s", i, jars.get(i).getFileName())));
                Files.copy(jars.get(i), out);
                out.closeEntry();
            }
        }
    }

    static String hash(List<Path> jars) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (Path jar : jars) {
                String entry = jar.getFileName() + "\0" + Files.size(jar) + "\0" + Files.getLastModifiedTime(jar).toMillis()
                        + "\n";
                digest.update(entry.getBytes(StandardCharsets.UTF_8));
            }
            return HexFormat.of().formatHex(digest.digest(), 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("no SHA-256 in this JVM", e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the size of Mars's jars: " + e.getMessage(), e);
        }
    }
}
