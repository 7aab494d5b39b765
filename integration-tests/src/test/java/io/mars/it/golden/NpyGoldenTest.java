package io.mars.it.golden;

import static io.mars.tensor.Tensors.chunks;
import static io.mars.tensor.Tensors.shape;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mars.Session;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import io.mars.types.ChunkSpec;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import io.mars.types.Npy;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code Tensors.fromNpy} reads the files {@code numpy.save} wrote (every dtype, 0-d, empty, format 1.0 and 2.0),
 * chunk by chunk, and {@link Npy#write} writes the very bytes numpy does; a Java write then read gives back the
 * tensor. Files: {@code golden_creation-random.py}.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class NpyGoldenTest {
    @RegisterExtension
    static final SharedSession CLUSTER = SharedSession.local(2);
    @TempDir
    static Path dir;

    private static Session session() {
        return CLUSTER.session();
    }

    static List<String> files() {
        return CreationGoldenCases.MANIFEST.lines("npy/index.txt").stream().filter(s -> !s.isBlank()).toList();
    }

    static Stream<Arguments> filesAndChunkings() {
        return Chunking.casesWithChunkings(files(), name -> List.of(numpyArray(name).shape()), name -> false);
    }

    private static byte[] numpyBytes(String name) {
        String path = CreationGoldenCases.MANIFEST.root() + "npy/" + name + ".npy";
        try (InputStream in = NpyGoldenTest.class.getResourceAsStream(path)) {
            assertThat(in).as("resource npy/%s.npy", name).isNotNull();
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static NDArray numpyArray(String name) {
        return NpyReader.read(numpyBytes(name), name);
    }

    /** The numpy file copied to the temp dir (test resources may live in a jar). */
    private static Path numpyFile(String name) throws IOException {
        Path p = dir.resolve(name + ".npy");
        if (!Files.exists(p)) {
            Files.write(p, numpyBytes(name));
        }
        return p;
    }

    @ParameterizedTest(name = "{0} [{1}]")
    @MethodSource("filesAndChunkings")
    void readsWhatNumpySavedWhateverTheChunking(String name, Chunking chunking) throws IOException {
        NDArray expected = numpyArray(name);
        Tensor t = Tensors.fromNpy(numpyFile(name).toString(), chunking.forOperand(0, expected.shape()));

        assertThat(t.dtype()).isEqualTo(expected.dtype());
        assertThat(t.shape()).containsExactly(expected.shape());
        NDArray actual = t.execute(session());
        assertThat(actual.contentEquals(expected)).as("%s read with %s: %s vs %s", name, chunking, actual, expected)
                .isTrue();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void writesTheBytesNumpyWrites(String name) throws IOException {
        byte[] numpy = numpyBytes(name);
        boolean version1 = numpy[6] == 1;
        Path out = dir.resolve("java-" + name + ".npy");

        Npy.write(numpyArray(name), out);

        if (version1) {
            assertThat(Files.readAllBytes(out)).as("bytes of %s", name).isEqualTo(numpy);
        } else {
            // numpy was asked for format 2.0 on a small array; Java writes 1.0 as numpy.save would, same data
            NDArray back = Npy.read(out);
            assertThat(back.contentEquals(numpyArray(name))).isTrue();
        }
    }

    @Test
    void readsAFileURI() throws IOException {
        Path p = numpyFile("int16_v2");
        NDArray a = Tensors.fromNpy(p.toUri().toString(), chunks(30)).execute(session());
        assertThat(a.contentEquals(numpyArray("int16_v2"))).isTrue();
    }

    @Test
    void roundTripsEveryDtypeThroughJavaWriteAndRead() {
        for (DataType dtype : DataType.values()) {
            NDArray values = Tensors.arange(-20, 40, 1, chunks(7)).reshape(3, 4, 5).execute(session()).astype(dtype);
            Path p = dir.resolve("roundtrip-" + dtype + ".npy");
            Tensors.toNpy(Tensors.array(values, chunks(2)), p.toString(), session());

            NDArray back = Tensors.fromNpy(p.toString(), ChunkSpec.of(2, 3, 2)).execute(session());
            assertThat(back.contentEquals(values)).as("%s round trip: %s vs %s", dtype, back, values).isTrue();
        }
    }

    @Test
    void roundTripsRandomDataInManyChunks() {
        Tensor r = Tensors.random(5).randn(shape(101, 37), chunks(10, 8));
        NDArray values = r.execute(session());
        Path p = dir.resolve("randn.npy");
        Tensors.toNpy(r, p.toString(), session());

        NDArray back = Tensors.fromNpy(p.toString(), chunks(13, 5)).execute(session());
        assertThat(back.contentEquals(values)).isTrue();
    }

    @Test
    void rejectsAMissingFileNamingIt() {
        String missing = dir.resolve("nope.npy").toString();
        assertThatThrownBy(() -> Tensors.fromNpy(missing)).isInstanceOfSatisfying(MarsException.class, e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
            assertThat(e.getMessage()).contains("nope.npy");
        });
    }

    @Test
    void rejectsAFileThatIsNotNpy() throws IOException {
        Path p = dir.resolve("text.npy");
        Files.writeString(p, "hello, not numpy");
        assertThatThrownBy(() -> Tensors.fromNpy(p.toString())).isInstanceOfSatisfying(MarsException.class, e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
            assertThat(e.getMessage()).contains("text.npy").contains("not a .npy file");
        });
    }

    @Test
    void rejectsATruncatedFileNamingTheSizes() throws IOException {
        byte[] full = numpyBytes("float64_100x3");
        Path p = dir.resolve("cut.npy");
        Files.write(p, Arrays.copyOf(full, full.length - 8));
        assertThatThrownBy(() -> Tensors.fromNpy(p.toString())).isInstanceOfSatisfying(MarsException.class, e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
            assertThat(e.getMessage()).contains("cut.npy").contains("2400").contains("2392");
        });
    }

    @Test
    void rejectsBigEndianAndFortranOrderedFiles() throws IOException {
        byte[] bytes = numpyBytes("float64_7");
        String header = new String(bytes, 0, 128, java.nio.charset.StandardCharsets.ISO_8859_1);
        Path big = dir.resolve("big.npy");
        Files.write(big, header.replace("'<f8'", "'>f8'").getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        Path fortran = dir.resolve("fortran.npy");
        Files.write(fortran, header.replace("False", "True ").getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));

        assertThatThrownBy(() -> Tensors.fromNpy(big.toString())).isInstanceOfSatisfying(MarsException.class, e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.UNSUPPORTED_DTYPE);
            assertThat(e.getMessage()).contains(">f8").contains("big-endian");
        });
        assertThatThrownBy(() -> Tensors.fromNpy(fortran.toString())).isInstanceOfSatisfying(MarsException.class,
                e -> assertThat(e.code()).isEqualTo(ErrorCode.NOT_SUPPORTED));
    }

    @Test
    void rejectsNonLocalFileSystemsAsNotSupportedYet() {
        for (String path : List.of("hdfs://namenode:8020/data/a.npy", "s3a://bucket/a.npy")) {
            assertThatThrownBy(() -> Tensors.fromNpy(path)).isInstanceOfSatisfying(MarsException.class, e -> {
                assertThat(e.code()).isEqualTo(ErrorCode.NOT_SUPPORTED);
                assertThat(e.getMessage()).contains(path);
            });
            Tensor t = Tensors.ones(shape(3));
            assertThatThrownBy(() -> Tensors.toNpy(t, path, session())).isInstanceOfSatisfying(MarsException.class,
                    e -> assertThat(e.code()).isEqualTo(ErrorCode.NOT_SUPPORTED));
        }
    }
}
