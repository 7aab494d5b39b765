package io.mars.common.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Random;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.util.HadoopCodecs;
import org.junit.jupiter.api.Test;
import org.xerial.snappy.Snappy;

class SnappyPageCodecsTest {
    private static final CompressionCodecFactory CODECS = new SnappyPageCodecs(
            HadoopCodecs.newFactory(new org.apache.hadoop.conf.Configuration(false), 0));

    /** Bytes that compress somewhat: runs and noise, as a page of numbers. */
    private static byte[] page(int n, long seed) {
        Random r = new Random(seed);
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (i % 97 < 40 ? i % 7 : r.nextInt(256));
        }
        return b;
    }

    @Test
    void aSnappyPageDecompressesFromAnArrayAViewAndADirectBuffer() throws IOException {
        byte[] raw = page(100_000, 1);
        byte[] compressed = Snappy.compress(raw);
        CompressionCodecFactory.BytesInputDecompressor d = CODECS.getDecompressor(CompressionCodecName.SNAPPY);
        assertThat(d.decompress(BytesInput.from(compressed), raw.length).toByteArray()).isEqualTo(raw);
        // a view inside a larger array, as a page inside the column chunk read
        byte[] chunk = new byte[compressed.length + 20];
        System.arraycopy(compressed, 0, chunk, 13, compressed.length);
        ByteBuffer view = ByteBuffer.wrap(chunk, 13, compressed.length).slice();
        assertThat(d.decompress(BytesInput.from(view), raw.length).toByteArray()).isEqualTo(raw);
        ByteBuffer direct = ByteBuffer.allocateDirect(compressed.length).put(compressed).flip();
        assertThat(d.decompress(BytesInput.from(direct), raw.length).toByteArray()).isEqualTo(raw);
        ByteBuffer out = ByteBuffer.allocate(raw.length);
        d.decompress(ByteBuffer.wrap(compressed), compressed.length, out, raw.length);
        assertThat(out.array()).isEqualTo(raw);
    }

    @Test
    void aPageWhoseSizeDisagreesWithItsHeaderFails() throws IOException {
        byte[] raw = page(5_000, 2);
        byte[] compressed = Snappy.compress(raw);
        CompressionCodecFactory.BytesInputDecompressor d = CODECS.getDecompressor(CompressionCodecName.SNAPPY);
        assertThatThrownBy(() -> d.decompress(BytesInput.from(compressed), raw.length + 8))
                .isInstanceOf(IOException.class).hasMessageContaining(String.valueOf(raw.length));
    }

    @Test
    void otherCodecsAreParquetHadoops() throws IOException {
        byte[] raw = page(50_000, 3);
        BytesInput gz = CODECS.getCompressor(CompressionCodecName.GZIP).compress(BytesInput.from(raw));
        byte[] compressed = gz.toByteArray();
        assertThat(compressed.length).isLessThan(raw.length);
        assertThat(CODECS.getDecompressor(CompressionCodecName.GZIP).decompress(BytesInput.from(compressed),
                raw.length).toByteArray()).isEqualTo(raw);
        assertThat(CODECS.getDecompressor(CompressionCodecName.UNCOMPRESSED).decompress(BytesInput.from(raw),
                raw.length).toByteArray()).isEqualTo(raw);
        CODECS.release();
    }
}
