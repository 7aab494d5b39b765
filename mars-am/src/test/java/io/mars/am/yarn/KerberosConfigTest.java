package io.mars.am.yarn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hdfs.security.token.delegation.DelegationTokenIdentifier;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.security.token.Token;
import org.apache.hadoop.security.token.TokenIdentifier;
import org.junit.jupiter.api.Test;

/**
 * The Kerberos settings (a principal and a keytab together, or neither) and when the AM obtains new delegation
 * tokens: at three quarters of the time left before the first token ends, its maximum lifetime or its renew interval.
 */
class KerberosConfigTest {
    @Test
    void aPrincipalWithoutAKeytabOrTheReverseIsRefusedNamingWhatIsMissing() {
        assertThatThrownBy(() -> KerberosConfig.from(Map.of(KerberosConfig.PRINCIPAL, "etl@EXAMPLE.COM")))
                .isInstanceOf(MarsException.class)
                .satisfies(e -> assertThat(((MarsException) e).code()).isEqualTo(ErrorCode.INVALID_CONFIG))
                .hasMessageContaining("mars.yarn.principal=etl@EXAMPLE.COM without mars.yarn.keytab");
        assertThatThrownBy(() -> KerberosConfig.from(Map.of(KerberosConfig.KEYTAB, "/k/etl.keytab")))
                .hasMessageContaining("mars.yarn.keytab=/k/etl.keytab without mars.yarn.principal");
        assertThatThrownBy(() -> KerberosConfig.from(Map.of(KerberosConfig.POLL_INTERVAL, "50")))
                .hasMessageContaining("mars.yarn.credentials.poll-interval-ms must be at least 100 ms, got 50");
        KerberosConfig both = KerberosConfig.from(Map.of(KerberosConfig.PRINCIPAL, " etl@EXAMPLE.COM ",
                KerberosConfig.KEYTAB, "/k/etl.keytab", KerberosConfig.POLL_INTERVAL, "2000"));
        assertThat(both.hasKeytab()).isTrue();
        assertThat(both.principal()).contains("etl@EXAMPLE.COM");
        assertThat(both.pollInterval().toMillis()).isEqualTo(2000);
        assertThat(KerberosConfig.from(Map.of(KerberosConfig.PRINCIPAL, " ", KerberosConfig.KEYTAB, "")).hasKeytab())
                .isFalse();
    }

    @Test
    void renewalComesAtThreeQuartersOfTheTimeLeftBeforeTheFirstTokenEnds() {
        long now = 1_000_000_000L;
        long day = 24L * 3600 * 1000;
        // issued now, max lifetime 7 days, renew interval 1 day: it ends in a day
        Token<? extends TokenIdentifier> week = token(now, now + 7 * day);
        assertThat(CredentialRenewer.delayMs(List.of(week), now, day)).isEqualTo(day * 3 / 4);
        // a token whose maximum lifetime ends first wins, whatever the order
        Token<? extends TokenIdentifier> short20s = token(now - 10_000, now + 20_000);
        assertThat(CredentialRenewer.delayMs(List.of(week, short20s), now, day)).isEqualTo(15_000);
        // one already past its end: as soon as allowed
        assertThat(CredentialRenewer.delayMs(List.of(token(now - 50_000, now - 1)), now, day)).isEqualTo(1000);
    }

    @Test
    void withoutDelegationTokensTheRenewerLooksAgainInAMinute() {
        Token<TokenIdentifier> opaque = new Token<>(new byte[] {1}, new byte[] {2}, new Text("SOMETHING_ELSE"),
                new Text("svc"));
        assertThat(CredentialRenewer.delayMs(List.of(opaque), 0, 1000)).isEqualTo(60_000);
        assertThat(CredentialRenewer.delayMs(List.of(), 0, 1000)).isEqualTo(60_000);
    }

    private static Token<? extends TokenIdentifier> token(long issued, long maxDate) {
        DelegationTokenIdentifier id = new DelegationTokenIdentifier(new Text("alice"), new Text("rm"),
                new Text("alice"));
        id.setIssueDate(issued);
        id.setMaxDate(maxDate);
        return new Token<>(id.getBytes(), new byte[] {9}, id.getKind(), new Text("nn:8020"));
    }
}
