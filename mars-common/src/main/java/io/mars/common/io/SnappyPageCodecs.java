package io.mars.common.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.xerial.snappy.Snappy;

/**
 * The page codecs of a Parquet read: Snappy pages decompressed in one call from the page's bytes into the page's own
 * array, every other codec as parquet-hadoop does it. parquet-hadoop decompresses a Snappy page through a stream: the
 * compressed bytes are copied into a direct buffer, decompressed into another, and copied out again into an array
 * allocated as the page is read (Snappy is what Mars, Spark and pyarrow write by default).
 */
final class SnappyPageCodecs implements CompressionCodecFactory {
    private final CompressionCodecFactory others;

    SnappyPageCodecs(CompressionCodecFactory others) {
        this.others = others;
    }

    @Override
    public BytesInputCompressor getCompressor(CompressionCodecName codec) {
        return others.getCompressor(codec);
    }

    @Override
    public BytesInputDecompressor getDecompressor(CompressionCodecName codec) {
        return codec == CompressionCodecName.SNAPPY ? SNAPPY : others.getDecompressor(codec);
    }

    @Override
    public void release() {
        others.release();
    }

    private static final BytesInputDecompressor SNAPPY = new BytesInputDecompressor() {
        @Override
        public BytesInput decompress(BytesInput bytes, int uncompressedSize) throws IOException {
            return BytesInput.from(uncompress(bytes.toByteBuffer(), uncompressedSize));
        }

        @Override
        public void decompress(ByteBuffer input, int compressedSize, ByteBuffer output, int uncompressedSize)
                throws IOException {
            ByteBuffer in = input.duplicate();
            in.limit(in.position() + compressedSize);
            output.put(uncompress(in, uncompressedSize));
        }

        @Override
        public void release() {
        }
    };

    /**
     * The {@code size} bytes that the Snappy bytes {@code in} hold: read in place when {@code in} is a view of an
     * array (the chunk read, when the page is in one buffer), else copied out first.
     */
    private static byte[] uncompress(ByteBuffer in, int size) throws IOException {
        byte[] out = new byte[size];
        int n;
        if (in.hasArray()) {
            n = Snappy.uncompress(in.array(), in.arrayOffset() + in.position(), in.remaining(), out, 0);
        } else {
            byte[] compressed = new byte[in.remaining()];
            in.duplicate().get(compressed);
            n = Snappy.uncompress(compressed, 0, compressed.length, out, 0);
        }
        if (n != size) {
            throw new IOException("a Snappy page decompressed to " + n + " bytes, its header says " + size);
        }
        return out;
    }
}
