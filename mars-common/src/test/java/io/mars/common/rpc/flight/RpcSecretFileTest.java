package io.mars.common.rpc.flight;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RpcSecretFileTest {
    @TempDir
    Path tmp;

    @Test
    void aMissingFileIsCreatedForItsOwnerOnlyAndReadBackTheSame() throws Exception {
        Path file = tmp.resolve("dir/secret");
        List<String> warnings = new ArrayList<>();
        RpcSecret made = RpcSecret.readOrCreateFile(file, warnings::add);

        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        assertThat(warnings).isEmpty();
        assertThat(RpcSecret.readFile(file).token()).isEqualTo(made.token());
        assertThat(RpcSecret.readOrCreateFile(file, warnings::add).token()).as("kept, not replaced")
                .isEqualTo(made.token());
        Path other = tmp.resolve("other");
        assertThat(RpcSecret.readOrCreateFile(other, warnings::add).token()).isNotEqualTo(made.token());
    }

    @Test
    void aFileOthersCanReadIsUsedWithAWarning() throws Exception {
        Path file = tmp.resolve("shared");
        Files.writeString(file, "a secret of more than sixteen bytes\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        List<String> warnings = new ArrayList<>();

        RpcSecret secret = RpcSecret.readOrCreateFile(file, warnings::add);

        assertThat(secret.token()).isEqualTo(RpcSecret.of("a secret of more than sixteen bytes".getBytes()).token());
        assertThat(warnings).singleElement().asString().contains(file.toString()).contains("chmod 600");
    }

    @Test
    void aMissingOrShortFileIsRefusedNamingIt() throws Exception {
        Path missing = tmp.resolve("missing");
        assertThatThrownBy(() -> RpcSecret.readFile(missing))
                .isInstanceOfSatisfying(MarsException.class, e -> assertThat(e.code()).isEqualTo(
                        ErrorCode.UNAUTHENTICATED))
                .hasMessageContaining(missing.toString());
        Path shortFile = tmp.resolve("short");
        Files.writeString(shortFile, "  tiny \n");
        assertThatThrownBy(() -> RpcSecret.readFile(shortFile)).hasMessageContaining("holds 4 bytes");
    }

    @Test
    void aSettingNamesTheFileWithTildeAsHome() {
        String home = System.getProperty("user.home");
        assertThat(RpcSecret.file(null)).isEqualTo(Path.of(home, ".mars", "secret"));
        assertThat(RpcSecret.file(" ")).isEqualTo(RpcSecret.defaultFile());
        assertThat(RpcSecret.file("~/s/x")).isEqualTo(Path.of(home, "s", "x"));
        assertThat(RpcSecret.file("/etc/mars/secret")).isEqualTo(Path.of("/etc/mars/secret"));
    }
}
