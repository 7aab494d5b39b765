package io.mars.common.rpc.flight;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The per-application secret every RPC and data request must prove. {@code mars-submit} creates it and ships it in the
 * YARN credentials; calls carry a token derived from it (an HMAC), so the secret itself never crosses the wire.
 */
public final class RpcSecret {
    /** The alias of the secret in the YARN credentials of the AM, the workers and a connecting client. */
    public static final String CREDENTIALS_ALIAS = "mars.rpc.secret";
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
