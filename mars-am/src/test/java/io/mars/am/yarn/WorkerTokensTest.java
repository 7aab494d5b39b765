package io.mars.am.yarn;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.common.rpc.flight.RpcSecret;
import java.nio.ByteBuffer;
import org.apache.hadoop.io.DataInputByteBuffer;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.security.Credentials;
import org.apache.hadoop.security.token.Token;
import org.apache.hadoop.yarn.security.AMRMTokenIdentifier;
import org.junit.jupiter.api.Test;

/** What a worker container gets in its credentials: everything of the AM's but the AMRMToken, plus the app secret. */
class WorkerTokensTest {
    @Test
    void workerCredentialsHoldTheSecretAndOtherTokensButNoAmrmToken() throws Exception {
        Credentials am = new Credentials();
        am.addToken(new Text("amrm"), new Token<>(new byte[] {1}, new byte[] {2}, AMRMTokenIdentifier.KIND_NAME,
                new Text("rm:8030")));
        Text hdfsKind = new Text("HDFS_DELEGATION_TOKEN");
        am.addToken(new Text("hdfs"), new Token<>(new byte[] {3}, new byte[] {4}, hdfsKind, new Text("nn:8020")));
        byte[] secret = RpcSecret.generate().bytes();

        ByteBuffer tokens = WorkerContainers.workerTokens(am, secret);

        Credentials worker = new Credentials();
        DataInputByteBuffer in = new DataInputByteBuffer();
        in.reset(tokens);
        worker.readTokenStorageStream(in);
        assertThat(worker.getAllTokens()).extracting(Token::getKind).containsExactly(hdfsKind);
        assertThat(worker.getSecretKey(new Text(RpcSecret.CREDENTIALS_ALIAS))).isEqualTo(secret);
        // the AM's own credentials are untouched
        assertThat(am.getAllTokens()).hasSize(2);
    }
}
