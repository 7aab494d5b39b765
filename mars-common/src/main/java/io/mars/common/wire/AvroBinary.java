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

    static <T extends SpecificRecord> byte[] write(T record) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(256);
        BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
        try {
            new SpecificDatumWriter<T>(record.getSchema()).write(record, encoder);
            encoder.flush();
        } catch (IOException | RuntimeException e) {
            throw new MarsException(ErrorCode.SERIALIZATION_FAILED,
                    "cannot encode " + record.getSchema().getName() + ": " + e, e);
        }
        return out.toByteArray();
    }

    /**
     * Decodes a whole byte array as one {@code type}; with {@code versioned}, first checks the leading format version.
     */
    static <T extends SpecificRecord> T read(byte[] bytes, Class<T> type, boolean versioned) {
        String what = type.getSimpleName();
        try {
            if (versioned) {
                int version = DecoderFactory.get().binaryDecoder(bytes, null).readInt();
                if (version != FORMAT_VERSION) {
                    throw new MarsException(ErrorCode.SERIALIZATION_FAILED, "cannot decode " + what + ": format version "
                            + version + ", this reader understands version " + FORMAT_VERSION);
                }
            }
            BinaryDecoder decoder = DecoderFactory.get().binaryDecoder(bytes, null);
            T record = new SpecificDatumReader<>(type).read(null, decoder);
            if (!decoder.isEnd()) {
                throw new MarsException(ErrorCode.SERIALIZATION_FAILED,
                        "cannot decode " + what + ": bytes left over after the record");
            }
            return record;
        } catch (MarsException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw new MarsException(ErrorCode.SERIALIZATION_FAILED, "cannot decode " + what + " from "
                    + bytes.length + " bytes: " + e, e);
        }
    }
}
