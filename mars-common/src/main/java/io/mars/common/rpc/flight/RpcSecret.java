package io.mars.common.rpc.flight;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Set;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The per-application secret every RPC and data request must prove. {@code mars-submit} creates it and ships it in the
 * YARN credentials; calls carry a token derived from it (an HMAC), so the secret itself never crosses the wire.
 */
public final class RpcSecret {
    /** The alias of the secret in the YARN credentials of the AM, the workers and a connecting client. */
    public static final String CREDENTIALS_ALIAS = "mars.rpc.secret";
    /**
     * Without YARN (a standalone supervisor, its workers and clients): the file holding the shared secret, default
     * {@code ~/.mars/secret}. Its text (trimmed, at least 16 bytes) is the secret; the supervisor creates it, readable
     * by its owner only, when it does not exist.
     */
    public static final String FILE_PROPERTY = "mars.rpc.secret-file";
    static final String HEADER = "x-mars-auth";
    private static final int BYTES = 32;

    private final byte[] secret;
    private final String token;

    private RpcSecret(byte[] secret) {
        if (secret.length < 16) {
            throw new MarsException(ErrorCode.INVALID_CONFIG, "an RPC secret needs at least 16 bytes, got " + secret.length);
        }
        this.secret = secret.clone();
        this.token = derive(this.secret);
    }

    public static RpcSecret generate() {
        byte[] b = new byte[BYTES];
        new SecureRandom().nextBytes(b);
        return new RpcSecret(b);
    }

    public static RpcSecret of(byte[] secret) {
        return new RpcSecret(secret);
    }

    /** {@value #FILE_PROPERTY}'s default: {@code .mars/secret} in the user's home directory. */
    public static Path defaultFile() {
        return Path.of(System.getProperty("user.home"), ".mars", "secret");
    }

    /**
     * The secret file a setting names: {@link #defaultFile()} when {@code value} is null or blank, a leading
     * {@code ~/} meaning the home directory.
     */
    public static Path file(String value) {
        if (value == null || value.isBlank()) {
            return defaultFile();
        }
        String v = value.trim();
        return v.startsWith("~/") ? Path.of(System.getProperty("user.home"), v.substring(2)) : Path.of(v);
    }

    /** The secret in {@code file}; UNAUTHENTICATED naming the file and what to do when it is missing or unusable. */
    public static RpcSecret readFile(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8).trim();
        } catch (IOException e) {
            throw new MarsException(ErrorCode.UNAUTHENTICATED, "cannot read the shared secret file " + file + " ("
                    + e + "); give every process the file the supervisor uses (" + FILE_PROPERTY + " or "
                    + "--secret-file; the supervisor creates it when it starts)", e);
        }
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        if (bytes.length < 16) {
            throw new MarsException(ErrorCode.UNAUTHENTICATED, "the shared secret file " + file + " holds "
                    + bytes.length + " bytes; a secret needs at least 16 (delete the file and let the supervisor "
                    + "create a new one)");
        }
        return new RpcSecret(bytes);
    }

    /**
     * The secret in {@code file}, which is created first with a fresh random secret (mode 600, its directory made if
     * missing) when it does not exist. A file that others may read is used but named in {@code warnings}.
     */
    public static RpcSecret readOrCreateFile(Path file, java.util.function.Consumer<String> warnings) {
        if (!Files.exists(file)) {
            String text = Base64.getEncoder().encodeToString(generate().secret) + "\n";
            try {
                Path dir = file.toAbsolutePath().getParent();
                if (dir != null) {
                    Files.createDirectories(dir);
                }
                Files.createFile(file, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
                Files.writeString(file, text, StandardCharsets.UTF_8);
            } catch (FileAlreadyExistsException raced) {
                // another process made it first: use theirs
            } catch (IOException | UnsupportedOperationException e) {
                throw new MarsException(ErrorCode.FILE_IO_FAILED, "cannot create the shared secret file " + file
                        + " (" + e + "); give " + FILE_PROPERTY + " (or --secret-file) a path you can write", e);
            }
        }
        try {
            Set<PosixFilePermission> mode = Files.getPosixFilePermissions(file);
            if (!OWNER_ONLY.containsAll(mode)) {
                warnings.accept("the shared secret file " + file + " is readable by others ("
                        + PosixFilePermissions.toString(mode) + "); chmod 600 it");
            }
        } catch (IOException | UnsupportedOperationException e) {
            // no POSIX modes here (or the file went): reading it below reports what matters
        }
        return readFile(file);
    }

    private static final Set<PosixFilePermission> OWNER_ONLY =
            Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);

    public byte[] bytes() {
        return secret.clone();
    }

    /** The token calls carry in the {@value #HEADER} header. */
    String token() {
        return token;
    }

    /** Constant-time comparison of a presented token with ours. */
    boolean accepts(String presented) {
        return presented != null && MessageDigest.isEqual(token.getBytes(StandardCharsets.US_ASCII),
                presented.getBytes(StandardCharsets.US_ASCII));
    }

    private static String derive(byte[] secret) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret, "HmacSHA256"));
            return Base64.getEncoder().encodeToString(mac.doFinal("mars-rpc-v1".getBytes(StandardCharsets.US_ASCII)));
        } catch (GeneralSecurityException e) {
            throw new MarsException(ErrorCode.INTERNAL_ERROR, "HmacSHA256 is not available: " + e, e);
        }
    }

    @Override
    public String toString() {
        return "RpcSecret[hidden]";
    }
}
