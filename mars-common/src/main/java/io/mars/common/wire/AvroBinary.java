package io.mars.common.wire;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.avro.specific.SpecificRecord;

/**
 * Avro binary encoding of generated records. Top-level records start with an int {@code formatVersion}, which is
 * read on its own before the rest, so a reader meeting another format fails with a clear message instead of garbage.
 */
final class AvroBinary {
    /** The format version written as the first field of every top-level record. */
    static final int FORMAT_VERSION = 1;

    private AvroBinary() {
    }

    /** Writes the body of one top-level value onto an encoder. */
    interface Body {
        void write(BinaryEncoder encoder) throws IOException;
    }

    /** Reads one top-level value from a decoder. */
    interface Parser<T> {
        T read(BinaryDecoder decoder) throws IOException;
    }

    static <T extends SpecificRecord> byte[] write(T record) {
        return write(record.getSchema().getName(), e -> new SpecificDatumWriter<T>(record.getSchema()).write(record, e));
    }

    static byte[] write(String what, Body body) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(4096);
        BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
        try {
            body.write(encoder);
            encoder.flush();
        } catch (MarsException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw new MarsException(ErrorCode.SERIALIZATION_FAILED, "cannot encode " + what + ": " + e, e);
        }
        return out.toByteArray();
    }

    /**
     * Decodes a whole byte array as one {@code type}; with {@code versioned}, first checks the leading format version.
     */
    static <T extends SpecificRecord> T read(byte[] bytes, Class<T> type, boolean versioned) {
        if (versioned) {
            checkVersion(bytes, type.getSimpleName());
        }
        return read(bytes, type.getSimpleName(), d -> new SpecificDatumReader<>(type).read(null, d));
    }

    /** Decodes a whole byte array with {@code parser}; bytes left over are an error. */
    static <T> T read(byte[] bytes, String what, Parser<T> parser) {
        try {
            BinaryDecoder decoder = DecoderFactory.get().binaryDecoder(bytes, null);
            T value = parser.read(decoder);
            if (!decoder.isEnd()) {
                throw new MarsException(ErrorCode.SERIALIZATION_FAILED,
                        "cannot decode " + what + ": bytes left over after the record");
            }
            return value;
        } catch (MarsException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw new MarsException(ErrorCode.SERIALIZATION_FAILED, "cannot decode " + what + " from "
                    + bytes.length + " bytes: " + e, e);
        }
    }

    /** Checks the leading int of a top-level record before anything else is decoded. */
    static void checkVersion(byte[] bytes, String what) {
        int version;
        try {
            version = DecoderFactory.get().binaryDecoder(bytes, null).readInt();
        } catch (IOException | RuntimeException e) {
            throw new MarsException(ErrorCode.SERIALIZATION_FAILED, "cannot decode " + what + " from "
                    + bytes.length + " bytes: no format version: " + e, e);
        }
        checkVersion(version, what);
    }

    static void checkVersion(int version, String what) {
        if (version != FORMAT_VERSION) {
            throw new MarsException(ErrorCode.SERIALIZATION_FAILED, "cannot decode " + what + ": format version "
                    + version + ", this reader understands version " + FORMAT_VERSION);
        }
    }
}
