package io.mars.submit.yarn;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.rpc.flight.RpcSecret;
import java.io.IOException;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;

/**
 * The application secret, kept for {@code Session.connect(appId)} in the application's private staging directory as
 * a file only its owner can read (mode 600, in a mode-700 directory); it goes when the staging directory goes, at the
 * application's end. It is never on a command line or in an environment variable.
 */
public final class SecretFile {
    /** The file's name in the staging directory. */
    public static final String NAME = "mars-secret";
    private static final FsPermission OWNER_ONLY = new FsPermission((short) 0600);

    private SecretFile() {
    }

    static void write(FileSystem fs, Path staging, RpcSecret secret) throws IOException {
        Path file = new Path(staging, NAME);
        try (FSDataOutputStream out = fs.create(file, OWNER_ONLY, true, 4096, fs.getDefaultReplication(file),
                fs.getDefaultBlockSize(file), null)) {
            out.write(secret.bytes());
        }
        fs.setPermission(file, OWNER_ONLY); // create applies the umask
    }

    /** The secret of a running application submitted by this user; UNAUTHENTICATED naming the file when unreadable. */
    public static RpcSecret read(FileSystem fs, String applicationId) {
        Path file = new Path(YarnSubmitter.stagingDir(fs, applicationId), NAME);
        try (FSDataInputStream in = fs.open(file)) {
            return RpcSecret.of(in.readAllBytes());
        } catch (IOException e) {
            throw new MarsException(ErrorCode.UNAUTHENTICATED, "cannot read the secret of " + applicationId + " at "
                    + fs.makeQualified(file) + " (" + e.getMessage() + "); only the user who submitted a running Mars"
                    + " application can connect to it", e);
        }
    }
}
